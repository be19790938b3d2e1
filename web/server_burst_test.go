package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"
)

// attack is what one attacking connection does once it is connected.
type attack struct {
	name  string
	addrs int // attacking addresses, 127.0.0.2 on
	each  int // connections from each
	act   func(c net.Conn, wasm string, stop <-chan struct{})
}

var (
	// silent: connects and sends nothing.
	silent = func(net.Conn, string, <-chan struct{}) {}
	// trickling: a header line every 2 s, never the blank line that ends them.
	trickling = func(c net.Conn, _ string, stop <-chan struct{}) {
		fmt.Fprint(c, "GET / HTTP/1.1\r\n")
		go func() {
			t := time.NewTicker(2 * time.Second)
			defer t.Stop()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-t.C:
					fmt.Fprintf(c, "X-Slow-%d: 1\r\n", i)
				}
			}
		}()
	}
	// idleKeepAlive: one small request, then kept open and silent.
	idleKeepAlive = func(c net.Conn, _ string, _ <-chan struct{}) {
		fmt.Fprint(c, "GET /page.css HTTP/1.1\r\nHost: test\r\n\r\n")
	}
	// steadySlow: asks for the program and takes 3 KB a second, above the
	// floor of 2 KB/s.
	steadySlow = func(c net.Conn, wasm string, stop <-chan struct{}) {
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		go func() {
			buf := make([]byte, 3<<10)
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
				}
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				if _, err := io.ReadFull(c, buf); err != nil {
					return
				}
			}
		}()
	}
)

// No burst shuts the door: whatever many machines hold open (silent
// connections, trickled headers, idle keep-alives, steady downloads just
// above the floor, or all of them at once), a pupil from a new address
// gets the page within 2 s and the whole program, and the server's memory
// stays flat. Each attack is bounded in connections and time, on loopback.
func TestNoBurstShutsTheDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	dir, wasm := bigSite(t)
	attacks := []attack{
		{"39 addresses × 10 silent connections", 39, 10, silent},
		{"39 × 10 trickling a header line every 2 s", 39, 10, trickling},
		{"39 × 10 idle keep-alives", 39, 10, idleKeepAlive},
		{"4 × 96 steady readers at 3 KB/s", 4, 96, steadySlow},
	}
	mixed := func(c net.Conn, wasm string, stop <-chan struct{}) {
		switch a := c.LocalAddr().(*net.TCPAddr).Port % 4; a {
		case 0:
			silent(c, wasm, stop)
		case 1:
			trickling(c, wasm, stop)
		case 2:
			idleKeepAlive(c, wasm, stop)
		default:
			steadySlow(c, wasm, stop)
		}
	}
	attacks = append(attacks, attack{"a mix of all four from 39 × 12", 39, 12, mixed})
	for i, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			addr := serveForTest(t, dir, DefaultLimits)
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			stop := make(chan struct{})
			var conns []net.Conn
			var mu sync.Mutex
			var wg sync.WaitGroup
			for n := range a.addrs {
				wg.Go(func() {
					for range a.each {
						c, err := dialFrom(fmt.Sprintf("127.0.%d.%d", 2+i, 2+n), addr)
						if err != nil {
							continue
						}
						a.act(c, wasm, stop)
						mu.Lock()
						conns = append(conns, c)
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			time.Sleep(1500 * time.Millisecond) // the readers under way, the fresh ones a second old
			defer func() {
				close(stop)
				for _, c := range conns {
					c.Close()
				}
			}()

			for try := range 3 { // every time, not once
				c, err := dialFrom(fmt.Sprintf("127.0.%d.%d", 100+i, 200+try), addr)
				if err != nil {
					t.Fatal(err)
				}
				br := bufio.NewReader(c)
				start := time.Now()
				c.SetDeadline(time.Now().Add(10 * time.Second))
				fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: test\r\n\r\n")
				resp, err := http.ReadResponse(br, nil)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				if d := time.Since(start); err != nil || d > 2*time.Second {
					c.Close()
					t.Fatalf("try %d: a new address waited %v for index.html (%v)", try+1, d.Round(time.Millisecond), err)
				}
				start = time.Now()
				c.SetDeadline(time.Now().Add(30 * time.Second))
				fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
				resp, err = http.ReadResponse(br, nil)
				var n int64
				if err == nil {
					n, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				if err != nil || n != 16<<20 || time.Since(start) > 10*time.Second {
					t.Errorf("try %d: the program: %d bytes in %v (%v)", try+1, n, time.Since(start).Round(time.Millisecond), err)
				}
				c.Close()
			}
			var after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&after)
			if grew := int64(after.HeapInuse) - int64(before.HeapInuse); grew > 64<<20 {
				t.Errorf("the server's heap grew by %d MB", grew>>20)
			}
		})
	}
}

// The pace counts what the client takes, over a window, not what the
// system buffers: a pupil's device with a 4 KB receive window reading at
// 20 KB/s keeps going under a floor of 8 KB/s, and a reader at 8 KB/s
// with large buffers is cut under a floor of 16 KB/s once its buffers'
// credit has left the window, so that the next client is served.
func TestThePaceIsWhatTheClientTakes(t *testing.T) {
	dir, wasm := bigSite(t)
	limits := func(floor float64) Limits {
		l := DefaultLimits
		l.MaxConns, l.Grace, l.MinRate, l.ReadHeaderTimeout = 1, 6*time.Second, floor, 40*time.Second
		return l
	}
	reader := func(addr string, window, rate int, stop <-chan struct{}) (read chan int64) {
		c := dialForTest(t, addr)
		c.(*net.TCPConn).SetReadBuffer(window)
		fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: test\r\n\r\n", wasm)
		read = make(chan int64, 1)
		go func() {
			buf := make([]byte, rate/10)
			var n int64
			defer func() { read <- n }()
			for {
				select {
				case <-stop:
					return
				case <-time.After(100 * time.Millisecond):
				}
				c.SetReadDeadline(time.Now().Add(3 * time.Second))
				m, err := io.ReadFull(c, buf)
				n += int64(m)
				if err != nil {
					n = -n // cut
					return
				}
			}
		}()
		return read
	}

	stop := make(chan struct{})
	read := reader(serveForTest(t, dir, limits(8<<10)), 4<<10, 20<<10, stop)
	time.Sleep(14 * time.Second)
	close(stop)
	if n := <-read; n < 0 {
		t.Errorf("a small-window device reading 20 KB/s was cut after %d KB under a floor of 8 KB/s", -n>>10)
	}

	addr := serveForTest(t, dir, limits(16<<10))
	stop = make(chan struct{})
	defer close(stop)
	reader(addr, 4<<20, 8<<10, stop)
	time.Sleep(time.Second) // it holds the one slot
	start := time.Now()
	c := dialForTest(t, addr)
	c.SetDeadline(time.Now().Add(40 * time.Second))
	fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: test\r\n\r\n")
	if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err != nil || resp.StatusCode != 200 {
		t.Fatalf("the next client was not served: %v", err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("a large-buffer reader at 8 KB/s held the slot %v under a floor of 16 KB/s", d.Round(time.Second))
	}
}
