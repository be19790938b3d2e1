package web

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

func TestSecurityHeadersOnEveryReply(t *testing.T) {
	dir, wasm := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	_, _ = fetch(t, srv, "GET", "/", nil)
	first, _ := fetch(t, srv, "GET", "/", nil)
	requests := []struct {
		method, path string
		header       map[string]string
		status       int
	}{
		{"GET", "/", nil, 200},
		{"HEAD", "/", nil, 200},
		{"GET", "/" + wasm, map[string]string{"Accept-Encoding": "br"}, 200},
		{"GET", "/" + wasm, map[string]string{"Accept-Encoding": "gzip"}, 200},
		{"GET", "/" + wasm, map[string]string{"Range": "bytes=0-9"}, 206},
		{"GET", "/" + wasm, map[string]string{"Range": "bytes=999999999-"}, 416},
		{"GET", "/", map[string]string{"If-None-Match": first.Header.Get("ETag")}, 304},
		{"GET", "/nope", nil, 404},
		{"GET", "/.env", nil, 404},
		{"DELETE", "/", nil, 405},
	}
	want := map[string]string{
		"X-Content-Type-Options":       "nosniff",
		"Content-Security-Policy":      ContentSecurityPolicy,
		"Referrer-Policy":              "no-referrer",
		"Cross-Origin-Opener-Policy":   "same-origin",
		"Cross-Origin-Resource-Policy": "same-origin",
	}
	for _, r := range requests {
		resp, _ := fetch(t, srv, r.method, r.path, r.header)
		if resp.StatusCode != r.status {
			t.Errorf("%s %s %v: %d, want %d", r.method, r.path, r.header, resp.StatusCode, r.status)
		}
		for k, v := range want {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s %s %v (%d): %s %q, want %q", r.method, r.path, r.header, resp.StatusCode, k, got, v)
			}
		}
	}
}

func TestPolicyAllowsWebAssemblyButNoInlineCodeOrEval(t *testing.T) {
	directives := map[string][]string{}
	for d := range strings.SplitSeq(ContentSecurityPolicy, ";") {
		fields := strings.Fields(d)
		directives[fields[0]] = fields[1:]
	}
	if !slices.Equal(directives["default-src"], []string{"'none'"}) {
		t.Errorf("default-src %v: anything not listed should be refused", directives["default-src"])
	}
	if !slices.Contains(directives["script-src"], "'wasm-unsafe-eval'") {
		t.Error("script-src lacks 'wasm-unsafe-eval': the browser would refuse to compile the program")
	}
	if _, ok := directives["frame-ancestors"]; ok {
		t.Error("frame-ancestors is set: any page may embed the app (?embed=1), and * shuts out slides opened from disk")
	}
	for name, sources := range directives {
		for _, s := range sources {
			if s == "'unsafe-inline'" || s == "'unsafe-eval'" || s == "*" || s == "data:" || s == "blob:" {
				t.Errorf("%s allows %s", name, s)
			}
		}
	}
	for _, need := range []string{"script-src", "style-src", "connect-src"} {
		if len(directives[need]) == 0 {
			t.Errorf("no %s", need)
		}
	}
}

func TestCaching(t *testing.T) {
	dir, wasm := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, coding := range []string{"", "br", "gzip"} {
		resp, _ := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": coding})
		if got := resp.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("the hashed program (%q): Cache-Control %q", coding, got)
		}
	}
	for _, p := range []string{"/", "/index.html", "/loader.js", "/page.css", "/wasm_exec.js"} {
		resp, _ := fetch(t, srv, "GET", p, nil)
		etag := resp.Header.Get("ETag")
		if resp.Header.Get("Cache-Control") != "no-cache" || etag == "" || resp.Header.Get("Last-Modified") == "" {
			t.Errorf("%s: Cache-Control %q, ETag %q, Last-Modified %q; want no-cache and validators", p,
				resp.Header.Get("Cache-Control"), etag, resp.Header.Get("Last-Modified"))
			continue
		}
		again, body := fetch(t, srv, "GET", p, map[string]string{"If-None-Match": etag})
		if again.StatusCode != 304 || len(body) != 0 {
			t.Errorf("%s revalidated: %d with %d bytes, want 304", p, again.StatusCode, len(body))
		}
	}
	// Each coding is a different body, so each needs its own tag.
	tags := map[string]bool{}
	for _, coding := range []string{"identity", "br", "gzip"} {
		resp, _ := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": coding})
		tags[resp.Header.Get("ETag")] = true
	}
	if len(tags) != 3 {
		t.Errorf("ETags of the three codings: %v", tags)
	}
}
