package web

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// serveForTest runs the real server stack (NewServer and LimitListener)
// on a loopback port with the given limits.
func serveForTest(t *testing.T, dir string, l Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Handler(dir), l)
	srv.ErrorLog = nil
	go srv.Serve(LimitListener(ln, l.MaxConns))
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
	addr := serveForTest(t, dir, Limits{
		ReadHeaderTimeout: timeout, ReadTimeout: 2 * timeout, WriteTimeout: 5 * time.Second,
		IdleTimeout: timeout, MaxHeaderBytes: 8 << 10, MaxConns: 1000,
	})
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

// Past the cap a new connection waits rather than being refused, and is
// served as soon as one of the others closes.
func TestConnectionCap(t *testing.T) {
	dir, _ := testSite(t)
	const limit = 4
	addr := serveForTest(t, dir, Limits{
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second,
		IdleTimeout: 10 * time.Second, MaxHeaderBytes: 8 << 10, MaxConns: limit,
	})
	var held []net.Conn
	for range limit {
		held = append(held, dialForTest(t, addr))
	}
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
		t.Fatalf("a connection past the cap of %d was served at once (%v)", limit, err)
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
