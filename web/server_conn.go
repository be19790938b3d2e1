package web

import (
	"net"
	"net/http"
	"time"

	"golang.org/x/net/netutil"
)

// Limits bound how long and how much any one client can hold the server.
type Limits struct {
	ReadHeaderTimeout time.Duration // to send the request line and headers
	ReadTimeout       time.Duration // to send the whole request
	WriteTimeout      time.Duration // to receive the whole reply
	IdleTimeout       time.Duration // between two requests on one connection
	MaxHeaderBytes    int
	MaxConns          int // connections open at once; more wait to be accepted
}

// DefaultLimits suit a class on one network. The figures:
//   - ReadHeaderTimeout 10 s: a browser sends its few hundred bytes of
//     headers at once; a client that trickles them is let go soon.
//   - ReadTimeout 30 s: requests here carry no body.
//   - WriteTimeout 5 min: the largest reply a browser gets is the gzip copy
//     of the .wasm (its size is in BENCHMARKS.md). Thirty pupils sharing a
//     10 Mbit/s link at once get about 0.33 Mbit/s each, which brings that
//     copy in well within five minutes. The raw file, which only clients
//     that take no compression get, needs a faster link.
//   - IdleTimeout 30 s: the page makes all its requests within seconds of
//     opening; a kept-alive connection is of no use after that.
//   - MaxHeaderBytes 32 KiB: a browser's request is under 2 KiB, but cookies
//     that other programs on the same host set (cookies ignore the port)
//     can add several.
//   - MaxConns 256: Chromium opens at most 6 connections to one server, so
//     a class of 40 browsers needs 240 at worst. Each connection holds
//     buffers and a goroutine, so the cap also bounds the server's memory.
//     Past the cap, new connections wait in the system's queue until one
//     closes, instead of being refused.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      5 * time.Minute,
	IdleTimeout:       30 * time.Second,
	MaxHeaderBytes:    32 << 10,
	MaxConns:          256,
}

// NewServer is an http.Server for h with the timeouts and header limit of
// l. Pair it with LimitListener for the connection cap.
func NewServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		// Let "OPTIONS *" reach the handler, which refuses every method
		// but GET and HEAD, rather than get the server's own 200.
		DisableGeneralOptionsHandler: true,
	}
}

// LimitListener accepts at most n connections at once: Accept waits until
// an accepted connection is closed, and closing the listener ends the wait.
func LimitListener(ln net.Listener, n int) net.Listener {
	return netutil.LimitListener(ln, n)
}
