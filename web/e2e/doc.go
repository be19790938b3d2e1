// Package e2e holds the browser tests: they run the site that `make web`
// builds (and the single file of `make single`) in headless Chromium
// through chromedp. They are test files only, behind the e2e build tag
// (and soak for the soak test); `make test-e2e`, `make soak` and
// `make screenshots` run them.
//
// They live apart from package web so that the server (web, web/cmd/serve,
// web/cmd/site) imports nothing of vnodes/sim or vnodes/render, tests
// included: these tests read the app's state through render/view and sim,
// and serve the site with web.Handler. go test runs them with web/e2e as
// the working directory, so the paths they use (../site, ../../bin,
// ../../docs/screens) are relative to it.
package e2e
