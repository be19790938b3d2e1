package web

import (
	"net"

	"golang.org/x/sys/unix"
)

// acknowledged is how many bytes of c's the client has acknowledged, from
// the system's TCP_INFO.
func acknowledged(c net.Conn) (int64, bool) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return 0, false
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return 0, false
	}
	var n int64
	var got bool
	_ = raw.Control(func(fd uintptr) {
		if info, err := unix.GetsockoptTCPInfo(int(fd), unix.IPPROTO_TCP, unix.TCP_INFO); err == nil {
			n, got = int64(info.Bytes_acked), true
		}
	})
	return n, got
}
