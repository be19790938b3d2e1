package web

import (
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound how long and how much any one client can hold the server.
type Limits struct {
	ReadHeaderTimeout time.Duration // to send the request line and headers
	ReadTimeout       time.Duration // to send the whole request
	IdleTimeout       time.Duration // between two requests on one connection
	MaxHeaderBytes    int
	MaxConns          int // connections open at once; more wait to be accepted
	// PerClient is how many of them one address may hold; past it, its
	// oldest idle connection is closed, or else the new one.
	PerClient int
	// A reply must keep moving: a write that sends nothing for Stall, or a
	// reply that averages less than MinRate bytes a second once Grace has
	// passed, ends the connection.
	Stall, Grace time.Duration
	MinRate      float64
}

// DefaultLimits suit a class on one network. The figures:
//   - ReadHeaderTimeout 10 s: a browser sends its few hundred bytes of
//     headers at once; a client that trickles them is let go soon.
//   - ReadTimeout 30 s: requests here carry no body.
//   - IdleTimeout 30 s: the page makes all its requests within seconds of
//     opening; a kept-alive connection is of no use after that.
//   - MaxHeaderBytes 32 KiB: a browser's request is under 2 KiB, but cookies
//     that other programs on the same host set (cookies ignore the port)
//     can add several.
//   - MaxConns 256: Chromium opens at most 6 connections to one server, so
//     a class of 40 browsers needs 240 at worst. Each connection holds
//     buffers and a goroutine, so the cap also bounds the server's memory.
//     Past the cap the oldest idle connection (kept alive, or opened and
//     silent) is closed to make room; with none idle, new connections wait
//     in the system's queue until one closes.
//   - PerClient 96: one address cannot hold more than 96 slots, so a pupil's
//     script that opens hundreds of connections leaves 160 for the class.
//     A class behind one NAT address shares the 96: forty browsers loading
//     the page at once hold about two connections each while they load,
//     and idle ones are closed for new ones, so they are all served.
//   - Stall 20 s, MinRate 2 KB/s after Grace 20 s: a reader that takes a
//     byte a second is cut within 20 s instead of holding its slot for the
//     whole program; forty pupils sharing a 2 Mbit/s school link get 6 KB/s
//     each, well above the floor.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	IdleTimeout:       30 * time.Second,
	MaxHeaderBytes:    32 << 10,
	MaxConns:          256,
	PerClient:         96,
	Stall:             20 * time.Second,
	Grace:             20 * time.Second,
	MinRate:           2048,
}

// NewServer is an http.Server for h with the timeouts and header limit of
// l. Serve it on Guard(ln, srv, l) for the caps and the pace.
func NewServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		// Let "OPTIONS *" reach the handler, which refuses every method
		// but GET and HEAD, rather than get the server's own 200.
		DisableGeneralOptionsHandler: true,
	}
}

// Guard wraps ln for srv with l's caps (MaxConns in all, PerClient from
// one address, idle connections closed first to make room) and makes
// every reply keep l's pace. It sets srv.ConnState to learn which
// connections are idle.
func Guard(ln net.Listener, srv *http.Server, l Limits) net.Listener {
	g := &guard{Listener: ln, l: l, slots: make(chan struct{}, l.MaxConns), closed: make(chan struct{}),
		perClient: map[string]int{}, idle: map[*guardedConn]time.Time{}}
	srv.ConnState = g.connState
	return g
}

// minIdle is how long a connection must have been idle to be closed for
// another: a connection just opened has not had the time to ask anything.
const minIdle = time.Second

type guard struct {
	net.Listener
	l         Limits
	slots     chan struct{} // one per open connection
	closed    chan struct{}
	closeOnce sync.Once

	mu        sync.Mutex
	perClient map[string]int
	idle      map[*guardedConn]time.Time // connections with no request under way, since when
}

func (g *guard) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			return nil, err
		}
		client := clientOf(c.RemoteAddr())
		g.mu.Lock()
		full := g.perClient[client] >= g.l.PerClient
		var oldest *guardedConn
		if full {
			oldest = g.oldestIdle(client)
		}
		g.mu.Unlock()
		switch {
		case full && oldest == nil:
			c.Close() // this client holds its share, all of it busy
			continue
		case full:
			oldest.Close()
		}
		if err := g.takeSlot(); err != nil {
			c.Close()
			return nil, err
		}
		gc := &guardedConn{Conn: c, g: g, client: client}
		g.mu.Lock()
		g.perClient[client]++
		g.idle[gc] = time.Now() // new: nothing asked yet
		g.mu.Unlock()
		return gc, nil
	}
}

// takeSlot waits for room for one more connection, closing the oldest
// idle one when the server is full.
func (g *guard) takeSlot() error {
	select {
	case g.slots <- struct{}{}:
		return nil
	default:
	}
	g.mu.Lock()
	oldest := g.oldestIdle("")
	g.mu.Unlock()
	if oldest != nil {
		oldest.Close() // gives its slot back
	}
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-g.closed:
		return net.ErrClosed
	}
}

// oldestIdle is the connection idle the longest, of client ("" for any),
// if one has been idle for minIdle; g.mu is held.
func (g *guard) oldestIdle(client string) *guardedConn {
	var oldest *guardedConn
	since := time.Now().Add(-minIdle)
	for c, t := range g.idle {
		if (client == "" || c.client == client) && !t.After(since) {
			oldest, since = c, t
		}
	}
	return oldest
}

func (g *guard) connState(c net.Conn, s http.ConnState) {
	gc, ok := c.(*guardedConn)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if s == http.StateIdle && !gc.isClosed() {
		g.idle[gc] = time.Now()
	} else if s != http.StateNew {
		delete(g.idle, gc)
	}
}

func (g *guard) Close() error {
	g.closeOnce.Do(func() { close(g.closed) })
	return g.Listener.Close()
}

// clientOf is the address a connection comes from, without its port.
func clientOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// errTooSlow ends a reply that does not keep the pace.
var errTooSlow = errors.New("web: the client reads too slowly")

// guardedConn gives its slot back when closed and makes replies keep the
// pace of the guard's limits.
type guardedConn struct {
	net.Conn
	g      *guard
	client string

	closeOnce sync.Once
	mu        sync.Mutex // guards what follows
	closed    bool
	cut       bool      // ended for its pace: drop what is queued for it
	start     time.Time // of the reply being written
	last      time.Time // of the last write
	sent      int64     // bytes of the reply so far
}

// replyGap is a pause in writing long enough to count the next write as
// the start of another reply.
const replyGap = time.Second

func (c *guardedConn) Write(b []byte) (int, error) {
	now := time.Now()
	l := c.g.l
	c.mu.Lock()
	if c.start.IsZero() || now.Sub(c.last) > replyGap {
		c.start, c.sent = now, 0
	}
	slow := now.Sub(c.start) > l.Grace && float64(c.sent) < l.MinRate*now.Sub(c.start).Seconds()
	c.mu.Unlock()
	if slow {
		c.mu.Lock()
		c.cut = true
		c.mu.Unlock()
		return 0, errTooSlow
	}
	if err := c.Conn.SetWriteDeadline(now.Add(l.Stall)); err != nil {
		return 0, err
	}
	n, err := c.Conn.Write(b)
	c.mu.Lock()
	c.sent += int64(n)
	c.last = time.Now()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		c.cut = true // stalled
	}
	c.mu.Unlock()
	return n, err
}

// SetWriteDeadline is Write's to set: the server's own would replace the
// pace.
func (c *guardedConn) SetWriteDeadline(time.Time) error { return nil }

func (c *guardedConn) SetDeadline(t time.Time) error { return c.Conn.SetReadDeadline(t) }

func (c *guardedConn) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// Close gives the slot back. A connection cut for its pace is reset, so
// that the system drops the megabytes still queued for it too.
func (c *guardedConn) Close() error {
	c.mu.Lock()
	cut := c.cut
	c.mu.Unlock()
	if tc, ok := c.Conn.(*net.TCPConn); ok && cut {
		tc.SetLinger(0)
	}
	err := c.Conn.Close()
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		g := c.g
		g.mu.Lock()
		delete(g.idle, c)
		if g.perClient[c.client]--; g.perClient[c.client] <= 0 {
			delete(g.perClient, c.client)
		}
		g.mu.Unlock()
		<-g.slots
	})
	return err
}
