// Package rawh2 is a gRPC client over HTTP/2 written with the framer alone, for tests and tools
// that do to the server what no well-behaved client does: grant no flow-control window, reset
// streams as fast as they open them, flood control frames, send huge headers, never read an
// answer. It answers the server's SETTINGS and PINGs, so that only what the caller does is
// hostile, and counts what came back.
//
// A Conn's writes go to a buffer that Flush sends (the answers to SETTINGS and PING flush it too);
// so a caller can batch frames as an attacker would. Write errors mean the server closed the
// connection, which the reader sees as well: callers under attack usually ignore them.
package rawh2

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"sync"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// maxFrame is the largest frame payload a client may send before the server raises
// SETTINGS_MAX_FRAME_SIZE (RFC 9113, section 6.5.2).
const maxFrame = 16 << 10

// Options say how to dial.
type Options struct {
	// Local is the address to dial from, such as "127.0.0.2"; "" lets the system choose.
	Local string
	// Timeout bounds the dial; 0 for none.
	Timeout time.Duration
	// Window is the SETTINGS_INITIAL_WINDOW_SIZE sent after the preface: every stream's
	// flow-control window (0: the server may send no byte of an answer).
	Window uint32
	// NoDynamicTable encodes headers without HPACK's dynamic table, so that every request's
	// HEADERS carry its fields in full and the server decodes them in full each time.
	NoDynamicTable bool
}

// Stats is what the server sent back.
type Stats struct {
	Ended      int           // streams ended by the server's trailers (HEADERS with END_STREAM)
	Resets     int           // RST_STREAM frames
	Data       int           // DATA payload bytes
	GoAway     bool          // whether a GOAWAY came
	GoAwayCode http2.ErrCode // the last GOAWAY's error code
}

// Conn is a client HTTP/2 connection. Its methods are safe for concurrent use.
type Conn struct {
	conn net.Conn

	wmu  sync.Mutex // guards the writer, the framer's writes, the encoder and next
	bw   *bufio.Writer
	fr   *http2.Framer
	enc  *hpack.Encoder
	hbuf bytes.Buffer
	next uint32

	mu      sync.Mutex // guards stats and changed
	stats   Stats
	changed chan struct{} // closed, and replaced, when stats change

	closed chan struct{} // closed when the reader stopped: the connection is closed
}

// Dial connects to addr, writes the client preface and a SETTINGS frame with the window, and
// starts reading the server's frames. A server that refuses the connection closes it at once: the
// writes fail, and the reader sees it.
func Dial(addr string, o Options) (*Conn, error) {
	d := net.Dialer{Timeout: o.Timeout}
	if o.Local != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(o.Local)}
	}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	c := &Conn{conn: nc, next: 1, changed: make(chan struct{}), closed: make(chan struct{})}
	c.bw = bufio.NewWriterSize(nc, 32<<10)
	c.fr = http2.NewFramer(c.bw, nc)
	c.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	c.enc = hpack.NewEncoder(&c.hbuf)
	if o.NoDynamicTable {
		c.enc.SetMaxDynamicTableSizeLimit(0)
	}
	c.wmu.Lock()
	_, _ = io.WriteString(c.bw, http2.ClientPreface)
	_ = c.fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: o.Window})
	_ = c.bw.Flush()
	c.wmu.Unlock()
	go c.read()
	return c, nil
}

// read answers the server's SETTINGS and PINGs and counts the rest, until the connection closes.
func (c *Conn) read() {
	defer close(c.closed)
	for {
		f, err := c.fr.ReadFrame()
		if err != nil {
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				c.writeFlush(c.fr.WriteSettingsAck)
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				c.writeFlush(func() error { return c.fr.WritePing(true, f.Data) })
			}
		case *http2.MetaHeadersFrame:
			if f.StreamEnded() {
				c.note(func(s *Stats) { s.Ended++ })
			}
		case *http2.RSTStreamFrame:
			c.note(func(s *Stats) { s.Resets++ })
		case *http2.DataFrame:
			n := len(f.Data())
			c.note(func(s *Stats) { s.Data += n })
		case *http2.GoAwayFrame:
			code := f.ErrCode
			c.note(func(s *Stats) { s.GoAway, s.GoAwayCode = true, code })
		}
	}
}

// note changes the stats and wakes Await.
func (c *Conn) note(f func(*Stats)) {
	c.mu.Lock()
	f(&c.stats)
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

func (c *Conn) write(f func() error) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return f()
}

// writeFlush writes with f and flushes, in one hold of the writer.
func (c *Conn) writeFlush(f func() error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if f() == nil {
		_ = c.bw.Flush()
	}
}

// Stats is what the server has sent so far.
func (c *Conn) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Await waits up to limit for cond to hold of the stats, testing it whenever they change, and
// reports whether it held. It stops waiting once the connection is closed.
func (c *Conn) Await(limit time.Duration, cond func(Stats) bool) bool {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		c.mu.Lock()
		s, changed := c.stats, c.changed
		c.mu.Unlock()
		if cond(s) {
			return true
		}
		select {
		case <-changed:
		case <-c.closed:
			return cond(c.Stats())
		case <-timer.C:
			return false
		}
	}
}

// IsClosed reports whether the connection is closed, by the server or by Close.
func (c *Conn) IsClosed() bool {
	select {
	case <-c.closed:
		return true
	default:
		return false
	}
}

// WaitClosed waits up to limit for the connection to close, and reports whether it did. Even with
// a limit of 0 it waits for a timer, which lets other goroutines run: a loop that writes until
// WaitClosed(0) gives an in-process server the time to read, where one on IsClosed outruns it.
func (c *Conn) WaitClosed(limit time.Duration) bool {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-c.closed:
		return true
	case <-timer.C:
		return c.IsClosed()
	}
}

// Close closes the connection.
func (c *Conn) Close() error { return c.conn.Close() }

// Flush sends what the writes left in the buffer.
func (c *Conn) Flush() error { return c.write(c.bw.Flush) }

// OpenStream writes a new stream's request headers for a gRPC call of method
// ("/package.Service/Method") and the extra fields, in CONTINUATION frames past 16 KB, leaving
// the stream open; it returns the stream's id.
func (c *Conn) OpenStream(method string, extra ...hpack.HeaderField) (uint32, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.openStream(method, extra)
}

// Call writes a stream's request headers, as OpenStream does, and msg as its one gRPC message in
// DATA frames of at most 16 KB, the last ending the stream; it returns the stream's id.
func (c *Conn) Call(method string, msg []byte, extra ...hpack.HeaderField) (uint32, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	id, err := c.openStream(method, extra)
	if err != nil {
		return id, err
	}
	frame := make([]byte, 5+len(msg))
	binary.BigEndian.PutUint32(frame[1:], uint32(len(msg)))
	copy(frame[5:], msg)
	for len(frame) > 0 {
		n := min(len(frame), maxFrame)
		if err := c.fr.WriteData(id, n == len(frame), frame[:n]); err != nil {
			return id, err
		}
		frame = frame[n:]
	}
	return id, nil
}

// openStream is OpenStream with c.wmu held.
func (c *Conn) openStream(method string, extra []hpack.HeaderField) (uint32, error) {
	id := c.next
	c.next += 2
	c.hbuf.Reset()
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", method}, {":authority", "ashtapada"},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		_ = c.enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	for _, f := range extra {
		_ = c.enc.WriteField(f)
	}
	block := c.hbuf.Bytes()
	first := min(len(block), maxFrame)
	if err := c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block[:first], EndHeaders: first == len(block)}); err != nil {
		return id, err
	}
	for block = block[first:]; len(block) > 0; {
		n := min(len(block), maxFrame)
		if err := c.fr.WriteContinuation(id, n == len(block), block[:n]); err != nil {
			return id, err
		}
		block = block[n:]
	}
	return id, nil
}

// WriteRSTStream writes a RST_STREAM frame.
func (c *Conn) WriteRSTStream(id uint32, code http2.ErrCode) error {
	return c.write(func() error { return c.fr.WriteRSTStream(id, code) })
}

// WriteSettings writes a SETTINGS frame.
func (c *Conn) WriteSettings(settings ...http2.Setting) error {
	return c.write(func() error { return c.fr.WriteSettings(settings...) })
}

// WritePing writes a PING frame (not an ack).
func (c *Conn) WritePing(data [8]byte) error {
	return c.write(func() error { return c.fr.WritePing(false, data) })
}

// WriteWindowUpdate writes a WINDOW_UPDATE frame; stream 0 is the connection's window.
func (c *Conn) WriteWindowUpdate(id, increment uint32) error {
	return c.write(func() error { return c.fr.WriteWindowUpdate(id, increment) })
}

// WriteData writes one DATA frame with p as its payload, as it is.
func (c *Conn) WriteData(id uint32, endStream bool, p []byte) error {
	return c.write(func() error { return c.fr.WriteData(id, endStream, p) })
}
