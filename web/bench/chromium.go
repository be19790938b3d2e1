package bench

import "github.com/chromedp/chromedp"

// ChromiumOptions are the flags every headless Chromium of the project runs
// with (the browser tests and browserbench): the binary at path with a fresh
// profile, software WebGL (there is no GPU), no background traffic, and
// animation frames that keep coming in any tab, in a w x h window.
func ChromiumOptions(path, profile string, w, h int) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.Flag("headless", "new"),
		chromedp.NoSandbox,
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.WindowSize(w, h),
	}
}
