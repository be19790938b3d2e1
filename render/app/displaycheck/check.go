//go:build (linux || freebsd || netbsd || openbsd) && !android && !js

package displaycheck

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"displaycheck/usage"
)

func init() {
	if strings.HasSuffix(filepath.Base(os.Args[0]), ".test") {
		return // a test binary, not the program
	}
	if slices.ContainsFunc(os.Args[1:], func(a string) bool { return a == "-h" || a == "-help" || a == "--help" }) {
		fmt.Print(usage.Texts[language(os.Args[1:], os.Getenv)]) // the usage needs no display
		os.Exit(0)
	}
	display := os.Getenv("DISPLAY")
	if display == "" {
		fmt.Fprintln(os.Stderr, "vnodes: no display found: set DISPLAY, or use `make serve` and a browser")
		os.Exit(1)
	}
	if err := reach(display); err != nil {
		fmt.Fprintf(os.Stderr, "vnodes: cannot open display %q (%v): start an X server there, set DISPLAY to one, or use `make serve` and a browser\n", display, err)
		os.Exit(1)
	}
}

// reach connects to the X server that display names, as Xlib would find
// it: "[host]:N[.S]"; no host (or "unix") is the local socket for N,
// another host is TCP port 6000+N there. It checks that a server answers,
// not that it will let us in.
func reach(display string) error {
	colon := strings.LastIndex(display, ":")
	if colon < 0 {
		return fmt.Errorf("not of the form host:number")
	}
	host, rest := display[:colon], display[colon+1:]
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not a display number", num)
	}
	const wait = 3 * time.Second
	if host == "" || host == "unix" {
		path := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		var err error
		for _, addr := range []string{"@" + path, path} { // Linux's abstract socket first, as Xlib
			var c net.Conn
			if c, err = net.DialTimeout("unix", addr, wait); err == nil {
				return c.Close()
			}
		}
		return fmt.Errorf("no X server at %s", path)
	}
	c, err := net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), wait)
	if err != nil {
		return fmt.Errorf("no X server answers at %s port %d", host, 6000+n)
	}
	return c.Close()
}

// language is the usage's language: -lang's, else the locale's (LC_ALL,
// LC_MESSAGES, LANG: "de_DE.UTF-8"), else English; a region the usage
// lacks gives the same language in another ("pt_PT" gives pt-BR). The app
// itself matches languages with vnodes/assets/lang, which this package
// cannot import.
func language(args []string, getenv func(string) string) string {
	var asked []string
	for i, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "lang" && strings.HasPrefix(a, "-") {
			if !hasValue && i+1 < len(args) {
				value = args[i+1]
			}
			asked = append(asked, value)
		}
	}
	for _, env := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(env); v != "" {
			v, _, _ = strings.Cut(v, ".")
			asked = append(asked, v)
			break
		}
	}
	for _, a := range asked {
		a = strings.ToLower(strings.ReplaceAll(a, "_", "-"))
		base, _, _ := strings.Cut(a, "-")
		for _, exact := range []bool{true, false} {
			for tag := range usage.Texts {
				t := strings.ToLower(tag)
				tb, _, _ := strings.Cut(t, "-")
				if exact && t == a || !exact && tb == base {
					return tag
				}
			}
		}
	}
	return "en"
}
