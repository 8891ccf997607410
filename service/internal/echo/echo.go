// Package echo bounds what an error repeats of a client's request, so that no answer or log line
// grows with the client's input. The service and its HTTP gateway both quote client text.
package echo

import (
	"strconv"
	"unicode/utf8"
)

// Bounds on a quoted value, a field path and a whole message (engine messages included).
const (
	MaxQuoted    = 64
	MaxFieldPath = 256
	MaxMessage   = 1024
)

// Quote quotes client input for an error message, cut to MaxQuoted bytes with its full length
// said.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(prefix(s, MaxQuoted)) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// Clip cuts s to at most n bytes, marking the cut with "...".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return prefix(s, n) + "..."
}

// prefix is the longest start of s of at most n bytes that ends on a character boundary.
func prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
