# vnodes — see README.md. Everything here needs only Go, except `make test`,
# which also needs Chromium, Xvfb and the X11/GL headers (.ci/ensure-deps.sh
# installs them when run as root).
SHELL := /bin/bash
GO ?= go
ARGS ?=
ADDR ?= 127.0.0.1:8080
SITE := web/site
FUZZTIME ?= 8s
GOROOT := $(shell $(GO) env GOROOT)

.PHONY: table test deps lint test-unit test-fuzz test-e2e soak bench web serve desktop run screenshots clean

## table: print the exercise's table (flags via ARGS='-nodes 20 -v 1,8')
table:
	@$(GO) run ./sim/cmd/table $(ARGS)

## web: build the static site into web/site: index.html, loader.js, page.css, wasm_exec.js, vnodes.<hash>.wasm and .br/.gz copies
web:
	@mkdir -p bin
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o bin/vnodes.wasm .
	$(GO) run ./web/cmd/site -wasm bin/vnodes.wasm -wasm-exec $(GOROOT)/lib/wasm/wasm_exec.js -static web/static -out $(SITE) -brotli $(or $(BROTLI),11)

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
PURE_PKGS := ./sim/... ./render/view/... ./render/geom/... ./web/...
DRAWING_PKGS := ./render/ ./render/app/

test-unit: deps
	env -u DISPLAY $(GO) test -count=1 $(PURE_PKGS) # no display needed: proven by taking it away
	$(GO) test -count=1 -tags purego ./sim/... # the plain Go paths, as in the browser
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 $(DRAWING_PKGS)

test-fuzz:
	$(GO) test ./sim -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(FUZZTIME)
	$(GO) test ./sim/internal/sorting -run '^$$' -fuzz '^FuzzSortPoints$$' -fuzztime $(FUZZTIME)
	$(GO) test ./sim -run '^$$' -fuzz '^FuzzRunWorkload$$' -fuzztime $(FUZZTIME)
	$(GO) test ./render/view -run '^$$' -fuzz '^FuzzParseQuery$$' -fuzztime $(FUZZTIME)

test-e2e: deps web
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags e2e -timeout 40m ./web/
	xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags e2e -run '^TestDesktop' -timeout 10m ./render/app/

## soak: a whole lesson long in the browser (2,000 changes; the heaps must level off)
soak: deps web
	set -o pipefail; xvfb-run -a -s "-screen 0 1600x900x24" $(GO) test -count=1 -tags 'e2e soak' -run '^TestSoak$$' -timeout 30m -v ./web/ 2>&1 | grep -v 'unhandled node event'

## bench: Go benchmarks, and the same table in plain Python when python3 is present
bench:
	$(GO) test ./sim -run '^$$' -bench . -benchmem -count 5 | tee /tmp/vnodes-bench.txt
	@if command -v python3 >/dev/null; then \
	  py=$$(python3 sim/testdata/reference.py 5 | awk '/^python_table_seconds/ {print $$2}'); \
	  go=$$(awk '/^BenchmarkTable-/ {print $$3}' /tmp/vnodes-bench.txt | sort -n | awk '{a[NR]=$$1} END {print a[int((NR+1)/2)]}'); \
	  cold=$$(awk '/^BenchmarkTableAfterPause-/ {for (i = 2; i <= NF; i++) if ($$i == "ns/table") print $$(i-1)}' /tmp/vnodes-bench.txt | sort -n | awk '{a[NR]=$$1} END {print a[int((NR+1)/2)]}'); \
	  echo "python_table_seconds $$py"; \
	  awk -v py=$$py -v go=$$go 'BEGIN {printf "BenchmarkTable median %.0f ns/op: %.0fx faster than Python (target 300x)\n", go, py*1e9/go}'; \
	  awk -v py=$$py -v go=$$cold 'BEGIN {printf "BenchmarkTableAfterPause median %.0f ns/op: %.0fx (a lone table, second core asleep)\n", go, py*1e9/go}'; \
	  else echo "python3 not found: skipping the Python comparison"; fi

## screenshots: regenerate the PNGs that the README shows
screenshots: deps web
	xvfb-run -a $(GO) test -count=1 -tags e2e -run 'TestScreenshots|TestScreenSizes|TestLessonStepsRevealTheMeasuredValues|TestHoverOverABar|TestBadLinkValues|TestEveryHelpKey' -timeout 20m ./web/ -args -update-screens

clean:
	rm -rf $(SITE) bin
