// Command serve serves the built static site for `make serve`, with the
// timeouts, connection caps, pace and headers of package web. Any static file
// host works as well.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"vnodes/web"
)

// shutdownGrace is how long transfers in progress may take to finish
// after Ctrl-C or SIGTERM: a page load on a LAN takes seconds, and
// someone stopping the server does not want to wait minutes.
var shutdownGrace = 30 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one ends the program at once.
		<-ctx.Done()
		stop()
	}()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves until ctx is done and returns the exit status: 0 after a
// clean stop, 1 when serving fails, 2 for bad arguments.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: serve [-addr 127.0.0.1:8080] [-dir web/site]")
		fmt.Fprintln(stderr, "Serves the vnodes site that `make web` built, for a browser on this machine or, with -addr 0.0.0.0:8080, for a class on the network.")
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on, host:port; 0.0.0.0:8080 opens the site to the network")
	dir := fs.String("dir", "web/site", "folder holding the built site (make web)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := checkAddr(*addr); err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %s: this command takes only -addr and -dir\n", short(fs.Arg(0)))
		return 2
	}
	info, err := os.Stat(*dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		fmt.Fprintf(stderr, "serve: -dir %s does not exist: build the site with `make web`, or name the folder that holds it\n", short(*dir))
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "serve: -dir %s: %v\n", short(*dir), err)
		return 2
	case !info.IsDir():
		fmt.Fprintf(stderr, "serve: -dir %s is not a directory\n", short(*dir))
		return 2
	}
	if err := web.CheckSite(*dir); err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	limits := web.DefaultLimits
	srv := web.NewServer(web.Handler(*dir), limits)
	srv.ErrorLog = log.New(stderr, "serve: ", 0)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(web.Guard(ln, srv, limits)) }()

	printURLs(stdout, *addr, ln.Addr().(*net.TCPAddr), lanAddrs())

	select {
	case err := <-served:
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintf(stdout, "stopping: letting transfers in progress finish (at most %v; Ctrl-C again stops at once)\n", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		fmt.Fprintf(stdout, "stopped: transfers still running after %v were cut\n", shutdownGrace)
	} else {
		fmt.Fprintln(stdout, "stopped")
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "serve:", err)
	}
	return 0
}

// checkAddr refuses an address that would not do what was meant: one
// without a port, or without a host (which would open the site to the
// network on a port of the system's choosing).
func checkAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		if _, numErr := strconv.Atoi(addr); numErr == nil {
			return fmt.Errorf("-addr %s is a port alone: use 127.0.0.1:%s for this machine, or 0.0.0.0:%s to open the site to the network", short(addr), addr, addr)
		}
		return fmt.Errorf("-addr %s is not host:port (such as 127.0.0.1:8080 or 0.0.0.0:8080)", short(addr))
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("-addr %s: the port must be a number from 1 to 65535 (0: any free one)", short(addr))
	}
	if host == "" {
		return fmt.Errorf("-addr %s names no host: use 127.0.0.1%s for this machine, or 0.0.0.0%s to open the site to the network", short(addr), addr, addr)
	}
	return nil
}

// printURLs says where the site can be opened and, when other machines
// can reach it, that they can, naming the address as typed.
func printURLs(w io.Writer, typed string, a *net.TCPAddr, lan []net.IP) {
	urls, open := siteURLs(a, lan)
	if !open {
		fmt.Fprintf(w, "vnodes is served at %s (Ctrl-C to stop)\n", urls[0])
		return
	}
	fmt.Fprintln(w, "vnodes is served at:")
	for _, u := range urls {
		fmt.Fprintln(w, "  "+u)
	}
	fmt.Fprintf(w, "warning: listening on %s opens the site to every machine that can reach this one; "+
		"-addr 127.0.0.1:%d keeps it to this machine. Ctrl-C to stop.\n", typed, a.Port)
}

// siteURLs lists addresses a browser can use: for a wildcard address
// (0.0.0.0 or ::), each network address of this machine, then 127.0.0.1;
// a wildcard itself is never a usable address. open is true when other
// machines can connect.
func siteURLs(a *net.TCPAddr, lan []net.IP) (urls []string, open bool) {
	port := strconv.Itoa(a.Port)
	url := func(ip net.IP) string { return "http://" + net.JoinHostPort(ip.String(), port) + "/" }
	if !a.IP.IsUnspecified() && a.IP != nil {
		return []string{url(a.IP)}, !a.IP.IsLoopback()
	}
	ipv4Only := a.IP.To4() != nil // 0.0.0.0 listens on IPv4 only; :: on both
	for _, ip := range lan {
		if ip.IsLoopback() || ip.IsUnspecified() || ip.IsLinkLocalUnicast() || ip.IsMulticast() {
			continue // link-local IPv6 needs a zone that browsers do not take
		}
		if ipv4Only && ip.To4() == nil {
			continue
		}
		urls = append(urls, url(ip))
	}
	if len(urls) == 0 {
		urls = append(urls, "(no network address found: only this machine can connect)")
	}
	return append(urls, url(net.IPv4(127, 0, 0, 1))+" (this machine)"), true
}

// lanAddrs lists the addresses of the network interfaces that are up.
func lanAddrs() []net.IP {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var ips []net.IP
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				ips = append(ips, n.IP)
			}
		}
	}
	return ips
}

// short quotes s for an error line, cut to a length that keeps the line
// readable whatever was passed.
func short(s string) string {
	const max = 60
	if len(s) > max {
		return strconv.Quote(s[:max]) + "…"
	}
	return strconv.Quote(s)
}
