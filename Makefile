# vnodes — see README.md. Everything here needs only Go, except `make test`,
# which also needs Chromium, Xvfb and the X11/GL headers (.ci/ensure-deps.sh
# installs them when run as root).
SHELL := /bin/bash
GO ?= go
ARGS ?=
ADDR ?= 127.0.0.1:8080
SITE := web/site
# Each fuzz target runs for a number of inputs (about 8 s each on a loaded
# 2-core CI machine), not for a time: Go 1.26's fuzzer can fail a run with
# "context deadline exceeded" when a time budget ends under load
# (go.dev/issue/75804, fixed in Go 1.27). Minimising a new input is
# bounded by a count too: with no bound, FuzzSortPoints spent minutes on it.
# FUZZTIME=30s (or 1000x) sets one budget for all.
FUZZTIME ?=
fuzz_budget = $(or $(FUZZTIME),$(1))
GOROOT := $(shell $(GO) env GOROOT)
# The browser build compiles without inlining the code whose speed no
# frame waits on: render, sim and ebitenui (their hot loops are in
# sim/internal and keep it, and the widgets' drawing is kept between
# frames), and what runs once or on request: ebiten's shader compiler
# (go/..., text/template/..., and math/big for its constants), the font
# parser (x/image's sfnt) and encoding/json (state() for tests). Each is
# less to download at brotli 11 at no cost the benchmarks can see; the
# figures are in BENCHMARKS.md.
WASM_BUILD := GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -gcflags='vnodes/render/...=-l' -gcflags='vnodes/sim=-l' -gcflags='github.com/ebitenui/...=-l' \
	-gcflags='go/...=-l' -gcflags='text/template/...=-l' -gcflags='golang.org/x/image/font/sfnt=-l' -gcflags='encoding/json=-l' \
	-gcflags='math/big=-l'

.PHONY: table test deps lint test-unit test-fuzz test-e2e soak bench web single serve desktop run screenshots clean

## table: print the exercise's table (flags via ARGS='-nodes 20 -v 1,8')
table:
	@$(GO) run ./sim/cmd/table $(ARGS)

## web: build the static site into web/site: index.html, loader.js, page.css, wasm_exec.js, vnodes.<hash>.wasm and .br/.gz copies
web:
	@mkdir -p bin
	$(WASM_BUILD) -o bin/vnodes.wasm .
	@# each language's catalog with the views' own texts merged in, served as one file
	$(GO) run ./render/views/internal/catalogs -out bin/lang
	$(GO) run ./web/cmd/site -wasm bin/vnodes.wasm -wasm-exec $(GOROOT)/lib/wasm/wasm_exec.js -static web/static -lang bin/lang -out $(SITE) -brotli $(or $(BROTLI),11)

## single: build bin/vnodes.html, the whole app in one file that opens by double-click (file://) with no server
single:
	@mkdir -p bin
	$(WASM_BUILD) -tags embedlang -o bin/vnodes-single.wasm .
	$(GO) run ./web/cmd/site -wasm bin/vnodes-single.wasm -wasm-exec $(GOROOT)/lib/wasm/wasm_exec.js -static web/static -single bin/vnodes.html

## serve: build the site and serve it on http://$(ADDR)
serve: web
	$(GO) build -o bin/vnodes-serve ./web/cmd/serve
	./bin/vnodes-serve -addr $(ADDR) -dir $(SITE)

## desktop: build the native program into bin/vnodes
desktop:
	@mkdir -p bin
	$(GO) build -o bin/vnodes .

## run: run the native program (flags via ARGS='-v 16')
run: desktop
	./bin/vnodes $(ARGS)

deps:
	@bash .ci/ensure-deps.sh

## lint: gofmt, go vet and staticcheck; fails on any finding
lint: deps
	@unformatted=$$(gofmt -l $$(git ls-files --cached --others --exclude-standard '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed on: $$unformatted"; exit 1; fi
	$(GO) vet ./... displaycheck/...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	$(GO) tool staticcheck ./... displaycheck/...
	$(GO) tool staticcheck -tags 'e2e soak' ./...
	@# go tool would build the checker itself for wasm: build it natively, then analyse the browser build
	GOOS=js GOARCH=wasm $$($(GO) tool -n staticcheck) ./...

## test: lint, unit tests, a short fuzz run, then browser and desktop tests
test: lint test-unit test-fuzz test-e2e

# The pure packages need no display; only the drawing ones run under Xvfb.
PURE_PKGS := ./sim/... ./render/view/... ./render/views/... ./render/panel/... ./render/geom/... ./assets/... ./web/...
DRAWING_PKGS := ./render/ ./render/paint/ ./render/app/

test-unit: deps
	env -u DISPLAY $(GO) test -count=1 $(PURE_PKGS) # no display needed: proven by taking it away
	$(GO) test -count=1 -tags purego ./sim/... # the plain Go paths, as in the browser
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 $(DRAWING_PKGS)

test-fuzz:
	$(GO) test ./sim -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(call fuzz_budget,20000x) -fuzzminimizetime 100x
	$(GO) test ./sim/internal/sorting -run '^$$' -fuzz '^FuzzSortPoints$$' -fuzztime $(call fuzz_budget,10000x) -fuzzminimizetime 100x
	$(GO) test ./sim -run '^$$' -fuzz '^FuzzRunWorkload$$' -fuzztime $(call fuzz_budget,50000x) -fuzzminimizetime 100x
	$(GO) test ./sim -run '^$$' -fuzz '^FuzzReplicas$$' -fuzztime $(call fuzz_budget,20000x) -fuzzminimizetime 100x
	$(GO) test ./render/view/link -run '^$$' -fuzz '^FuzzParseQuery$$' -fuzztime $(call fuzz_budget,120000x) -fuzzminimizetime 100x

test-e2e: deps web single
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags e2e -timeout 40m ./web/e2e/
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags e2e -run '^TestDesktop' -timeout 10m ./render/app/

## soak: a whole lesson long in the browser (2,000 changes; the heaps must level off)
soak: deps web
	set -o pipefail; xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags 'e2e soak' -run '^TestSoak$$' -timeout 35m -v ./web/e2e/ 2>&1 | grep -v 'unhandled node event'

## bench: the sim benchmarks natively (against plain Python) and in WebAssembly under Node, then the
## browser figures in headless Chromium against a blank ebiten + ebitenui program; ends with one table
## (figure | measured | budget | met?). BROTLI=9 makes the site build quicker (the table names the copy sent).
bench:
	@mkdir -p bin/bench
	$(GO) test ./sim -run '^$$' -bench . -benchmem -count 5 | tee bin/bench/native.txt
	@rm -f bin/bench/python.txt bin/bench/wasm.txt bin/bench/browser.json
	@if command -v python3 >/dev/null; then \
	  py=$$(python3 sim/testdata/reference.py 5 | awk '/^python_table_seconds/ {print $$2}'); \
	  echo "$$py" > bin/bench/python.txt; \
	  go=$$(awk '/^BenchmarkTable-/ {print $$3}' bin/bench/native.txt | sort -n | awk '{a[NR]=$$1} END {print a[int((NR+1)/2)]}'); \
	  cold=$$(awk '/^BenchmarkTableAfterPause-/ {for (i = 2; i <= NF; i++) if ($$i == "ns/table") print $$(i-1)}' bin/bench/native.txt | sort -n | awk '{a[NR]=$$1} END {print a[int((NR+1)/2)]}'); \
	  echo "python_table_seconds $$py"; \
	  awk -v py=$$py -v go=$$go 'BEGIN {printf "BenchmarkTable median %.0f ns/op: %.0fx faster than Python (target 300x)\n", go, py*1e9/go}'; \
	  awk -v py=$$py -v go=$$cold 'BEGIN {printf "BenchmarkTableAfterPause median %.0f ns/op: %.0fx (a lone table, second core asleep)\n", go, py*1e9/go}'; \
	  else echo "python3 not found: skipping the Python comparison"; fi
	@# The same benchmarks as the browser runs them: plain Go paths, one thread.
	@if command -v node >/dev/null; then \
	  GOOS=js GOARCH=wasm $(GO) test -gcflags='vnodes/sim=-l' ./sim -run '^$$' -bench . -benchmem -count 5 -exec=$(GOROOT)/lib/wasm/go_js_wasm_exec | tee bin/bench/wasm.txt; \
	  else echo "node not found: skipping the WebAssembly benchmarks"; fi
	@# The browser figures: the site as make web builds it (afresh: the site builder keeps the copies of an
	@# unchanged program whatever quality made them), and the blank program built with the same
	@# flags and the same loader page, served raw. One Chromium at a time: another one running makes
	@# the figures noisy, and browserbench says so in the table.
	@status=0; \
	if command -v chromium >/dev/null; then \
	  rm -rf $(SITE) && $(MAKE) --no-print-directory web blank-site && \
	  $(GO) run ./web/bench/cmd/browserbench -site $(SITE) -blank bin/bench/blank-site -json bin/bench/browser.json || status=1; \
	  why="browserbench failed (see above)"; \
	else why="chromium not found"; fi; \
	echo; echo "make bench: every figure beside its budget (brotli copy as make web last wrote it; BROTLI=$(or $(BROTLI),11))"; \
	$(GO) run ./web/bench/cmd/benchtable -native bin/bench/native.txt -wasm bin/bench/wasm.txt -python bin/bench/python.txt \
	  -browser bin/bench/browser.json -why-wasm "node not found" -why-browser "$$why" || status=1; \
	exit $$status

## bench-start: the first frame only, in English and German, against the blank program (five fresh
## loads of each, interleaved, one Chromium): run it after any change to start-up, texts or fonts
bench-start: deps web blank-site
	$(GO) run ./web/bench/cmd/browserbench -site $(SITE) -blank bin/bench/blank-site -only first -loads 5 -langs en,de

# The blank program, built as any ebiten program would be (stripped: -s -w, none of the app's no-inlining
# flags), made into a site by the app's own builder: the same page, loader and catalogs, and the brotli and
# gzip copies that browserbench serves as make serve serves the app's (an unchanged program keeps its copies).
blank-site:
	@mkdir -p bin/bench
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o bin/bench/blank.wasm ./web/bench/blank
	$(GO) run ./render/views/internal/catalogs -out bin/lang
	$(GO) run ./web/cmd/site -wasm bin/bench/blank.wasm -wasm-exec $(GOROOT)/lib/wasm/wasm_exec.js -static web/static -lang bin/lang -out bin/bench/blank-site -brotli $(or $(BROTLI),11)

## screenshots: regenerate the PNGs that the README shows
screenshots: deps web
	xvfb-run -a $(GO) test -count=1 -tags e2e -run 'TestScreenshots|TestScreenSizes|TestLessonStepsRevealTheMeasuredValues|TestHoverOverABar|TestBadLinkValues|TestEveryHelpKey|TestWithoutWebGL|TestEachLanguageLinkOpensTheAppInIt|TestPhoneScreens' -timeout 20m ./web/e2e/ -args -update-screens

clean:
	rm -rf $(SITE) bin
