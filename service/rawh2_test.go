package service

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// rawClient is a gRPC client written with HTTP/2's framer alone, so that a test can do what no
// well-behaved client does: grant the server no flow-control window, never read a response, yet
// answer pings and settings so that keepalive never closes the connection.
type rawClient struct {
	t    testing.TB
	conn net.Conn

	mu   sync.Mutex // guards the framer's writes, the encoder and next
	fr   *http2.Framer
	enc  *hpack.Encoder
	hbuf bytes.Buffer
	next uint32

	state  sync.Mutex
	ended  map[uint32]rawEnd // streams that ended: trailers or RST_STREAM
	data   int               // DATA bytes received
	goaway bool
	closed chan struct{} // closed when the server closed the connection
}

// rawEnd is how a stream ended.
type rawEnd struct {
	code  codes.Code // grpc-status of the trailers
	reset bool       // RST_STREAM instead
}

// dialRaw opens a connection whose streams start with the given flow-control window (0: the
// server may send no response byte at all).
func dialRaw(t testing.TB, addr string, window uint32) *rawClient {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	r := &rawClient{t: t, conn: c, next: 1, ended: map[uint32]rawEnd{}, closed: make(chan struct{})}
	t.Cleanup(func() { c.Close() })
	r.fr = http2.NewFramer(c, c)
	r.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	r.enc = hpack.NewEncoder(&r.hbuf)
	// A server that refuses the connection closes it at once: the writes fail, and read sees it.
	if _, err := io.WriteString(c, http2.ClientPreface); err == nil {
		_ = r.fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: window})
	}
	go r.read()
	return r
}

// read answers the server's settings and pings and records how streams end, until the server
// closes the connection.
func (r *rawClient) read() {
	defer close(r.closed)
	for {
		f, err := r.fr.ReadFrame()
		if err != nil {
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				r.write(func() error { return r.fr.WriteSettingsAck() })
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				r.write(func() error { return r.fr.WritePing(true, f.Data) })
			}
		case *http2.MetaHeadersFrame:
			if f.StreamEnded() {
				code, _ := strconv.Atoi(f.PseudoValue("status"))
				for _, hf := range f.RegularFields() {
					if hf.Name == "grpc-status" {
						code, _ = strconv.Atoi(hf.Value)
					}
				}
				r.end(f.StreamID, rawEnd{code: codes.Code(code)})
			}
		case *http2.RSTStreamFrame:
			r.end(f.StreamID, rawEnd{reset: true})
		case *http2.DataFrame:
			r.state.Lock()
			r.data += len(f.Data())
			r.state.Unlock()
		case *http2.GoAwayFrame:
			r.state.Lock()
			r.goaway = true
			r.state.Unlock()
		}
	}
}

func (r *rawClient) end(id uint32, e rawEnd) {
	r.state.Lock()
	r.ended[id] = e
	r.state.Unlock()
}

func (r *rawClient) write(f func() error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	_ = f()
}

// call opens a stream calling method (/package.Service/Method) with req, and returns its id.
func (r *rawClient) call(method string, req proto.Message) uint32 {
	r.t.Helper()
	msg, err := proto.Marshal(req)
	if err != nil {
		r.t.Fatal(err)
	}
	return r.callBytes(method, msg)
}

// callBytes opens a stream calling method with msg as the request's bytes, whatever they are.
func (r *rawClient) callBytes(method string, msg []byte) uint32 {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.next
	r.next += 2
	r.hbuf.Reset()
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", method}, {":authority", "ashtapada"},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		_ = r.enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	// Write errors mean the server closed the connection, which read reports.
	if err := r.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: r.hbuf.Bytes(), EndHeaders: true}); err != nil {
		return id
	}
	frame := make([]byte, 5+len(msg))
	binary.BigEndian.PutUint32(frame[1:], uint32(len(msg)))
	copy(frame[5:], msg)
	for len(frame) > 0 {
		n := min(len(frame), 16<<10)
		if err := r.fr.WriteData(id, n == len(frame), frame[:n]); err != nil {
			return id
		}
		frame = frame[n:]
	}
	return id
}

// isClosed reports whether the server has closed the connection.
func (r *rawClient) isClosed() bool {
	select {
	case <-r.closed:
		return true
	default:
		return false
	}
}

// waitClosed waits up to limit for the server to close the connection.
func (r *rawClient) waitClosed(limit time.Duration) bool {
	select {
	case <-r.closed:
		return true
	case <-time.After(limit):
		return false
	}
}
