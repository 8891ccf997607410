package echo

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuoteCuts(t *testing.T) {
	if got := Quote("e2e4"); got != `"e2e4"` {
		t.Errorf("Quote(e2e4) = %s", got)
	}
	long := strings.Repeat("é", 3000) // 6000 bytes, two to a character
	got := Quote(long)
	if len(got) > MaxQuoted+32 || !strings.HasSuffix(got, `é"... (6000 bytes)`) || !utf8.ValidString(got) {
		t.Errorf("quote of 6000 bytes: %d bytes, %s", len(got), got)
	}
}

func TestClip(t *testing.T) {
	if got := Clip("héllo", 2); got != "h..." {
		t.Errorf("Clip cuts inside a character: %q", got)
	}
	if got := Clip("abc", 3); got != "abc" {
		t.Errorf("Clip cuts what fits: %q", got)
	}
}
