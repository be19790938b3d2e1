// Command serve serves the built static site for `make serve`. Any static
// file host works as well.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"vnodes/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "web/site", "folder holding the built site (make web)")
	flag.Parse()
	if err := web.CheckSite(*dir); err != nil {
		fail(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fail(err)
	}
	fmt.Printf("vnodes is served at http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	fail(http.Serve(ln, web.Handler(*dir)))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "serve:", err)
	os.Exit(1)
}
