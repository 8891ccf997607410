package service

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
	"time"
)

// HTTP/2 frame types and flags that the connection guard reads (RFC 9113, section 6).
const (
	frameData         = 0x0
	frameHeaders      = 0x1
	framePriority     = 0x2
	frameRSTStream    = 0x3
	frameSettings     = 0x4
	framePing         = 0x6
	frameGoAway       = 0x7
	frameWindowUpdate = 0x8

	flagEndStream = 0x1
	flagAck       = 0x1

	errEnhanceYourCalm = 0xb
)

// clientPrefaceLen is the length of "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", which a client sends
// before its first frame.
const clientPrefaceLen = 24

// frameScanner follows the frames of one direction of an HTTP/2 connection as its bytes pass,
// without copying them: it sees each frame's header and counts DATA payload bytes.
type frameScanner struct {
	skip   int // preface bytes still to pass over
	header [9]byte
	have   int    // bytes of the current frame's header seen
	left   uint32 // bytes of the current frame's payload still to come
	isData bool
}

// frameHeader is what a frame's 9-byte header says.
type frameHeader struct {
	length uint32
	typ    byte
	flags  byte
	stream uint32
}

// scan reads p, calls on for every frame header completed in it, and returns how many bytes of
// p are DATA payload.
func (f *frameScanner) scan(p []byte, on func(frameHeader)) int {
	n := 0
	if f.skip > 0 {
		k := min(f.skip, len(p))
		f.skip -= k
		p = p[k:]
	}
	for len(p) > 0 {
		if f.have < len(f.header) {
			k := copy(f.header[f.have:], p)
			f.have += k
			p = p[k:]
			if f.have < len(f.header) {
				break
			}
			h := frameHeader{length: uint32(f.header[0])<<16 | uint32(f.header[1])<<8 | uint32(f.header[2]),
				typ: f.header[3], flags: f.header[4], stream: binary.BigEndian.Uint32(f.header[5:]) & (1<<31 - 1)}
			f.left, f.isData = h.length, h.typ == frameData
			if on != nil {
				on(h)
			}
			if f.left == 0 {
				f.have = 0
			}
			continue
		}
		k := min(uint32(len(p)), f.left)
		if f.isData {
			n += int(k)
		}
		f.left -= k
		p = p[k:]
		if f.left == 0 {
			f.have = 0
		}
	}
	return n
}

// atBoundary reports whether the bytes so far end a frame, so that another may be written next.
func (f *frameScanner) atBoundary() bool { return f.have == 0 && f.skip == 0 }

// Thresholds of the stream ledger, after Envoy's defaults for the same attacks.
const (
	// A stream the client resets within prematureLifetime of opening it, or after the server has
	// answered it, is a premature reset. Once a connection has opened resetMinStreams streams (a
	// count halved every time it doubles, so that old history fades), it is ended when at least
	// half of them were reset prematurely: the HTTP/2 rapid reset attack (CVE-2023-44487).
	prematureLifetime = time.Second
	resetMinStreams   = 200
	// Control frames (SETTINGS, PING, WINDOW_UPDATE, PRIORITY, and DATA frames without payload
	// or end) cost the server work but carry no call: a client may send controlBurst of them at
	// once, then controlRate a second plus controlPerFrame for every frame the server writes (a
	// client acknowledges what it receives with WINDOW_UPDATE and pings). Past that the
	// connection is ended (the CVE-2019-9512/9515/9518 floods).
	controlBurst    = 1000
	controlRate     = 100
	controlPerFrame = 4
	// maxTracked bounds the streams a ledger remembers; the server refuses streams past its
	// MaxConcurrentStreams anyway, with a RST_STREAM that ends them in the ledger.
	maxTracked = 4096
)

// streamLedger keeps, for one gRPC connection, the streams the client opened and the server has
// not ended, and the counts that tell an attack from a client.
type streamLedger struct {
	mu         sync.Mutex
	open       map[uint32]time.Time // when each open stream was opened
	lastClient uint32               // the highest stream id the client opened
	lastActive time.Time            // when a stream last opened or ended
	opened     int                  // streams opened in the ledger's window
	premature  int                  // of those, reset prematurely
	tokens     float64              // control frames the client may still send
	refilled   time.Time
	// held, when set, is the peer memory budget's running total, which the ledger moves by
	// grpcStreamCost as streams open and end, so that the budget sees a burst of streams at once.
	held *atomic.Int64
}

func newStreamLedger(now time.Time) *streamLedger {
	return &streamLedger{open: map[uint32]time.Time{}, lastActive: now, tokens: controlBurst, refilled: now}
}

// fromClient records a frame the client sent and returns why the connection must end, if it must.
func (l *streamLedger) fromClient(h frameHeader, now time.Time) string {
	switch h.typ {
	case frameHeaders:
		if h.stream <= l.lastClient {
			return "" // trailers, or a stream the server already knows
		}
		l.mu.Lock()
		l.lastClient = h.stream
		if len(l.open) < maxTracked {
			l.open[h.stream] = now
			if l.held != nil {
				l.held.Add(grpcStreamCost)
			}
		}
		l.lastActive = now
		if l.opened++; l.opened >= 2*resetMinStreams {
			l.opened, l.premature = l.opened/2, l.premature/2
		}
		l.mu.Unlock()
	case frameRSTStream:
		l.mu.Lock()
		defer l.mu.Unlock()
		if h.stream > l.lastClient {
			return "" // a stream the client never opened: the transport answers that
		}
		// A stream the server has already ended counts too: a client that resets streams as
		// fast as it opens them finds most already answered.
		opened, ok := l.open[h.stream]
		if ok {
			l.forget(h.stream, now)
		}
		if !ok || now.Sub(opened) < prematureLifetime {
			l.premature++
			if l.opened >= resetMinStreams && 2*l.premature >= l.opened {
				return "rapid_reset"
			}
		}
	case frameData:
		if h.length == 0 && h.flags&flagEndStream == 0 {
			return l.control(now)
		}
	case frameSettings, framePing:
		if h.flags&flagAck == 0 {
			return l.control(now)
		}
	case frameWindowUpdate, framePriority:
		return l.control(now)
	}
	return ""
}

// control spends a control frame's token.
func (l *streamLedger) control(now time.Time) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if dt := now.Sub(l.refilled); dt > 0 {
		l.tokens = min(controlBurst, l.tokens+dt.Seconds()*controlRate)
		l.refilled = now
	}
	if l.tokens--; l.tokens < 0 {
		return "control_flood"
	}
	return ""
}

// fromServer records a frame the server wrote.
func (l *streamLedger) fromServer(h frameHeader, now time.Time) {
	switch h.typ {
	case frameData, frameHeaders:
		l.mu.Lock()
		l.tokens = min(controlBurst, l.tokens+controlPerFrame)
		if h.flags&flagEndStream != 0 {
			l.end(h.stream, now)
		}
		l.mu.Unlock()
	case frameRSTStream:
		l.mu.Lock()
		l.end(h.stream, now)
		l.mu.Unlock()
	}
}

func (l *streamLedger) end(stream uint32, now time.Time) {
	if _, ok := l.open[stream]; ok {
		l.forget(stream, now)
	}
}

// forget drops an open stream; the caller holds l.mu.
func (l *streamLedger) forget(stream uint32, now time.Time) {
	delete(l.open, stream)
	l.lastActive = now
	if l.held != nil {
		l.held.Add(-grpcStreamCost)
	}
}

// streams is the number of streams open, and whether the connection has had none since before
// idleSince.
func (l *streamLedger) streams(idleSince time.Time) (open int, idle bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.open), len(l.open) == 0 && l.lastActive.Before(idleSince)
}

// goAway is a GOAWAY frame with ENHANCE_YOUR_CALM, naming lastStream as the last the server may
// have processed and reason as its debug data.
func goAway(lastStream uint32, code uint32, reason string) []byte {
	b := make([]byte, 9+8+len(reason))
	n := 8 + len(reason)
	b[0], b[1], b[2], b[3] = byte(n>>16), byte(n>>8), byte(n), frameGoAway
	binary.BigEndian.PutUint32(b[9:], lastStream)
	binary.BigEndian.PutUint32(b[13:], code)
	copy(b[17:], reason)
	return b
}
