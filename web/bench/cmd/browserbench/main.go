// Command browserbench measures issue 9's browser figures in one headless
// Chromium: Go time per changed frame while a scripted hand drags the V
// slider, the gaps between animation frames while large links are worked
// out in the background (N=1000 with V=4096, the replicas view at N=100,
// V=256 with three nodes down, the hashes view with a million keys on 100
// nodes), the bytes of the .wasm as the
// browser received it, and the time to the first frame, each against its
// budget. The download and first-frame budgets are ratios to a blank
// ebiten + ebitenui program (../../blank) measured in the same run.
//
// It builds nothing: `make bench` builds the site (make web) and the blank
// site, then runs
//
//	browserbench -site web/site -blank bin/bench/blank-site -json bin/bench/browser.json
//
// Both sites are served by web.Handler, as `make serve` serves the app
// (brotli and gzip copies), and both are built by the app's site builder
// (web/cmd/site), so the two programs reach the page alike: served raw, the
// blank skipped the brotli decoding the app's transfer pays for, which was
// a tenth of its first frame on this machine. Both listen on 127.0.0.1 only. The rows go to -json for cmd/benchtable and, as a table,
// to standard output.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/view/state"
	"vnodes/web"
	"vnodes/web/bench"
)

// Budgets (issues 9 and 38), as ratios to the blank program measured in
// the same run where they can be.
const (
	p95BudgetN10  = 4.0   // ms of Go time per changed frame, dragging at N=10
	p95BudgetN50  = 6.0   // the same at N=50
	gapBudget     = 100.0 // ms between animation frames while working in the background
	transferRatio = 1.3   // the .wasm's transfer against the blank program's brotli-11 size
	firstRatio    = 1.2   // first frame against the blank program's, in every language measured
	dragRatio     = 0.8   // frames a second while V is dragged, against the blank's full redraws
	taskSlack     = 50.0  // ms a main-thread task may run past the blank program's longest
)

// The e2e tests' window; the layout depends on it, so the drag does too.
const viewportW, viewportH = 1600, 900

func main() {
	site := flag.String("site", "web/site", "the built site (make web)")
	blank := flag.String("blank", "bin/bench/blank-site", "the blank program's site, built as the app's is (make blank-site)")
	jsonOut := flag.String("json", "", "write the rows here as JSON, for benchtable")
	loads := flag.Int("loads", 5, "fresh loads of each program for the first-frame medians")
	langs := flag.String("langs", "en,de", "the app's languages to time the first frame in (en: no lang= in the link), comma-separated")
	steps := flag.Int("steps", 160, "mouse moves in each drag across the slider, one frame apart")
	chromiumPath := flag.String("chromium", "chromium", "the browser to run")
	only := flag.String("only", "first,drag,large", "which measurements to make, comma-separated: first (first frame and download), drag, large")
	dump := flag.String("dump", "", "write each page's raw probe data (frame times, long tasks) as JSON into this folder")
	pin := flag.Bool("pin", false, "keep Chromium's GPU process off the first CPU and its pages on it, as a stand-in for a real GPU (Linux; a diagnosis, not what make bench measures)")
	profileDir := flag.String("profile", "", "profile the first frame, each drag and the largest link with V8's sampler into this folder (build the .wasm without -s -w to see Go's names)")
	flag.Parse()

	b, err := newBench(*site, *blank, *chromiumPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browserbench:", err)
		os.Exit(1)
	}
	defer b.close()
	b.dumpDir, b.profileDir = *dump, *profileDir
	if *pin {
		stop := make(chan struct{})
		defer close(stop)
		if !pinProcesses(b.browserPID(), stop) {
			fmt.Fprintln(os.Stderr, "browserbench: -pin needs Linux, two CPUs or more, and the browser's process id")
			os.Exit(2)
		}
		b.pinned = true
	}
	parts := map[string]bool{}
	for p := range strings.SplitSeq(*only, ",") {
		parts[strings.TrimSpace(p)] = true
	}
	b.langs = strings.Split(*langs, ",")
	rows, err := b.run(parts, *loads, *steps)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browserbench:", err)
		os.Exit(1)
	}
	if *jsonOut != "" {
		out, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(*jsonOut, append(out, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "browserbench:", err)
			os.Exit(1)
		}
	}
	_ = bench.WriteTable(os.Stdout, rows)
}

type benchRun struct {
	siteDir, blankDir string
	appURL, blankURL  string
	servers           []*http.Server
	browser           context.Context
	closeBrowser      func()
	wasmSeen          struct {
		sync.Mutex
		accept, sent string // Accept-Encoding of the .wasm request, Content-Encoding of the reply
	}
	busy       string // other browsers running when we started, if any
	dumpDir    string
	profileDir string
	startups   *firstFrameResult // the fresh loads, for comparison later
	langs      []string          // the app's languages for the first frame
	pinned     bool              // -pin: the GPU process has CPUs of its own
	blankFPS   float64           // the blank program's frames a second under the drag's mouse moves
}

// browserPID is our Chromium's process id.
func (b *benchRun) browserPID() int {
	if c := chromedp.FromContext(b.browser); c != nil && c.Browser != nil {
		if p := c.Browser.Process(); p != nil {
			return p.Pid
		}
	}
	return -1
}

func newBench(siteDir, blankDir, chromiumPath string) (*benchRun, error) {
	if err := web.CheckSite(siteDir); err != nil {
		return nil, fmt.Errorf("%v (run make web)", err)
	}
	if err := web.CheckSite(blankDir); err != nil {
		return nil, fmt.Errorf("blank site: %v (make blank-site builds it)", err)
	}
	chromium, err := exec.LookPath(chromiumPath)
	if err != nil {
		return nil, fmt.Errorf("%s not found: install Chromium (make deps, as root)", chromiumPath)
	}
	b := &benchRun{siteDir: siteDir, blankDir: blankDir}
	// Another Chromium shares the two cores with ours; its figures would be
	// noisy, so say so in the table rather than wait for ever.
	b.busy = otherBrowsers()

	appHandler := web.Handler(siteDir)
	record := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		appHandler.ServeHTTP(w, r)
		if web.IsWasmName(strings.TrimPrefix(r.URL.Path, "/")) && r.Method == http.MethodGet {
			b.wasmSeen.Lock()
			b.wasmSeen.accept, b.wasmSeen.sent = r.Header.Get("Accept-Encoding"), w.Header().Get("Content-Encoding")
			b.wasmSeen.Unlock()
		}
	})
	if b.appURL, err = b.serve(record); err != nil {
		return nil, err
	}
	if b.blankURL, err = b.serve(web.Handler(blankDir)); err != nil {
		return nil, err
	}

	profile, err := os.MkdirTemp("", "vnodes-browserbench-")
	if err != nil {
		return nil, err
	}
	opts := bench.ChromiumOptions(chromium, profile, viewportW, viewportH)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b.closeBrowser = func() { cancel(); cancelAlloc(); os.RemoveAll(profile) }
	if err := chromedp.Run(ctx); err != nil {
		b.closeBrowser()
		return nil, fmt.Errorf("chromium did not start: %w", err)
	}
	b.browser = ctx
	return b, nil
}

func (b *benchRun) serve(h http.Handler) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	b.servers = append(b.servers, srv)
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), nil
}

func (b *benchRun) close() {
	if b.closeBrowser != nil {
		b.closeBrowser()
	}
	for _, s := range b.servers {
		s.Close()
	}
}

// otherBrowsers names Chromium processes already running (not ours: we
// have not started one yet).
func otherBrowsers() string {
	entries, _ := os.ReadDir("/proc")
	n := 0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if args := strings.Split(string(cmd), "\x00"); strings.Contains(filepath.Base(args[0]), "chromium") {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d other Chromium processes were running: browser figures may be noisy", n)
}

func (b *benchRun) run(parts map[string]bool, loads, steps int) ([]bench.Row, error) {
	var rows []bench.Row
	if b.busy != "" {
		logf("%s", b.busy)
		rows = append(rows, bench.Row{Figure: "warning", Measured: b.busy, Budget: "-", Met: bench.Info})
	}
	if b.pinned {
		rows = append(rows, bench.Row{Figure: "pinned (-pin)", Measured: "Chromium's GPU process on CPUs 1 and up, its pages on CPU 0: not the figures make bench reports", Budget: "-", Met: bench.Info})
	}
	if parts["first"] {
		logf("first frames: %d fresh loads of each program (and one of each first, not counted)", loads)
		ff, err := b.firstFrames(loads)
		if err != nil {
			return nil, fmt.Errorf("first frames: %w", err)
		}
		tr, err := b.transferRows(ff.appWasm)
		if err != nil {
			return nil, err
		}
		rows = append(rows, tr...)
		rows = append(rows, ff.rows()...)
	}
	if parts["drag"] {
		logf("the blank program's frame rate under the same drag")
		blankFPS, err := b.blankDragRate(steps)
		if err != nil {
			return nil, fmt.Errorf("the blank's drag: %w", err)
		}
		b.blankFPS = blankFPS
		for _, d := range []struct {
			nodes  int
			budget float64
		}{{10, p95BudgetN10}, {50, p95BudgetN50}} {
			logf("dragging V from 1 to %d at N=%d", view.MaxSliderV, d.nodes)
			r, err := b.drag(d.nodes, steps, d.budget)
			if err != nil {
				return nil, fmt.Errorf("drag at N=%d: %w", d.nodes, err)
			}
			rows = append(rows, r...)
		}
	}
	if parts["large"] {
		for _, l := range []struct {
			name, query string
			nodes, v    int
		}{{"large", "?n=1000&v=4096", 1000, 4096}, {"large-replicas", "?n=100&v=256&rf=3&down=3", 100, 256},
			{"large-hashes", "?n=100&algo=jump&hashkeys=1000000", 100, 1}} {
			logf("working out %s in the background", l.query)
			r, err := b.largest(l.name, l.query, l.nodes, l.v)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", l.query, err)
			}
			rows = append(rows, r...)
		}
	}
	return rows, nil
}

// dump keeps a page's raw data for a closer look (-dump).
func (b *benchRun) dump(name string, v any) {
	if b.dumpDir == "" {
		return
	}
	out, err := json.Marshal(v)
	if err == nil {
		err = writeInto(b.dumpDir, name+".json", out)
	}
	if err != nil {
		logf("dump %s: %v", name, err)
	}
}

// writeInto writes data to dir/file, making dir if need be.
func writeInto(dir, file string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, file), data, 0o644)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "browserbench: "+format+"\n", args...)
}

// probeJS runs in every page before its own scripts. It records the time
// of every animation frame (our callback is asked for first, so it runs
// at the start of each frame, before ebiten's), when #loading goes, when
// the loader starts the Go program, the first animation frame after the
// program's first Draw (its "vnodes:first-draw" mark, which both programs
// make; reading the app's state() instead would time a JSON encoding the
// blank program is never asked for), the same after the first Draw that
// has everything on the first screen ("vnodes:whole-draw": the app draws
// its widgets from the second frame), and the main
// thread's long tasks, which say whether a long gap was the page's own
// work (Go runs on the main thread) or the GPU's and compositor's.
const probeJS = `(() => {
  const probe = window.__bench = { ticks: [], loadingGone: 0, firstFrame: 0, wholeFrame: 0, goStart: 0, longTasks: [] };
  // wasm_exec.js assigns globalThis.Go: catch the class on its way in to
  // note when the loader starts the program (Go's own code from then on).
  let goClass;
  Object.defineProperty(globalThis, "Go", {
    configurable: true,
    get() { return goClass; },
    set(cls) {
      const run = cls.prototype.run;
      cls.prototype.run = function (...args) {
        if (!probe.goStart) probe.goStart = performance.now();
        return run.apply(this, args);
      };
      goClass = cls;
    },
  });
  const tick = () => {
    const now = performance.now();
    probe.ticks.push(now);
    if (!probe.firstFrame && performance.getEntriesByName("vnodes:first-draw").length > 0) probe.firstFrame = now;
    if (!probe.wholeFrame && performance.getEntriesByName("vnodes:whole-draw").length > 0) probe.wholeFrame = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const watch = () => {
    const seen = () => {
      if (!probe.loadingGone && !document.getElementById("loading")) probe.loadingGone = performance.now();
      return probe.loadingGone;
    };
    if (seen()) return;
    const obs = new MutationObserver(() => { if (seen()) obs.disconnect(); });
    obs.observe(document.body, { childList: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no Long Tasks API: gaps are reported without a cause */ }
})()`

// tab is one page under test.
type tab struct {
	ctx    context.Context
	cancel func()
}

// quietLimit is the longest a fresh window waits for the machine to go
// quiet before its page is loaded (bench.WaitQuiet).
const quietLimit = 3 * time.Second

// openTab opens a page with the probe installed, in a window of its own
// and in front: a tab behind another gets its animation frames rationed
// (about one a second here), whatever the flags say. With fresh set the
// window gets a browser context of its own, so nothing is cached from an
// earlier load: no HTTP cache, no compiled WebAssembly, and the page is
// loaded once the new window has settled (see quietLimit). (chromedp's
// WithNewBrowserContext asks for a tab without a window, which headless
// Chromium refuses, so the target is made here.)
func (b *benchRun) openTab(url string, fresh bool) (*tab, error) {
	return b.openTabProfiled(url, fresh, false)
}

// openTabProfiled opens url in a new tab, with V8's profiler running from
// before the navigation when profile is set.
func (b *benchRun) openTabProfiled(url string, fresh, profile bool) (*tab, error) {
	browser := cdp.WithExecutor(b.browser, chromedp.FromContext(b.browser).Browser)
	dispose := func() {}
	create := target.CreateTarget("about:blank").WithNewWindow(true)
	if fresh {
		id, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(browser)
		if err != nil {
			return nil, err
		}
		dispose = func() { _ = target.DisposeBrowserContext(id).Do(browser) }
		create = create.WithBrowserContextID(id)
	}
	tid, err := create.Do(browser)
	if err != nil {
		dispose()
		return nil, err
	}
	ctx, cancel := chromedp.NewContext(b.browser, chromedp.WithTargetID(tid))
	ctx, cancelTimeout := context.WithTimeout(ctx, 15*time.Minute)
	t := &tab{ctx: ctx, cancel: func() {
		_ = chromedp.Run(ctx, page.Close())
		cancelTimeout()
		cancel()
		dispose()
	}}
	if fresh {
		// The new window's own browser UI loads first, as it would have
		// in a reader's browser long before the link was opened.
		if !bench.WaitQuiet(quietLimit) {
			logf("the machine stayed busy for %v after a window opened; this load's figures share it", quietLimit)
		}
	}
	err = chromedp.Run(ctx,
		page.BringToFront(),
		chromedp.EmulateViewport(viewportW, viewportH),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(probeJS).Do(ctx)
			return err
		}),
		chromedp.ActionFunc(func(ctx context.Context) error {
			if !profile {
				return nil
			}
			return chromedp.Run(ctx, profiler.Enable(), profiler.SetSamplingInterval(profileMicros), profiler.Start())
		}),
		chromedp.Navigate(url),
	)
	if err != nil {
		t.cancel()
		return nil, err
	}
	return t, nil
}

func (t *tab) eval(expr string, res any) error {
	return chromedp.Run(t.ctx, chromedp.Evaluate(expr, res))
}

// await evaluates an expression that gives a promise.
func (t *tab) await(expr string, res any) error {
	return chromedp.Run(t.ctx, chromedp.Evaluate(expr, res, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
}

func (t *tab) waitFor(expr string, timeout time.Duration) error {
	var ok bool
	err := chromedp.Run(t.ctx, chromedp.Poll(expr, &ok, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	if err != nil {
		return fmt.Errorf("waiting for %s: %w", expr, err)
	}
	return nil
}

func (t *tab) state() (state.State, error) {
	var raw string
	var s state.State
	if err := t.eval(`JSON.stringify(window.vnodes.state())`, &raw); err != nil {
		return s, err
	}
	return s, json.Unmarshal([]byte(raw), &s)
}

// probeData is what probeJS recorded, in ms since navigation.
type probeData struct {
	Ticks       []float64    `json:"ticks"`
	LoadingGone float64      `json:"loadingGone"`
	FirstFrame  float64      `json:"firstFrame"`
	WholeFrame  float64      `json:"wholeFrame"`
	GoStart     float64      `json:"goStart"`
	LongTasks   [][2]float64 `json:"longTasks"` // start, duration
}

func (t *tab) probe() (probeData, error) {
	var p probeData
	return p, t.eval(`window.__bench`, &p)
}

// gapStats describe the intervals between animation frames in a window.
type gapStats struct {
	gaps      []float64
	longest   float64
	longestGo float64 // the longest gap that a main-thread long task overlaps
	longTask  float64 // the longest main-thread task in the window
	overGo    int     // main-thread tasks in the window longer than gapBudget
}

// gapsIn takes the intervals between animation frames within start..end,
// cut at both ends: a frame that has not come by end leaves a gap too.
func (p probeData) gapsIn(start, end float64) gapStats {
	var g gapStats
	add := func(a, z float64) {
		g.gaps = append(g.gaps, z-a)
		g.longest = max(g.longest, z-a)
		for _, lt := range p.LongTasks {
			if lt[0] < z && lt[0]+lt[1] > a {
				g.longestGo = max(g.longestGo, z-a)
			}
		}
	}
	prev := start
	for _, t := range p.Ticks {
		if t <= start {
			continue
		}
		if t >= end {
			break
		}
		add(prev, t)
		prev = t
	}
	add(prev, end)
	for _, lt := range p.LongTasks {
		if lt[0] < end && lt[0]+lt[1] > start {
			g.longTask = max(g.longTask, lt[1])
			if lt[1] > gapBudget {
				g.overGo++
			}
		}
	}
	return g
}

func (g gapStats) p99() float64 { return bench.Percentile(g.gaps, 99) }

// --- First frame and download ---

// wasmEntry is the Resource Timing entry of the .wasm.
type wasmEntry struct {
	Name     string  `json:"name"`
	Transfer float64 `json:"transferSize"`
	Encoded  float64 `json:"encodedBodySize"`
	Decoded  float64 `json:"decodedBodySize"`
}

// startup is one fresh load, in ms from navigation.
type startup struct {
	gone, frame, goStart float64
	whole                float64            // the first frame with everything on the first screen (the app's second)
	longestGap           float64            // between go.run and the first frame
	longTask             float64            // the longest main-thread task before the whole first screen
	marks                map[string]float64 // the app's vnodes:* User Timing marks
}

// markOrder names every start-up mark (host.Host's Mark) that a load
// made, in the order they came: by their median time over the loads that
// made them. A mark added to the program for a diagnosis shows up in
// browserbench's lines and steps with no list to update.
func markOrder(loads []startup) []string {
	at := map[string][]float64{}
	for _, l := range loads {
		for m, t := range l.marks {
			at[m] = append(at[m], t)
		}
	}
	names, median := make([]string, 0, len(at)), make(map[string]float64, len(at))
	for m, ts := range at {
		names, median[m] = append(names, m), bench.Median(ts)
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(median[a], median[b]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return names
}

type firstFrameResult struct {
	langs   []string
	app     map[string][]startup // by language
	blank   []startup
	appWasm wasmEntry
}

// longestTask is the longest main-thread task from navigation to the
// whole first screen (0 if none passed 50 ms, the Long Tasks API's
// threshold).
func longestTask(p probeData) float64 {
	longest := 0.0
	for _, lt := range p.LongTasks {
		if lt[0] < p.WholeFrame {
			longest = max(longest, lt[1])
		}
	}
	return longest
}

func (b *benchRun) firstFrames(loads int) (*firstFrameResult, error) {
	r := &firstFrameResult{langs: b.langs, app: map[string][]startup{}}
	// Take turns, so that no program always goes first, and let one load
	// of each warm the browser up (its own start, shader caches). Every
	// language of the app is set against the same blank loads.
	type page struct{ name, url, lang string }
	pages := []page{}
	for k, l := range b.langs {
		url := b.appURL + "/"
		if l != "en" {
			url += "?lang=" + l
		}
		pages = append(pages, page{"app-" + l, url, l})
		if k == 0 {
			pages = append(pages, page{"blank", b.blankURL + "/", ""})
		}
	}
	for i := -1; i < loads; i++ {
		for _, pg := range pages {
			app := pg.lang != ""
			profile := app && i < 0 && pg.lang == b.langs[0] && b.profileDir != "" // the warm-up load of the app
			t, err := b.openTabProfiled(pg.url, true, profile)
			if err != nil {
				return nil, err
			}
			if err := t.waitFor(`window.__bench.wholeFrame > 0 && window.__bench.loadingGone > 0`, 2*time.Minute); err != nil {
				t.cancel()
				return nil, err
			}
			if profile {
				if err := b.stopProfile(t, "first-frame"); err != nil {
					t.cancel()
					return nil, err
				}
			}
			p, err := t.probe()
			var wasm []wasmEntry
			if err == nil {
				err = t.eval(`performance.getEntriesByType("resource").filter(e => e.name.endsWith(".wasm")).map(e => e.toJSON())`, &wasm)
			}
			var marks map[string]float64
			if err == nil {
				// The first of each name: a mark made again later (each pause of a
				// background job, say) keeps the time it was first made.
				err = t.eval(`performance.getEntriesByType("mark").filter(m => m.name.startsWith("vnodes:")).reduce((o, m) => { const k = m.name.slice(7); if (!(k in o)) o[k] = m.startTime; return o; }, {})`, &marks)
			}
			t.cancel()
			if err != nil {
				return nil, err
			}
			if i < 0 {
				continue
			}
			b.dump(fmt.Sprintf("first-%s-%d", pg.name, i+1), p)
			s := startup{gone: p.LoadingGone, frame: p.FirstFrame, whole: p.WholeFrame, goStart: p.GoStart,
				longestGap: p.gapsIn(p.GoStart, p.FirstFrame).longest, longTask: longestTask(p), marks: marks}
			if app {
				r.app[pg.lang] = append(r.app[pg.lang], s)
				if len(wasm) != 1 {
					return nil, fmt.Errorf("the app's page fetched %d .wasm files, want 1", len(wasm))
				}
				r.appWasm = wasm[0]
			} else {
				r.blank = append(r.blank, s)
			}
			logf("  load %d %-8s: go.run at %.0f ms, #loading gone at %.0f ms, first frame seen at %.0f ms, whole first screen at %.0f ms; longest gap meanwhile %.0f ms, longest task %.0f ms%s",
				i+1, pg.name, s.goStart, s.gone, s.frame, s.whole, s.longestGap, s.longTask, s.marksText())
		}
	}
	b.startups = r
	return r, nil
}

// blankLongestTask is the blank program's longest main-thread task over
// its loads to the first frame: the yardstick of the task budget.
func (r *firstFrameResult) blankLongestTask() float64 {
	longest := 0.0
	for _, s := range r.blank {
		longest = max(longest, s.longTask)
	}
	return longest
}

// marksText lists the start-up marks that were made, in ms from navigation.
func (s startup) marksText() string {
	var b strings.Builder
	for _, m := range markOrder([]startup{s}) {
		fmt.Fprintf(&b, "; %s %.0f", m, s.marks[m])
	}
	return b.String()
}

// medianOf is the median of one field over loads.
func medianOf(loads []startup, f func(startup) float64) float64 {
	xs := make([]float64, len(loads))
	for i, l := range loads {
		xs[i] = f(l)
	}
	return bench.Median(xs)
}

func (r *firstFrameResult) rows() []bench.Row {
	en := r.app[r.langs[0]]
	ratio := func(what string, app []startup, f func(startup) float64) bench.Row {
		a, z := medianOf(app, f), medianOf(r.blank, f)
		return bench.Row{
			Figure:   fmt.Sprintf("first frame, %s (median of %d fresh loads)", what, len(app)),
			Measured: fmt.Sprintf("%s (blank %s: %.2f×)", bench.Millis(a), bench.Millis(z), a/z),
			Budget:   fmt.Sprintf("≤ %.1f× blank = %s", firstRatio, bench.Millis(firstRatio*z)),
			Met:      bench.MetIf(a <= firstRatio*z),
		}
	}
	info := func(what string, f func(startup) float64) bench.Row {
		a, z := medianOf(en, f), medianOf(r.blank, f)
		return bench.Row{Figure: what, Measured: fmt.Sprintf("%s (blank %s)", bench.Millis(a), bench.Millis(z)), Budget: "-", Met: bench.Info}
	}
	frame := func(s startup) float64 { return s.frame }
	rows := []bench.Row{ratio("navigation to #loading removed", en, func(s startup) float64 { return s.gone })}
	for _, l := range r.langs {
		rows = append(rows, ratio(fmt.Sprintf("navigation to first frame seen, lang=%s", l), r.app[l], frame))
	}
	for _, l := range r.langs {
		// Not a budget: the app shows its widgets a frame later than its
		// first frame, and this says how much later the whole screen is
		// there than the blank's (whose first frame has everything).
		a, z := medianOf(r.app[l], func(s startup) float64 { return s.whole }), medianOf(r.blank, frame)
		rows = append(rows, bench.Row{Figure: fmt.Sprintf("  the whole first screen seen (the widgets too), lang=%s", l),
			Measured: fmt.Sprintf("%s (blank %s: %.2f×)", bench.Millis(a), bench.Millis(z), a/z), Budget: "-", Met: bench.Info})
	}
	rows = append(rows,
		info("  of which navigation to go.run (fetch and compile)", func(s startup) float64 { return s.goStart }),
		info("  and go.run to the first frame seen (Go start-up and first frame)", func(s startup) float64 { return s.frame - s.goStart }),
		info("  longest frame gap from go.run to the first frame", func(s startup) float64 { return s.longestGap }))
	// The longest main-thread task to the first frame, every load of every
	// language, against the blank's longest.
	appTask := 0.0
	for _, l := range r.langs {
		for _, s := range r.app[l] {
			appTask = max(appTask, s.longTask)
		}
	}
	limit := r.blankLongestTask() + taskSlack
	rows = append(rows, bench.Row{
		Figure:   "longest main-thread task to the whole first screen (every load)",
		Measured: fmt.Sprintf("%s (blank %s)", bench.Millis(appTask), bench.Millis(r.blankLongestTask())),
		Budget:   fmt.Sprintf("≤ blank's + %g ms = %s", taskSlack, bench.Millis(limit)),
		Met:      bench.MetIf(appTask <= limit),
	})
	// Where each program's time goes, from its start-up marks.
	if steps := stepsText(en); steps != "" {
		rows = append(rows, bench.Row{Figure: "  the app's start-up steps (medians, from its vnodes:* marks)", Measured: steps, Budget: "-", Met: bench.Info})
	}
	if steps := stepsText(r.blank); steps != "" {
		rows = append(rows, bench.Row{Figure: "  the blank program's, from the same marks where it has them", Measured: steps, Budget: "-", Met: bench.Info})
	}
	return rows
}

// stepsText is the median time between consecutive start-up marks that
// every load made, from go.run on.
func stepsText(loads []startup) string {
	var steps []string
	prev, prevName := "", "go.run"
	for _, m := range markOrder(loads) {
		xs := make([]float64, 0, len(loads))
		for _, l := range loads {
			t, ok := l.marks[m]
			from := l.goStart
			if prev != "" {
				from = l.marks[prev]
			}
			if ok {
				xs = append(xs, t-from)
			}
		}
		if len(xs) == len(loads) && len(xs) > 0 {
			steps = append(steps, fmt.Sprintf("%s→%s %s", prevName, m, bench.Millis(bench.Median(xs))))
			prev, prevName = m, m
		}
	}
	return strings.Join(steps, ", ")
}

// transferRows compare what the browser received for the .wasm with the
// blank program's brotli-11 size, and name the copy it got.
func (b *benchRun) transferRows(e wasmEntry) ([]bench.Row, error) {
	blankWasm, err := web.SiteWasm(b.blankDir)
	if err != nil {
		return nil, err
	}
	blankRaw, err := os.ReadFile(filepath.Join(b.blankDir, blankWasm))
	if err != nil {
		return nil, err
	}
	blankBr, err := brotliSize(blankRaw)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(e.Name)
	onDisk := func(suffix string) int64 {
		if info, err := os.Stat(filepath.Join(b.siteDir, name+suffix)); err == nil {
			return info.Size()
		}
		return -1
	}
	b.wasmSeen.Lock()
	accept, sent := b.wasmSeen.accept, b.wasmSeen.sent
	b.wasmSeen.Unlock()
	if sent == "" {
		sent = "identity"
	}
	got := "the stored " + sent + " copy"
	if want := map[string]int64{"br": onDisk(".br"), "gzip": onDisk(".gz"), "identity": onDisk("")}[sent]; want != int64(e.Encoded) {
		got = fmt.Sprintf("%s, but the copy on disk has %d bytes", sent, want)
	}
	limit := transferRatio * float64(blankBr)
	return []bench.Row{{
		Figure: ".wasm download as the browser got it (encodedBodySize)",
		Measured: fmt.Sprintf("%s = %.3f× the blank program's brotli-11 %s; %s (transferSize %s; Accept-Encoding %q)",
			bench.Bytes(e.Encoded), e.Encoded/float64(blankBr), bench.Bytes(float64(blankBr)), got, bench.Bytes(e.Transfer), accept),
		Budget: fmt.Sprintf("≤ %.2f× blank brotli-11 = %s", transferRatio, bench.Bytes(limit)),
		Met:    bench.MetIf(e.Encoded <= limit),
	}, {
		Figure:   "  .wasm raw: app / blank",
		Measured: fmt.Sprintf("%s / %s", bench.Bytes(e.Decoded), bench.Bytes(float64(len(blankRaw)))),
		Budget:   "-",
		Met:      bench.Info,
	}}, nil
}

// brotliSize is b's size at brotli quality 11 with the window the site
// builder uses for the app (web/cmd/site).
func brotliSize(b []byte) (int64, error) {
	var n countWriter
	bw := brotli.NewWriterOptions(&n, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(b); err != nil {
		return 0, err
	}
	err := bw.Close()
	return int64(n), err
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// --- The drag ---

type rect struct{ X, Y, W, H float64 }

// dragMouse sends a mouse event at (x, y), the left button held or
// pressed or released as typ and held say, and waits for the page to draw
// a frame after it.
func (t *tab) dragMouse(y float64) func(typ input.MouseType, x float64, held bool) error {
	return func(typ input.MouseType, x float64, held bool) error {
		ev := input.DispatchMouseEvent(typ, x, y)
		if held || typ != input.MouseMoved {
			ev = ev.WithButton(input.Left).WithClickCount(1)
		}
		if held {
			ev = ev.WithButtons(1)
		}
		if err := chromedp.Run(t.ctx, ev); err != nil {
			return err
		}
		var ok bool
		return t.await(nextFrame, &ok)
	}
}

// nextFrame resolves once the app has drawn a frame after this call: a
// mouse event sent before it has then been seen by an Update.
const nextFrame = `new Promise((done) => {
  const frames = () => window.vnodes ? window.vnodes.frames() : (window.blankFrames || 0);
  const f0 = frames();
  const check = () => frames() > f0 ? done(true) : requestAnimationFrame(check);
  requestAnimationFrame(check);
})`

// drag opens the app at N=nodes, V=1 and drags the V slider's handle from
// its left end to its right end (V=MaxSliderV) in steps moves, each sent
// once the app has drawn a frame since the one before. The figures are the
// app's own: Go time (Update+Draw) per frame in which the scene changed,
// from resetTiming just before the press to the end of the drag.
func (b *benchRun) drag(nodes, steps int, budget float64) ([]bench.Row, error) {
	t, err := b.openTab(fmt.Sprintf("%s/?n=%d&v=1", b.appURL, nodes), false)
	if err != nil {
		return nil, err
	}
	defer t.cancel()
	if err := t.waitFor(`window.vnodes && window.vnodes.state().frames > 2 && !window.vnodes.state().working`, 2*time.Minute); err != nil {
		return nil, err
	}
	var raw string
	if err := t.eval(`JSON.stringify(window.vnodes.layout().vSlider)`, &raw); err != nil {
		return nil, err
	}
	var s rect
	if err := json.Unmarshal([]byte(raw), &s); err != nil || s.W <= 0 {
		return nil, fmt.Errorf("vSlider not laid out: %q", raw)
	}
	y := s.Y + s.H/2
	x0, x1 := s.X+8, s.X+s.W // the handle at V=1; the end of the track

	// A second of the app left alone first: its frame rate when nothing
	// changes, for scale.
	var idle float64
	if err := t.eval(`performance.now()`, &idle); err != nil {
		return nil, err
	}
	time.Sleep(time.Second)

	mouse := t.dragMouse(y)
	if err := mouse(input.MouseMoved, x0, false); err != nil {
		return nil, err
	}
	var start, end float64
	if err := t.eval(`window.vnodes.resetTiming(), performance.now()`, &start); err != nil {
		return nil, err
	}
	if err := b.startProfile(t); err != nil {
		return nil, err
	}
	if err := mouse(input.MousePressed, x0, true); err != nil {
		return nil, err
	}
	for i := 1; i <= steps; i++ {
		if err := mouse(input.MouseMoved, x0+(x1-x0)*float64(i)/float64(steps), true); err != nil {
			return nil, err
		}
	}
	if err := mouse(input.MouseMoved, x1+40, true); err != nil { // past the end, as a hand would
		return nil, err
	}
	var released float64
	if err := t.eval(`performance.now()`, &released); err != nil {
		return nil, err
	}
	if err := mouse(input.MouseReleased, x1+40, false); err != nil {
		return nil, err
	}
	if err := t.waitFor(fmt.Sprintf(`window.vnodes.state().v === %d && !window.vnodes.state().working`, view.MaxSliderV), 2*time.Minute); err != nil {
		return nil, err
	}
	if err := t.eval(`performance.now()`, &end); err != nil {
		return nil, err
	}
	if err := b.stopProfile(t, fmt.Sprintf("drag-n%d", nodes)); err != nil {
		return nil, err
	}
	st, err := t.state()
	if err != nil {
		return nil, err
	}
	p, err := t.probe()
	if err != nil {
		return nil, err
	}
	b.dump(fmt.Sprintf("drag-n%d", nodes), p)
	g := p.gapsIn(start, end)
	idleGaps := p.gapsIn(idle, idle+1000)
	kept := min(st.Timing.ChangedFrames, 240) // the app keeps the latest 240
	fps := ticksPerSecond(p, start, released)
	rate := bench.Row{
		Figure:   fmt.Sprintf("frames a second while V is dragged 1→%d at N=%d", view.MaxSliderV, nodes),
		Measured: fmt.Sprintf("%.1f (blank, redrawing every frame: %.1f: %.2f×)", fps, b.blankFPS, fps/b.blankFPS),
		Budget:   fmt.Sprintf("≥ %.1f× blank = %.1f", dragRatio, dragRatio*b.blankFPS),
		Met:      bench.MetIf(fps >= dragRatio*b.blankFPS),
	}
	return []bench.Row{rate, {
		Figure: fmt.Sprintf("Go time per changed frame, drag V 1→%d at N=%d", view.MaxSliderV, nodes),
		Measured: fmt.Sprintf("p50 %s, p95 %s, max %s (%d changed frames)",
			bench.Millis(st.Timing.GoMillisP50), bench.Millis(st.Timing.GoMillisP95), bench.Millis(st.Timing.GoMillisMax), kept),
		Budget: fmt.Sprintf("p95 < %g ms", budget),
		Met:    bench.MetIf(st.Timing.GoMillisP95 < budget),
	}, {
		Figure: fmt.Sprintf("  frame gaps during that drag (N=%d)", nodes),
		Measured: fmt.Sprintf("median %s, p99 %s, longest %s (%s with a main-thread task in it); %d frames in %s; idle before: median %s",
			bench.Millis(bench.Median(g.gaps)), bench.Millis(g.p99()), bench.Millis(g.longest), bench.Millis(g.longestGo),
			len(g.gaps), bench.Millis(end-start), bench.Millis(bench.Median(idleGaps.gaps))),
		Budget: "-",
		Met:    bench.Info,
	}}, nil
}

// taskBudgetText says the task budget: the blank's longest + taskSlack,
// or gapBudget when the first frames were not measured.
func taskBudgetText(limit float64) string {
	if limit == gapBudget {
		return fmt.Sprintf("≤ %g ms (the blank's longest task unmeasured: run with -only first too)", gapBudget)
	}
	return fmt.Sprintf("≤ blank's longest + %g ms = %s", taskSlack, bench.Millis(limit))
}

// ticksPerSecond is the page's animation frames a second within start..end.
func ticksPerSecond(p probeData, start, end float64) float64 {
	n := 0
	for _, t := range p.Ticks {
		if t > start && t <= end {
			n++
		}
	}
	return float64(n) / ((end - start) / 1000)
}

// blankDragRate is the blank program's frame rate under the drag's mouse
// moves (steps of them across its window, button held, each once it has
// drawn a frame since the one before): ebiten redraws its whole screen
// every frame there, the yardstick of the drag's budget.
func (b *benchRun) blankDragRate(steps int) (float64, error) {
	t, err := b.openTab(b.blankURL+"/", false)
	if err != nil {
		return 0, err
	}
	defer t.cancel()
	if err := t.waitFor(`window.__bench.firstFrame > 0 && (window.blankFrames || 0) > 2`, 2*time.Minute); err != nil {
		return 0, err
	}
	y := float64(viewportH) / 2
	x0, x1 := 200.0, float64(viewportW)-200
	mouse := t.dragMouse(y)
	var start, end float64
	if err := t.eval(`performance.now()`, &start); err != nil {
		return 0, err
	}
	if err := mouse(input.MousePressed, x0, true); err != nil {
		return 0, err
	}
	for i := 1; i <= steps; i++ {
		if err := mouse(input.MouseMoved, x0+(x1-x0)*float64(i)/float64(steps), true); err != nil {
			return 0, err
		}
	}
	if err := t.eval(`performance.now()`, &end); err != nil {
		return 0, err
	}
	if err := mouse(input.MouseReleased, x1, false); err != nil {
		return 0, err
	}
	p, err := t.probe()
	if err != nil {
		return 0, err
	}
	fps := ticksPerSecond(p, start, end)
	logf("  the blank program: %.1f frames a second", fps)
	return fps, nil
}

// --- The largest settings ---

// largest opens a large link (?n=1000&v=4096 and the others above), which the app works out in the background
// with a progress box, and measures the gaps between animation frames
// while that work runs: from the first frame until it is done (the work
// starts with the program, so the stretch from go.run to the first frame
// is reported too). A gap counts against the budget when a main-thread
// long task overlaps it: Go runs on the main thread, while software WebGL
// and the compositor do not. name names its profile and dump.
func (b *benchRun) largest(name, query string, nodes, v int) ([]bench.Row, error) {
	profile := b.profileDir != ""
	t, err := b.openTabProfiled(b.appURL+"/"+query, false, profile)
	if err != nil {
		return nil, err
	}
	defer t.cancel()
	if err := t.waitFor(`window.__bench.firstFrame > 0`, 5*time.Minute); err != nil {
		return nil, err
	}
	if err := t.eval(`window.vnodes.resetTiming()`, nil); err != nil {
		return nil, err
	}
	// Poll slowly: state() is Go work on the main thread too, and at
	// N=1000 it is not free.
	type sample struct {
		T        float64 `json:"t"`
		Working  bool    `json:"working"`
		Progress float64 `json:"progress"`
	}
	var samples []sample
	end, sawWork := 0.0, false
	deadline := time.Now().Add(10 * time.Minute)
	for end == 0 {
		if time.Now().After(deadline) {
			return nil, errors.New("the background work did not finish in 10 minutes")
		}
		var s sample
		if err := t.eval(`(() => { const s = window.vnodes.state(); return {t: performance.now(), working: s.working, progress: s.progress}; })()`, &s); err != nil {
			return nil, err
		}
		samples = append(samples, s)
		if s.Working {
			sawWork = true
		} else {
			end = s.T
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if profile {
		if err := b.stopProfile(t, name); err != nil {
			return nil, err
		}
	}
	// A large result is painted over a frame or two (Scene.PaintWithin):
	// let them pass before the Go time of its frames is read.
	var frames int
	if err := t.eval(`window.vnodes.state().frames`, &frames); err != nil {
		return nil, err
	}
	if err := t.waitFor(fmt.Sprintf(`window.vnodes.state().frames >= %d`, frames+5), time.Minute); err != nil {
		return nil, err
	}
	st, err := t.state()
	if err != nil {
		return nil, err
	}
	if st.Nodes != nodes || st.V != v {
		return nil, fmt.Errorf("the app shows N=%d, V=%d", st.Nodes, st.V)
	}
	p, err := t.probe()
	if err != nil {
		return nil, err
	}
	b.dump(name, map[string]any{"probe": p, "samples": samples})
	during := p.gapsIn(p.FirstFrame, end)
	before := p.gapsIn(p.GoStart, p.FirstFrame)
	limit := gapBudget // without the blank's loads to set it
	if b.startups != nil {
		limit = b.startups.blankLongestTask() + taskSlack
	}

	rows := []bench.Row{}
	if sawWork {
		rows = append(rows, bench.Row{
			Figure: fmt.Sprintf("frame gaps at %s while the work runs (first frame to done)", query),
			Measured: fmt.Sprintf("longest %s, p99 %s; %d frames in %s",
				bench.Millis(during.longest), bench.Millis(during.p99()), len(during.gaps), bench.Millis(end-p.FirstFrame)),
			Budget: fmt.Sprintf("no gap > %g ms", gapBudget),
			Met:    bench.MetIf(during.longest <= gapBudget),
		}, bench.Row{
			// A gap is Go's doing for as long as a main-thread task held the
			// page: under software WebGL every gap here is hundreds of
			// milliseconds with or without one, and a 60 ms task inside a
			// 600 ms gap did not cause the gap.
			Figure: "  of those, caused by Go: the longest main-thread task",
			Measured: fmt.Sprintf("longest task %s, %d over %g ms (the longest gap with any long task in it: %s)",
				bench.Millis(during.longTask), during.overGo, gapBudget, bench.Millis(during.longestGo)),
			Budget: taskBudgetText(limit),
			Met:    bench.MetIf(during.longTask <= limit),
		})
	} else {
		rows = append(rows, bench.Row{
			Figure:   fmt.Sprintf("frame gaps at %s while the work runs (first frame to done)", query),
			Measured: fmt.Sprintf("none: the work was done before the first frame (%s after navigation)", bench.Millis(p.FirstFrame)),
			Budget:   fmt.Sprintf("no gap > %g ms, with a progress box", gapBudget),
			Met:      bench.No,
		})
	}
	startupNote := ""
	if r := b.startups; r != nil {
		startupNote = fmt.Sprintf(" (plain link: %s and %s; blank: %s and %s)",
			bench.Millis(medianOf(r.app[r.langs[0]], func(s startup) float64 { return s.frame - s.goStart })),
			bench.Millis(medianOf(r.app[r.langs[0]], func(s startup) float64 { return s.longestGap })),
			bench.Millis(medianOf(r.blank, func(s startup) float64 { return s.frame - s.goStart })),
			bench.Millis(medianOf(r.blank, func(s startup) float64 { return s.longestGap })))
	}
	rows = append(rows, bench.Row{
		Figure: fmt.Sprintf("  go.run to the first frame at %s (the work has started)", query),
		Measured: fmt.Sprintf("%s, longest gap %s (%s with a main-thread task)%s",
			bench.Millis(p.FirstFrame-p.GoStart), bench.Millis(before.longest), bench.Millis(before.longestGo), startupNote),
		Budget: "-",
		Met:    bench.Info,
	})
	// With no changed frame since resetTiming the app reports zeros: say
	// so rather than print "p95 0 ns".
	goTime := "no frame with a change since the first frame"
	if st.Timing.ChangedFrames > 0 {
		goTime = fmt.Sprintf("p50 %s, p95 %s, max %s (%d changed frames)", bench.Millis(st.Timing.GoMillisP50),
			bench.Millis(st.Timing.GoMillisP95), bench.Millis(st.Timing.GoMillisMax), min(st.Timing.ChangedFrames, 240))
	}
	rows = append(rows, bench.Row{
		Figure:   "  Go time per changed frame meanwhile",
		Measured: goTime,
		Budget:   "-",
		Met:      bench.Info,
	})
	return rows, nil
}
