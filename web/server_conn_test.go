package web

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// serveForTest runs the real server stack (NewServer and Guard) on a
// loopback port with the given limits.
func serveForTest(t *testing.T, dir string, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Handler(dir), l)
	srv.ErrorLog = log.New(io.Discard, "", 0)
	go srv.Serve(Guard(ln, srv, l))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

func dialForTest(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// getOn sends a keep-alive GET on c and reads the whole reply.
func getOn(c net.Conn, br *bufio.Reader, path string) (*http.Response, error) {
	c.SetDeadline(time.Now().Add(5 * time.Second))
	defer c.SetDeadline(time.Time{})
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: test\r\n\r\n", path); err != nil {
		return nil, err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp, err
}

// The one test of the server's timeouts: clients that connect and say
// nothing, or keep a connection open after their request, are cut off once
// the timeout passes (not before), while a new request beside them all is
// served at once. NewServer hands the other timeouts to net/http as they
// are, and net/http tests them itself.
func TestIdleConnectionsAreClosedAfterTheTimeoutWhileRequestsAreServed(t *testing.T) {
	dir, _ := testSite(t)
	const timeout = 400 * time.Millisecond
	l := DefaultLimits
	l.ReadHeaderTimeout, l.ReadTimeout, l.IdleTimeout, l.MaxConns, l.PerClient = timeout, 2*timeout, timeout, 1000, 1000
	addr := serveForTest(t, dir, l)
	const silent, kept = 200, 100
	type idle struct {
		c    net.Conn
		br   *bufio.Reader
		last time.Time // our last exchange on it
	}
	var conns []idle
	for range silent { // connect and say nothing
		c := dialForTest(t, addr)
		conns = append(conns, idle{c, bufio.NewReader(c), time.Now()})
	}
	for range kept { // one request, then keep the connection open
		c := dialForTest(t, addr)
		br := bufio.NewReader(c)
		if resp, err := getOn(c, br, "/page.css"); err != nil || resp.StatusCode != 200 {
			t.Fatalf("first request on a kept connection: %v", err)
		}
		conns = append(conns, idle{c, br, time.Now()})
	}

	// Watch every connection until the server closes it (or 10 s pass).
	closedAt := make([]time.Time, len(conns))
	var wg sync.WaitGroup
	for i, ic := range conns {
		wg.Go(func() {
			ic.c.SetReadDeadline(time.Now().Add(10 * time.Second))
			_, err := io.Copy(io.Discard, ic.br)
			var ne net.Error
			if err == nil || !(errors.As(err, &ne) && ne.Timeout()) {
				closedAt[i] = time.Now()
			}
		})
	}

	// With all of them open, a normal request is served at once.
	c := dialForTest(t, addr)
	start := time.Now()
	if resp, err := getOn(c, bufio.NewReader(c), "/"); err != nil || resp.StatusCode != 200 {
		t.Fatalf("a normal request beside %d idle connections: %v", len(conns), err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the normal request took %v", d)
	}
	wg.Wait()

	early, open := 0, 0
	for i, ic := range conns {
		switch {
		case closedAt[i].IsZero():
			open++
		case closedAt[i].Sub(ic.last) < timeout/2:
			early++
		}
	}
	if open > 0 || early > 0 {
		t.Errorf("of %d idle connections, %d still open after 10 s and %d closed well before the %v timeout", len(conns), open, early, timeout)
	}
}

// Past the cap, with every connection busy, a new connection waits rather
// than being refused, and is served as soon as one of the others closes.
func TestConnectionCap(t *testing.T) {
	dir, wasm := bigSite(t)
	const limit = 4
	l := DefaultLimits
	l.MaxConns = limit
	addr := serveForTest(t, dir, l)
	var held []net.Conn
	for range limit { // busy: a reply under way that the client is slow to take
		c := dialForTest(t, addr)
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		held = append(held, c)
	}
	time.Sleep(200 * time.Millisecond)
	done := make(chan error, 1)
	go func() {
		c, err := net.DialTimeout("tcp", addr, 2*time.Second)
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		resp, err := getOn(c, bufio.NewReader(c), "/")
		if err == nil && resp.StatusCode != 200 {
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("a connection past the cap of %d busy ones was served at once (%v)", limit, err)
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close() // frees one slot
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the waiting connection, once a slot was free: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the waiting connection was not served after a slot was freed")
	}
}

// dialFrom connects to addr from a loopback address of its own (Linux
// routes all of 127.0.0.0/8 to the loopback), so that one test plays
// several machines.
func dialFrom(from, addr string) (net.Conn, error) {
	d := net.Dialer{Timeout: 2 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	return d.Dial("tcp", addr)
}

// bigSite is a test site whose program is 16 MB that does not compress,
// larger than the loopback's socket buffers, as the real one is.
func bigSite(t *testing.T) (dir, wasm string) {
	dir, wasm = testSite(t)
	big := make([]byte, 16<<20)
	rand.Read(big)
	if err := os.WriteFile(filepath.Join(dir, wasm), big, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range Encodings {
		os.Remove(filepath.Join(dir, wasm+e.Suffix))
	}
	return dir, wasm
}

// No pupil can stall the class: 256 connections from one machine that ask
// for the program and do not read it, and 256 from another kept open and
// idle, while 50 honest machines each load the page and the program:
// every honest one is served, its first byte within 2 s, and the server's
// memory stays flat.
func TestOneMachineCannotStallTheClass(t *testing.T) {
	dir, wasm := bigSite(t)
	addr := serveForTest(t, dir, DefaultLimits)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)

	var attackers []net.Conn
	defer func() {
		for _, c := range attackers {
			c.Close()
		}
	}()
	for range 256 { // slow readers: ask for the program, read nothing
		c, err := dialFrom("127.0.0.2", addr)
		if err != nil {
			continue
		}
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		attackers = append(attackers, c)
	}
	for range 256 { // idle: one small request, then kept open
		c, err := dialFrom("127.0.0.3", addr)
		if err != nil {
			continue
		}
		fmt.Fprint(c, "GET /page.css HTTP/1.1\r\nHost: test\r\n\r\n")
		attackers = append(attackers, c)
	}
	time.Sleep(300 * time.Millisecond)

	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 50 {
		wg.Go(func() {
			c, err := dialFrom(fmt.Sprintf("127.0.1.%d", i+1), addr)
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			br := bufio.NewReader(c)
			for _, path := range []string{"/", "/" + wasm} {
				start := time.Now()
				c.SetDeadline(time.Now().Add(30 * time.Second))
				fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: test\r\n\r\n", path)
				if _, err := br.Peek(1); err != nil {
					errs <- fmt.Errorf("client %d, %s: no first byte: %v", i, path, err)
					return
				}
				if d := time.Since(start); d > 2*time.Second {
					errs <- fmt.Errorf("client %d, %s: first byte after %v", i, path, d)
				}
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					errs <- fmt.Errorf("client %d, %s: %v", i, path, err)
					return
				}
				n, err := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != 200 || (path != "/" && n != 16<<20) {
					errs <- fmt.Errorf("client %d, %s: status %d, %d bytes, %v", i, path, resp.StatusCode, n, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 64<<20 {
		t.Errorf("the server's heap grew by %d MB under the load", grew>>20)
	}
}

// A reply must keep moving. With room for one connection, a client that
// stops reading the program, or takes it at 64 KB/s under a floor of
// 1 MB/s, holds the room only until the stall or the floor cuts it: then
// the next client is served, and a client that reads at once gets all.
func TestACrawlingReaderIsCut(t *testing.T) {
	dir, wasm := bigSite(t)
	l := DefaultLimits
	l.MaxConns, l.Stall, l.Grace, l.MinRate = 1, time.Second, time.Second, 1<<20
	addr := serveForTest(t, dir, l)
	slow := func(read func(c net.Conn)) {
		c := dialForTest(t, addr)
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		go read(c)
	}
	served := func(what string, within time.Duration) {
		t.Helper()
		time.Sleep(200 * time.Millisecond) // the slow one holds the room first
		start := time.Now()
		c, err := net.DialTimeout("tcp", addr, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(30 * time.Second))
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: the next client: %v", what, err)
		}
		n, err := io.Copy(io.Discard, resp.Body)
		if d := time.Since(start); err != nil || n != 16<<20 || d > within {
			t.Errorf("%s: the next client got %d bytes after %v (%v); want all of it within %v", what, n, d, err, within)
		}
	}
	slow(func(c net.Conn) {}) // reads nothing
	served("a client that stops reading", 6*time.Second)
	slow(func(c net.Conn) { // 64 KB a second
		buf := make([]byte, 64<<10)
		for {
			c.SetReadDeadline(time.Now().Add(20 * time.Second))
			if _, err := io.ReadFull(c, buf); err != nil {
				return
			}
			time.Sleep(time.Second)
		}
	})
	served("a client reading at 64 KB/s", 8*time.Second)
}
