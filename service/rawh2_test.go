package service

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/ashtapada/ashtapada/internal/rawh2"
)

// dialRaw opens a gRPC connection written with HTTP/2's framer alone (see rawh2), from the
// loopback address local ("" for any), whose streams start with the given flow-control window (0:
// the server may send no response byte at all). It is closed at the test's end.
func dialRaw(t testing.TB, local, addr string, window uint32) *rawh2.Conn {
	t.Helper()
	c, err := rawh2.Dial(addr, rawh2.Options{Local: local, Window: window})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// rawCall opens a stream on c calling method (/package.Service/Method) with req, and sends it.
// Write errors mean the server closed the connection, which c reports.
func rawCall(t testing.TB, c *rawh2.Conn, method string, req proto.Message) {
	t.Helper()
	_, _ = c.Call(method, mustMarshal(t, req))
	_ = c.Flush()
}
