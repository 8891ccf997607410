package service

import (
	"testing"
	"time"
)

// The stream ledger tells a client that cancels some calls from one that resets every stream it
// opens, and a client acknowledging answers from a flood of control frames.
func TestStreamLedger(t *testing.T) {
	t0 := time.Unix(1000, 0)
	headers := func(id uint32) frameHeader { return frameHeader{typ: frameHeaders, flags: 0x4, stream: id} }
	reset := func(id uint32) frameHeader { return frameHeader{typ: frameRSTStream, length: 4, stream: id} }
	answered := func(id uint32) frameHeader {
		return frameHeader{typ: frameHeaders, flags: flagEndStream | 0x4, stream: id}
	}

	t.Run("rapid reset", func(t *testing.T) {
		l := newStreamLedger(t0)
		for i := range uint32(resetMinStreams) {
			id := 2*i + 1
			if why := l.fromClient(headers(id), t0); why != "" {
				t.Fatalf("opening stream %d: %s", id, why)
			}
			why := l.fromClient(reset(id), t0)
			if want := i == resetMinStreams-1; (why == "rapid_reset") != want {
				t.Fatalf("reset of stream %d (%d opened): %q", id, i+1, why)
			}
		}
	})
	t.Run("resets of answered streams count", func(t *testing.T) {
		l := newStreamLedger(t0)
		why := ""
		for i := uint32(0); i < 2*resetMinStreams && why == ""; i++ {
			id := 2*i + 1
			l.fromClient(headers(id), t0)
			l.fromServer(answered(id), t0)
			why = l.fromClient(reset(id), t0)
		}
		if why != "rapid_reset" {
			t.Error("a client resetting every stream after its answer was not stopped")
		}
	})
	t.Run("a client that cancels some calls", func(t *testing.T) {
		l := newStreamLedger(t0)
		for i := range uint32(10 * resetMinStreams) {
			id := 2*i + 1
			now := t0.Add(time.Duration(i) * time.Millisecond)
			l.fromClient(headers(id), now)
			if i%3 == 0 { // a third cancelled early
				if why := l.fromClient(reset(id), now); why != "" {
					t.Fatalf("stream %d: %s", id, why)
				}
				continue
			}
			l.fromServer(answered(id), now)
		}
		if open, _ := l.streams(time.Time{}); open != 0 {
			t.Errorf("%d streams open, want 0", open)
		}
	})
	t.Run("late cancels are not premature", func(t *testing.T) {
		l := newStreamLedger(t0)
		for i := range uint32(4 * resetMinStreams) {
			id := 2*i + 1
			l.fromClient(headers(id), t0)
			if why := l.fromClient(reset(id), t0.Add(prematureLifetime)); why != "" {
				t.Fatalf("stream %d cancelled after %v: %s", id, prematureLifetime, why)
			}
		}
	})
	t.Run("control flood", func(t *testing.T) {
		l := newStreamLedger(t0)
		settings := frameHeader{typ: frameSettings, length: 6}
		for i := range controlBurst {
			if why := l.fromClient(settings, t0); why != "" {
				t.Fatalf("settings frame %d of the burst: %s", i, why)
			}
		}
		if why := l.fromClient(settings, t0); why != "control_flood" {
			t.Errorf("past the burst: %q", why)
		}
		// Acknowledgements never count.
		l = newStreamLedger(t0)
		for range 10 * controlBurst {
			if why := l.fromClient(frameHeader{typ: frameSettings, flags: flagAck}, t0); why != "" {
				t.Fatal(why)
			}
		}
	})
	t.Run("window updates for the answers", func(t *testing.T) {
		l := newStreamLedger(t0)
		update := frameHeader{typ: frameWindowUpdate, length: 4}
		for i := range 100 * controlBurst {
			l.fromServer(frameHeader{typ: frameData, length: 16 << 10, stream: 1}, t0)
			for range controlPerFrame {
				if why := l.fromClient(update, t0); why != "" {
					t.Fatalf("after %d DATA frames: %s", i, why)
				}
			}
		}
	})
	t.Run("the burst refills", func(t *testing.T) {
		l := newStreamLedger(t0)
		ping := frameHeader{typ: framePing, length: 8}
		for i := range 5 * controlBurst {
			now := t0.Add(time.Duration(i) * time.Second / (controlRate / 2))
			if why := l.fromClient(ping, now); why != "" {
				t.Fatalf("ping %d at half the rate: %s", i, why)
			}
		}
	})
	t.Run("idle", func(t *testing.T) {
		l := newStreamLedger(t0)
		if _, idle := l.streams(t0.Add(time.Second)); !idle {
			t.Error("a connection without calls is not idle")
		}
		l.fromClient(headers(1), t0.Add(time.Second))
		if _, idle := l.streams(t0.Add(time.Hour)); idle {
			t.Error("a connection with a call open is idle")
		}
		l.fromServer(answered(1), t0.Add(2*time.Second))
		if _, idle := l.streams(t0.Add(3 * time.Second)); !idle {
			t.Error("the call ended a second ago")
		}
	})
}
