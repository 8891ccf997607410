package rawh2

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// peer is the server's end of a connection, read and written with a framer of its own.
type peer struct {
	t   *testing.T
	c   net.Conn
	fr  *http2.Framer
	dec *hpack.Decoder
}

func accept(t *testing.T, o Options) (*Conn, *peer) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := Dial(ln.Addr().String(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	sc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sc.Close() })
	_ = sc.SetDeadline(time.Now().Add(10 * time.Second))
	preface := make([]byte, len(http2.ClientPreface))
	if _, err := io.ReadFull(sc, preface); err != nil || string(preface) != http2.ClientPreface {
		t.Fatalf("preface %q, %v", preface, err)
	}
	return c, &peer{t: t, c: sc, fr: http2.NewFramer(sc, sc), dec: hpack.NewDecoder(4096, nil)}
}

func (p *peer) frame() http2.Frame {
	p.t.Helper()
	f, err := p.fr.ReadFrame()
	if err != nil {
		p.t.Fatal(err)
	}
	return f
}

// headers reads a HEADERS frame and its CONTINUATIONs, checks that none is over 16 KB, and
// returns the block's size and its fields by name.
func (p *peer) headers() (int, map[string]string) {
	p.t.Helper()
	h, ok := p.frame().(*http2.HeadersFrame)
	if !ok {
		p.t.Fatal("want HEADERS")
	}
	block := bytes.Clone(h.HeaderBlockFragment())
	for end := h.HeadersEnded(); !end; {
		c, ok := p.frame().(*http2.ContinuationFrame)
		if !ok || c.StreamID != h.StreamID || len(c.HeaderBlockFragment()) > maxFrame {
			p.t.Fatalf("want a CONTINUATION of stream %d of at most 16 KB", h.StreamID)
		}
		block = append(block, c.HeaderBlockFragment()...)
		end = c.HeadersEnded()
	}
	if len(h.HeaderBlockFragment()) > maxFrame {
		p.t.Errorf("HEADERS of %d bytes", len(h.HeaderBlockFragment()))
	}
	fields, err := p.dec.DecodeFull(block)
	if err != nil {
		p.t.Fatal(err)
	}
	m := map[string]string{}
	for _, f := range fields {
		m[f.Name] = f.Value
	}
	return len(block), m
}

func TestConnWritesAndCounts(t *testing.T) {
	c, p := accept(t, Options{Window: 0})
	s, ok := p.frame().(*http2.SettingsFrame)
	if v, has := s.Value(http2.SettingInitialWindowSize); !ok || !has || v != 0 {
		t.Fatalf("first frame %v: want SETTINGS with an initial window of 0", s)
	}

	// A call with a 20 KB header and a 40 KB message.
	msg := bytes.Repeat([]byte{7}, 40<<10)
	id, err := c.Call("/pkg.Svc/M", msg, hpack.HeaderField{Name: "x-big", Value: strings.Repeat("a", 20<<10)})
	if err != nil || id != 1 {
		t.Fatalf("Call: %d, %v", id, err)
	}
	if id, err := c.OpenStream("/pkg.Svc/N"); err != nil || id != 3 {
		t.Fatalf("OpenStream: %d, %v", id, err)
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	_, h := p.headers()
	if h[":path"] != "/pkg.Svc/M" || h["content-type"] != "application/grpc" || len(h["x-big"]) != 20<<10 {
		t.Errorf("headers %v", h)
	}
	var body []byte
	for {
		d, ok := p.frame().(*http2.DataFrame)
		if !ok || d.StreamID != 1 || len(d.Data()) > maxFrame {
			t.Fatal("want DATA of stream 1 of at most 16 KB")
		}
		body = append(body, d.Data()...)
		if d.StreamEnded() {
			break
		}
	}
	if len(body) != 5+len(msg) || body[0] != 0 || binary.BigEndian.Uint32(body[1:]) != uint32(len(msg)) || !bytes.Equal(body[5:], msg) {
		t.Errorf("the message came as %d bytes, want a gRPC frame of %d", len(body), len(msg))
	}
	if _, h := p.headers(); h[":path"] != "/pkg.Svc/N" {
		t.Errorf("second stream's headers %v", h)
	}

	// SETTINGS and PING are answered.
	if err := p.fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	if s, ok := p.frame().(*http2.SettingsFrame); !ok || !s.IsAck() {
		t.Fatal("want a SETTINGS ack")
	}
	if err := p.fr.WritePing(false, [8]byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if f, ok := p.frame().(*http2.PingFrame); !ok || !f.IsAck() || f.Data != [8]byte{1, 2, 3} {
		t.Fatal("want the PING's ack")
	}

	// What comes back is counted.
	var hbuf bytes.Buffer
	enc := hpack.NewEncoder(&hbuf)
	_ = enc.WriteField(hpack.HeaderField{Name: ":status", Value: "200"})
	_ = p.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: bytes.Clone(hbuf.Bytes()), EndHeaders: true})
	_ = p.fr.WriteData(1, false, make([]byte, 10))
	hbuf.Reset()
	_ = enc.WriteField(hpack.HeaderField{Name: "grpc-status", Value: "0"})
	_ = p.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: hbuf.Bytes(), EndHeaders: true, EndStream: true})
	_ = p.fr.WriteRSTStream(3, http2.ErrCodeRefusedStream)
	if !c.Await(5*time.Second, func(s Stats) bool { return s.Ended == 1 && s.Resets == 1 && s.Data == 10 }) {
		t.Fatalf("stats %+v, want 1 stream ended, 1 reset, 10 bytes", c.Stats())
	}
	if c.IsClosed() || c.WaitClosed(0) {
		t.Error("closed before the server closed it")
	}

	_ = p.fr.WriteGoAway(3, http2.ErrCodeEnhanceYourCalm, nil)
	p.c.Close()
	if !c.WaitClosed(5 * time.Second) {
		t.Fatal("still open after the server closed the connection")
	}
	if s := c.Stats(); !s.GoAway || s.GoAwayCode != http2.ErrCodeEnhanceYourCalm {
		t.Errorf("stats %+v, want GOAWAY ENHANCE_YOUR_CALM", s)
	}
	if c.Await(time.Minute, func(s Stats) bool { return s.Ended == 2 }) {
		t.Error("Await held of a closed connection a condition that did not hold")
	}
}

// Without the dynamic table every request's headers are as long as the first's (less the
// first's table size update); with it, the second is shorter.
func TestNoDynamicTable(t *testing.T) {
	for _, none := range []bool{false, true} {
		c, p := accept(t, Options{Window: 65535, NoDynamicTable: none})
		p.frame() // SETTINGS
		for range 2 {
			_, _ = c.OpenStream("/pkg.Svc/M", hpack.HeaderField{Name: "x-a", Value: "b"})
		}
		_ = c.Flush()
		first, _ := p.headers()
		second, _ := p.headers()
		if shorter := second < first-1; shorter == none {
			t.Errorf("NoDynamicTable %v: header blocks of %d and %d bytes", none, first, second)
		}
	}
}
