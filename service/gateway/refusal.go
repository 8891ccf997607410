package gateway

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/ashtapada/ashtapada/service/internal/echo"
	"google.golang.org/grpc/codes"
)

// Refusal is what an answer that net/http wrote itself says, in the API's terms.
type Refusal struct {
	HTTPStatus int
	Code       codes.Code
	Reason     string // the ErrorInfo reason
	Message    string
}

// plainRefusalHeaders are what net/http writes after the status line of a request it refuses
// before any handler runs (a request line or header it cannot parse, headers too large).
const plainRefusalHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// RewriteRefusal returns, when p is such a refusal whole, the same refusal as an AIP-193 JSON
// answer, and what it says. net/http has no hook for these answers (http.Server calls no handler
// and takes no error writer for them), so the only way to give them the API's form is to rewrite
// the connection's write. Every answer of the handler has a Date header, which these lack, so
// none is mistaken for one.
func RewriteRefusal(p []byte) (answer []byte, r Refusal, ok bool) {
	const statusLine = "HTTP/1.1 "
	head, text, found := bytes.Cut(p, []byte(plainRefusalHeaders))
	if !found || !bytes.HasPrefix(head, []byte(statusLine)) || len(head) < len(statusLine)+3 || bytes.Contains(head, []byte("\n")) {
		return nil, Refusal{}, false
	}
	httpStatus, err := strconv.Atoi(string(head[len(statusLine) : len(statusLine)+3]))
	if err != nil || httpStatus < 400 {
		return nil, Refusal{}, false
	}
	r = Refusal{HTTPStatus: httpStatus, Code: codes.InvalidArgument, Reason: "MALFORMED_REQUEST",
		Message: "the request cannot be parsed: its request line (an invalid %-escape in the path, for one) or a header is malformed"}
	switch {
	case httpStatus == http.StatusRequestHeaderFieldsTooLarge:
		r.Code, r.Reason, r.Message = codes.ResourceExhausted, "HEADERS_TOO_LARGE", "the request's headers are larger than the server's limit"
	case httpStatus >= 500:
		r.Code = codes.Unimplemented
		fallthrough
	default:
		// net/http's own words, "400 Bad Request: missing required Host header", say more.
		if _, words, ok := bytes.Cut(text, []byte(": ")); ok && len(words) > 0 {
			r.Message = "the request cannot be parsed: " + echo.Clip(string(words), maxMessageLen)
		}
	}
	body := errorBody(httpStatus, gatewayStatus(r.Code, r.Reason, "", r.Message, nil))
	answer = make([]byte, 0, 192+len(body))
	answer = append(answer, head...)
	answer = append(answer, "\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: "...)
	answer = strconv.AppendInt(answer, int64(len(body)), 10)
	answer = append(answer, "\r\n\r\n"...)
	answer = append(answer, body...)
	return answer, r, true
}
