package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A site folder with the traps a careless file server falls into: a
// dotfile, a subfolder, and symbolic links out of the folder.
func trapSite(t *testing.T) (dir, wasm string) {
	t.Helper()
	dir, wasm = testSite(t)
	outside := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644))
	must(os.WriteFile(filepath.Join(dir, ".env"), []byte("TOKEN=secret"), 0o644))
	must(os.MkdirAll(filepath.Join(dir, ".git"), 0o755))
	must(os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("secret"), 0o644))
	must(os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "sub", "file.txt"), []byte("nested"), 0o644))
	must(os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "out.txt")))
	must(os.Symlink(outside, filepath.Join(dir, "outdir")))
	must(os.Symlink("../"+filepath.Base(outside)+"/secret.txt", filepath.Join(dir, "rel.txt")))
	must(os.Symlink("index.html", filepath.Join(dir, "inside.html")))
	// Listed as the site's, so that what refuses them is the path rules.
	addToManifest(t, dir, ".env", ".git", "sub", "out.txt", "outdir", "rel.txt", "inside.html")
	return dir, wasm
}

// addToManifest lists more files as the site's.
func addToManifest(t *testing.T, dir string, names ...string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, ManifestName), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, n := range names {
		fmt.Fprintln(f, n)
	}
}

// A file that the site builder did not write (a note, a README dropped
// into the folder) is not sent, though it lies beside the site's.
func TestOnlyTheSitesOwnFilesAreSent(t *testing.T) {
	dir, _ := testSite(t)
	for _, name := range []string{"note.txt", "README", "backup.html"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("private"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, p := range []string{"/note.txt", "/README", "/backup.html", "/" + ManifestName} {
		if resp, body := fetch(t, srv, "GET", p, nil); resp.StatusCode != 404 || strings.Contains(string(body), "private") {
			t.Errorf("GET %s: %d", p, resp.StatusCode)
		}
	}
	if resp, _ := fetch(t, srv, "GET", "/page.css", nil); resp.StatusCode != 200 {
		t.Errorf("the site's own page.css: %d", resp.StatusCode)
	}
}

func TestOddPathsGet404NeverAListingOrA500(t *testing.T) {
	dir, wasm := trapSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	targets := []string{
		"/..", "/../", "/../../etc/passwd", "/./index.html", "/.", "//etc/passwd",
		"/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/..%5c..%5cetc%5cpasswd",
		"/a%2Fb", "/sub%2ffile.txt", "/%00", "/index.html%00", "/index.html%00.png", "/%ff",
		"/" + strings.Repeat("a", 256), "/" + strings.Repeat("a", 129), "/" + strings.Repeat("a/", 200),
		"/.env", "/.git", "/.git/", "/.git/config", "/.git%2fconfig",
		"/sub", "/sub/", "/sub/file.txt", "/index.html/", "/index.html/.",
		"/out.txt", "/outdir", "/outdir/", "/outdir/secret.txt", "/rel.txt",
		"/" + wasm + ".br", "/" + wasm + ".gz", "/index.html.gz",
		"/nope", "/favicon.ico", "/index.htm",
		"/index.html?x=%00", // the query is ignored: this one is a 200 below
	}
	for _, target := range targets {
		resp := rawRequest(t, addr, "GET", target)
		want := http.StatusNotFound
		if strings.HasPrefix(target, "/index.html?") {
			want = http.StatusOK
		}
		if resp.StatusCode != want {
			t.Errorf("GET %.60q: %d, want %d", target, resp.StatusCode, want)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %.60q: no security headers on the %d", target, resp.StatusCode)
		}
	}
}

func TestSymlinksInsideTheFolderAreServedOnesLeavingItAreNot(t *testing.T) {
	dir, _ := trapSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	if resp, body := fetch(t, srv, "GET", "/inside.html", nil); resp.StatusCode != 200 || !strings.Contains(string(body), "data-wasm") {
		t.Errorf("a link to index.html inside the folder: %d", resp.StatusCode)
	}
	for _, p := range []string{"/out.txt", "/rel.txt", "/outdir"} {
		if resp, body := fetch(t, srv, "GET", p, nil); resp.StatusCode != 404 || strings.Contains(string(body), "secret") {
			t.Errorf("GET %s: %d %q", p, resp.StatusCode, body)
		}
	}
}

func TestNoDirectoryListingEvenWithoutIndex(t *testing.T) {
	dir, _ := trapSite(t)
	os.Remove(filepath.Join(dir, "index.html"))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, p := range []string{"/", "/sub/", "/.git/"} {
		resp, body := fetch(t, srv, "GET", p, nil)
		if resp.StatusCode != 404 || strings.Contains(string(body), "href") || strings.Contains(string(body), "loader.js") {
			t.Errorf("GET %s: %d %q", p, resp.StatusCode, body)
		}
	}
}

func TestAMissingSiteFolderIs404(t *testing.T) {
	srv := httptest.NewServer(Handler(filepath.Join(t.TempDir(), "gone")))
	defer srv.Close()
	if resp, _ := fetch(t, srv, "GET", "/", nil); resp.StatusCode != 404 {
		t.Errorf("GET / with no folder: %d", resp.StatusCode)
	}
}

func TestOnlyGetAndHeadAreAllowed(t *testing.T) {
	dir, _ := testSite(t)
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = NewServer(Handler(dir), DefaultLimits)
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW"} {
		for _, target := range []string{"/", "/index.html", "/nope", "/../x"} {
			resp := rawRequest(t, addr, m, target)
			if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d, Allow %q", m, target, resp.StatusCode, resp.Header.Get("Allow"))
			}
			if resp.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("%s %s: no security headers", m, target)
			}
		}
	}
	if resp := rawRequest(t, addr, "OPTIONS", "*"); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("OPTIONS *: %d", resp.StatusCode)
	}
}
