package web

import (
	"context"
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
	MaxConns          int // connections open at once (see Guard for who makes room)
	// PerClient is how many of them one address may hold; past it, one of
	// its own makes room for the new one, or else the new one is closed.
	PerClient int
	// A reply must keep moving: a write that sends nothing for Stall, or a
	// reply that the client takes at less than MinRate bytes a second over
	// the last Grace (once it has run that long), ends the connection.
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
//     Past the cap a new connection never waits on the others: one that
//     matters less is closed for it (see Guard).
//   - PerClient 96: one address cannot hold more than 96 slots, so a pupil's
//     script that opens hundreds of connections leaves 160 for the class.
//     A class behind one NAT address shares the 96: forty browsers loading
//     the page at once hold about two connections each while they load,
//     and idle ones are closed for new ones, so they are all served.
//   - Stall 20 s, MinRate 2 KB/s over Grace 20 s: a reader that takes a
//     byte a second is cut within 20 s instead of holding its slot for the
//     whole program; forty pupils sharing a 2 Mbit/s school link get 6 KB/s
//     each, well above the floor. The pace counts the bytes the client
//     acknowledged over the last 20 s, not since the reply began, so the
//     megabytes that socket buffers take at the start lend no lasting
//     credit, and a write the client is slow to take is judged every second
//     while it waits.
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

// Guard wraps ln for srv with l's caps and pace. It sets srv.ConnState,
// srv.ConnContext and wraps srv.Handler, to learn what each connection is
// doing: fresh (it has sent no complete request yet), serving a request,
// or idle between requests.
//
// Its own goroutine accepts, so that it never waits on the connections it
// holds. A new connection gets a slot at once while there is one. When
// the server is full, or its address holds PerClient already, the
// connection that matters least is closed for it, in this order:
//  1. an idle kept-alive connection, at any age;
//  2. a fresh one (silent, or trickling its headers), the oldest first;
//  3. a reply under way, the slowest first, but only of an address that
//     holds at least two more connections than the new one's: a steady
//     download of a pupil with a few connections is never cut for
//     another's.
//
// Among those, the address that holds the most goes first (with its own
// connections only, when the new one's address is at PerClient). With no
// connection to close, the new one waits for a slot up to
// ReadHeaderTimeout, beside at most PerClient others of its address.
func Guard(ln net.Listener, srv *http.Server, l Limits) net.Listener {
	g := &guard{Listener: ln, l: l, slots: make(chan struct{}, l.MaxConns), closed: make(chan struct{}),
		ready: make(chan net.Conn), errs: make(chan error, 1),
		perClient: map[string]int{}, waiting: map[string]int{}, conns: map[*guardedConn]struct{}{}}
	srv.ConnState = g.connState
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		if gc, ok := c.(*guardedConn); ok {
			return context.WithValue(ctx, connKey{}, gc)
		}
		return ctx
	}
	h := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if gc, ok := r.Context().Value(connKey{}).(*guardedConn); ok {
			g.setState(gc, serving)
		}
		h.ServeHTTP(w, r)
	})
	go g.acceptLoop()
	return g
}

// connKey finds a request's connection in its context.
type connKey struct{}

// connStage is what a connection is doing, as the guard ranks them for
// closing: the lower the sooner.
type connStage uint8

const (
	idle    connStage = iota // between two requests
	fresh                    // no complete request yet
	serving                  // a request being answered
)

type guard struct {
	net.Listener
	l         Limits
	slots     chan struct{} // one per open connection
	ready     chan net.Conn // admitted connections, for Accept
	errs      chan error    // the listener's last error
	closed    chan struct{}
	closeOnce sync.Once

	mu        sync.Mutex
	perClient map[string]int // open connections by address
	waiting   map[string]int // connections waiting for a slot, by address
	conns     map[*guardedConn]struct{}
}

func (g *guard) Accept() (net.Conn, error) {
	select {
	case c := <-g.ready:
		return c, nil
	case err := <-g.errs:
		return nil, err
	case <-g.closed:
		return nil, net.ErrClosed
	}
}

// acceptLoop takes every connection from the listener and admits it, makes
// room for it, or lets it wait; it never waits itself.
func (g *guard) acceptLoop() {
	for {
		c, err := g.Listener.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			g.errs <- err
			return
		}
		client := clientOf(c.RemoteAddr())
		g.mu.Lock()
		atCap := g.perClient[client] >= g.l.PerClient
		g.mu.Unlock()
		if !atCap && g.trySlot() {
			g.admit(c, client)
			continue
		}
		if victim := g.leastNeeded(client, atCap); victim != nil {
			// The victim's slot passes to c directly: freed, a connection
			// waiting for a slot could take it first.
			if victim.handOver() {
				victim.Close()
				g.admit(c, client)
				continue
			}
			if g.trySlot() {
				g.admit(c, client)
				continue
			}
		}
		g.wait(c, client, atCap)
	}
}

// trySlot takes a slot if one is free.
func (g *guard) trySlot() bool {
	select {
	case g.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// admit hands c, which holds a slot, to Accept.
func (g *guard) admit(c net.Conn, client string) {
	gc := &guardedConn{Conn: c, g: g, client: client, stage: fresh, since: time.Now()}
	g.mu.Lock()
	g.perClient[client]++
	g.conns[gc] = struct{}{}
	g.mu.Unlock()
	go func() {
		select {
		case g.ready <- gc:
		case <-g.closed:
			gc.Close()
		}
	}()
}

// wait lets c wait for a slot up to ReadHeaderTimeout, unless its address
// has as many waiting already as PerClient, or is at its cap.
func (g *guard) wait(c net.Conn, client string, atCap bool) {
	g.mu.Lock()
	refuse := atCap || g.waiting[client] >= g.l.PerClient
	if !refuse {
		g.waiting[client]++
	}
	g.mu.Unlock()
	if refuse {
		c.Close()
		return
	}
	go func() {
		defer func() {
			g.mu.Lock()
			if g.waiting[client]--; g.waiting[client] <= 0 {
				delete(g.waiting, client)
			}
			g.mu.Unlock()
		}()
		t := time.NewTimer(g.l.ReadHeaderTimeout)
		defer t.Stop()
		select {
		case g.slots <- struct{}{}:
			g.admit(c, client)
		case <-t.C:
			c.Close()
		case <-g.closed:
			c.Close()
		}
	}()
}

// leastNeeded is the connection to close for a new one from client (see
// Guard), or nil; with atCap, only client's own.
func (g *guard) leastNeeded(client string, atCap bool) *guardedConn {
	g.mu.Lock()
	defer g.mu.Unlock()
	mine := g.perClient[client]
	var best *guardedConn
	var bestKey [3]float64
	for c := range g.conns {
		if atCap && c.client != client {
			continue
		}
		c.mu.Lock()
		stage, since, closed := c.stage, c.since, c.closed
		c.mu.Unlock()
		if closed {
			continue
		}
		holds := g.perClient[c.client]
		if stage == serving && !atCap && holds < mine+2 {
			continue // a reply of an address no larger than the newcomer's
		}
		// Lower is closed sooner: the stage, then the address holding the
		// most, then the oldest (idle or fresh) or the slowest reply.
		order := float64(time.Since(since))
		if stage == serving {
			order = -c.pace()
		}
		key := [3]float64{float64(stage), -float64(holds), -order}
		if best == nil || less(key, bestKey) {
			best, bestKey = c, key
		}
	}
	return best
}

func less(a, b [3]float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// setState notes what c does now.
func (g *guard) setState(c *guardedConn, s connStage) {
	c.mu.Lock()
	if c.stage != s {
		c.stage, c.since = s, time.Now()
	}
	c.mu.Unlock()
}

func (g *guard) connState(c net.Conn, s http.ConnState) {
	gc, ok := c.(*guardedConn)
	if !ok {
		return
	}
	if s == http.StateIdle {
		g.setState(gc, idle)
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
	handed    bool      // closed for a new connection, which takes its slot
	cut       bool      // ended for its pace: drop what is queued for it
	stage     connStage // what it is doing…
	since     time.Time // …since when
	start     time.Time // of the reply being written
	last      time.Time // of the last write
	written   int64     // bytes handed to the system, all replies
	moved     time.Time // when the client last took some of the reply
	samples   []sample  // the bytes the client had taken by each time, a second or more apart, over the last Grace
}

// sample is how many bytes the client had taken by a time: those it
// acknowledged (Linux), or else those handed to the system. Either way the
// buffers at both ends lend a fast start, not a pace: over a window as long
// as Grace, the bytes taken are those the client read.
type sample struct {
	at    time.Time
	taken int64
}

// replyGap is a pause in writing long enough to count the next write as
// the start of another reply.
const replyGap = time.Second

// pace is the reply's bytes a second over its samples (0 for none yet).
func (c *guardedConn) pace() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.samples) < 2 {
		return 0
	}
	a, b := c.samples[0], c.samples[len(c.samples)-1]
	if d := b.at.Sub(a.at).Seconds(); d > 0 {
		return float64(b.taken-a.taken) / d
	}
	return 0
}

// Write writes b in turns of at most checkEvery, judging the pace between
// them, so that a write the client is slow to take is judged while it
// waits too.
func (c *guardedConn) Write(b []byte) (int, error) {
	done := 0
	for {
		if err := c.keepsPace(); err != nil {
			return done, err
		}
		if err := c.Conn.SetWriteDeadline(time.Now().Add(checkEvery)); err != nil {
			return done, err
		}
		n, err := c.Conn.Write(b[done:])
		done += n
		c.mu.Lock()
		c.written += int64(n)
		c.last = time.Now()
		c.mu.Unlock()
		var ne net.Error
		switch {
		case err == nil:
			return done, nil
		case errors.As(err, &ne) && ne.Timeout():
			continue // judge the pace, then go on
		default:
			return done, err
		}
	}
}

// checkEvery is how often a write under way is judged.
const checkEvery = time.Second

// keepsPace samples what the client has taken and reports errTooSlow, and
// marks c cut, when the reply sent nothing for Stall, or less than MinRate
// bytes a second over the last Grace.
func (c *guardedConn) keepsPace() error {
	now := time.Now()
	l := c.g.l
	taken, ok := acknowledged(c.Conn)
	c.mu.Lock()
	defer c.mu.Unlock()
	if !ok {
		taken = c.written
	}
	if c.start.IsZero() || now.Sub(c.last) > replyGap {
		c.start, c.samples, c.moved = now, c.samples[:0], now
	}
	if n := len(c.samples); n == 0 || now.Sub(c.samples[n-1].at) >= time.Second {
		c.samples = append(c.samples, sample{now, taken})
	}
	if n := len(c.samples); n > 1 && c.samples[n-1].taken > c.samples[n-2].taken {
		c.moved = c.samples[n-1].at
	}
	for len(c.samples) > 1 && now.Sub(c.samples[1].at) >= l.Grace {
		c.samples = c.samples[1:] // keep one sample at least Grace old
	}
	first := c.samples[0]
	stalled := now.Sub(c.moved) > l.Stall
	slow := now.Sub(c.start) > l.Grace && now.Sub(first.at) >= l.Grace &&
		float64(taken-first.taken) < l.MinRate*now.Sub(first.at).Seconds()
	if stalled || slow {
		c.cut = true
		return errTooSlow
	}
	return nil
}

// SetWriteDeadline is Write's to set: the server's own would replace the
// pace.
func (c *guardedConn) SetWriteDeadline(time.Time) error { return nil }

func (c *guardedConn) SetDeadline(t time.Time) error { return c.Conn.SetReadDeadline(t) }

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
		handed := c.handed
		c.mu.Unlock()
		g := c.g
		g.mu.Lock()
		delete(g.conns, c)
		if g.perClient[c.client]--; g.perClient[c.client] <= 0 {
			delete(g.perClient, c.client)
		}
		g.mu.Unlock()
		if !handed {
			<-g.slots
		}
	})
	return err
}

// handOver marks c, still open, to give its slot to a new connection when
// closed; false if it is closed already.
func (c *guardedConn) handOver() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.handed {
		return false
	}
	c.handed = true
	return true
}
