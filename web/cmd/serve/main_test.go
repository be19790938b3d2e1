package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"vnodes/web"
)

// syncBuffer is written by run's goroutines and read by the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// site writes a minimal complete site whose program is wasmSize bytes.
func site(t *testing.T, wasmSize int) string {
	t.Helper()
	dir := t.TempDir()
	program := bytes.Repeat([]byte("w"), wasmSize)
	wasm := web.WasmName(program)
	files := map[string][]byte{
		"index.html": []byte(`<script src="loader.js" data-wasm="` + wasm + `"></script>`),
		"loader.js":  nil, "page.css": nil, "wasm_exec.js": nil,
		wasm: program,
	}
	var names []string
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := web.WriteManifest(dir, names); err != nil {
		t.Fatal(err)
	}
	return dir
}

func runForTest(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestExtraArgumentsAreAnError(t *testing.T) {
	dir := site(t, 10)
	for _, args := range [][]string{
		{"-dir", dir, "extra"},
		{"extra"},
		{"-dir", dir, "-addr", "127.0.0.1:0", "--", "more"},
		{"-dir", dir, strings.Repeat("x", 20000)},
	} {
		code, out, errOut := runForTest(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "unexpected argument") ||
			strings.Count(errOut, "\n") != 1 || len(errOut) > 200 {
			t.Errorf("args %.40q: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestDirMustBeAnExistingDirectory(t *testing.T) {
	dir := site(t, 10)
	cases := []struct {
		dir, want string
		code      int
	}{
		{filepath.Join(dir, "missing"), "does not exist", 2},
		{filepath.Join(dir, "index.html"), "is not a directory", 2},
		{t.TempDir(), "make web", 1}, // a folder, but no site in it
	}
	for _, c := range cases {
		code, _, errOut := runForTest("-addr", "127.0.0.1:0", "-dir", c.dir)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("-dir %s: exit %d, stderr %q; want %d and %q", c.dir, code, errOut, c.code, c.want)
		}
	}
}

func TestBadFlagsAndHelp(t *testing.T) {
	if code, _, errOut := runForTest("-port", "80"); code != 2 || !strings.Contains(errOut, "-addr") {
		t.Errorf("unknown flag: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runForTest("-h"); code != 0 || !strings.Contains(errOut, "-dir") {
		t.Errorf("-h: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runForTest("-dir", site(t, 10), "-addr", "127.0.0.1:99999"); code != 2 || errOut == "" {
		t.Errorf("a bad address: exit %d, stderr %q; want 2, as for any bad argument", code, errOut)
	}
}

func TestSiteURLs(t *testing.T) {
	lan := []net.IP{
		net.ParseIP("127.0.0.1"), net.ParseIP("::1"),
		net.ParseIP("192.168.1.20"), net.ParseIP("10.0.0.5"),
		net.ParseIP("fe80::1"), net.ParseIP("169.254.3.4"),
		net.ParseIP("2001:db8::7"),
	}
	cases := []struct {
		addr string
		want []string
		open bool
	}{
		{"127.0.0.1:8080", []string{"http://127.0.0.1:8080/"}, false},
		{"[::1]:8080", []string{"http://[::1]:8080/"}, false},
		{"192.168.1.20:8080", []string{"http://192.168.1.20:8080/"}, true},
		{"0.0.0.0:8080", []string{"http://192.168.1.20:8080/", "http://10.0.0.5:8080/", "http://127.0.0.1:8080/ (this machine)"}, true},
		{"[::]:8080", []string{"http://192.168.1.20:8080/", "http://10.0.0.5:8080/", "http://[2001:db8::7]:8080/", "http://127.0.0.1:8080/ (this machine)"}, true},
	}
	for _, c := range cases {
		a, err := net.ResolveTCPAddr("tcp", c.addr)
		if err != nil {
			t.Fatal(err)
		}
		urls, open := siteURLs(a, lan)
		if strings.Join(urls, " ") != strings.Join(c.want, " ") || open != c.open {
			t.Errorf("%s: %q open=%v, want %q open=%v", c.addr, urls, open, c.want, c.open)
		}
	}
	a, _ := net.ResolveTCPAddr("tcp", "0.0.0.0:8080")
	if urls, _ := siteURLs(a, nil); len(urls) != 2 || !strings.Contains(urls[0], "no network address") {
		t.Errorf("no LAN address: %q", urls)
	}
}

func TestWildcardAddressWarnsAndNeverPrintsIt(t *testing.T) {
	for typed, listened := range map[string]string{"0.0.0.0:8080": "[::]:8080", "[::]:8080": "[::]:8080"} {
		a, _ := net.ResolveTCPAddr("tcp", listened) // what the system reports for 0.0.0.0 too
		var out bytes.Buffer
		printURLs(&out, typed, a, []net.IP{net.ParseIP("192.168.1.20")})
		s := out.String()
		if strings.Contains(s, "http://[::]") || strings.Contains(s, "http://0.0.0.0") || !strings.Contains(s, "listening on "+typed+" ") ||
			!strings.Contains(s, "http://192.168.1.20:8080/") || !strings.Contains(s, "warning:") || !strings.Contains(s, "127.0.0.1:8080") {
			t.Errorf("%s:\n%s", typed, s)
		}
	}
	a, _ := net.ResolveTCPAddr("tcp", "127.0.0.1:8080")
	var out bytes.Buffer
	printURLs(&out, "127.0.0.1:8080", a, nil)
	if strings.Contains(out.String(), "warning") || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("loopback: %q", out.String())
	}
}

// TestStopFinishesTransfersInProgress starts the real command, begins a
// download, signals a stop half-way and checks that the download
// completes and the command exits 0.
func TestStopFinishesTransfersInProgress(t *testing.T) {
	const size = 16 << 20
	dir := site(t, size)
	wasm, err := web.SiteWasm(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var out, errOut syncBuffer
	exited := make(chan int, 1)
	go func() { exited <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", dir}, &out, &errOut) }()

	urlRE := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var base string
	for i := 0; i < 200 && base == ""; i++ {
		base = urlRE.FindString(out.String())
		time.Sleep(10 * time.Millisecond)
	}
	if base == "" {
		t.Fatalf("no URL printed: %q %q", out.String(), errOut.String())
	}
	client := &http.Client{Timeout: 20 * time.Second}
	resp, err := client.Get(base + wasm)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadFull(resp.Body, make([]byte, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	stop() // as SIGINT or SIGTERM would
	time.Sleep(200 * time.Millisecond)
	rest, err := io.Copy(io.Discard, resp.Body)
	if err != nil || int64(got)+rest != size {
		t.Errorf("download after the stop signal: %d of %d bytes, %v", int64(got)+rest, size, err)
	}
	select {
	case code := <-exited:
		if code != 0 || !strings.Contains(out.String(), "stopped") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not exit after the transfer ended")
	}
}

// An address that would not do what was meant gets one line and exit 2;
// -h says what the command does.
func TestBadAddresses(t *testing.T) {
	dir := site(t, 1000)
	for addr, want := range map[string]string{
		"8080":            "use 127.0.0.1:8080 for this machine, or 0.0.0.0:8080",
		"":                "is not host:port",
		":8080":           "names no host",
		"localhost:99999": "the port must be a number from 1 to 65535",
		"localhost:http":  "the port must be a number",
	} {
		code, out, errOut := runForTest("-addr", addr, "-dir", dir)
		if code != 2 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("-addr %q: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q", addr, code, out, errOut, want)
		}
	}
	if code, _, errOut := runForTest("-h"); code != 0 || !strings.Contains(errOut, "Serves the vnodes site") {
		t.Errorf("-h: exit %d, %q", code, errOut)
	}
}
