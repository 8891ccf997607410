package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/service/internal/echo"
	"github.com/ashtapada/ashtapada/service/internal/reqlimits"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// maxNesting is how deep the service's caps let messages nest. A body nested deeper than the
// JSON decoder reads is refused in the caps' words, naming where the nesting began, which
// nestingField looks for down to twice that depth.
const maxNesting = reqlimits.MaxNesting

// jsonMarshaler is the gateway's JSON: protojson with the API's options, request bodies decoded
// in one pass with their errors kept for the error handler, and the error chunk of a stream in
// the same AIP-193 form as any other error.
type jsonMarshaler struct {
	*runtime.JSONPb
}

func (m jsonMarshaler) Marshal(v any) ([]byte, error) {
	switch x := v.(type) {
	case proto.Message:
		if b, err := marshalFastJSON(x.ProtoReflect()); err == nil {
			return b, nil
		}
		// protojson's own buffer, not copied into another as JSONPb.Marshal does.
		return m.MarshalOptions.Marshal(x)
	case map[string]proto.Message:
		if st, ok := x["error"].(*spb.Status); ok && len(x) == 1 {
			return errorBody(runtime.HTTPStatusFromCode(codes.Code(st.GetCode())), st), nil
		}
	}
	return m.JSONPb.Marshal(v)
}

// StreamContentType names a server stream's answer for what it is, one JSON object a line, as
// the OpenAPI document does (runtime.StreamContentType; otherwise it would be ContentType's JSON).
func (jsonMarshaler) StreamContentType(any) string { return "application/x-ndjson" }

func (m jsonMarshaler) NewDecoder(r io.Reader) runtime.Decoder {
	return bodyDecoder{r: r, m: m.JSONPb}
}

// bodyDecoder reads a whole request body (the body cap bounds it) and unmarshals it with protojson:
// one pass instead of the gateway's json.Decoder and then protojson. An empty body is io.EOF,
// which the gateway takes for an empty request message. runtime.JSONPb's own decoder is no
// faster (a JSON ListLegalMoves takes as long with it, within the noise of ten runs, and makes 157
// allocations instead of 149), but it reads one JSON value and leaves the rest unread, so that
// `{} {}` passes as `{}`, and it keeps no bytes to find the field at fault in.
type bodyDecoder struct {
	r io.Reader
	m *runtime.JSONPb
}

var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer keeps the buffers of rare large bodies out of the pool.
const maxPooledBuffer = 64 << 10

func (d bodyDecoder) Decode(v any) error {
	msg, ok := v.(proto.Message)
	if !ok {
		return d.m.NewDecoder(d.r).Decode(v)
	}
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledBuffer {
			buf.Reset()
			bodyBuffers.Put(buf)
		}
	}()
	body, _ := d.r.(*requestBody)
	if _, err := buf.ReadFrom(d.r); err != nil {
		if body != nil {
			body.err = &decodeError{read: err}
		}
		return err
	}
	data := bytes.TrimSpace(buf.Bytes())
	if len(data) == 0 {
		return io.EOF
	}
	if err := d.m.UnmarshalOptions.Unmarshal(data, msg); err != nil {
		if body != nil {
			body.err = newDecodeError(err, data, msg.ProtoReflect().Descriptor())
		}
		return err
	}
	return nil
}

// decodeError is why a request body was refused: a read error (the cap among them) or the
// decoder's message with the field it points at, and the reason when it is not INVALID_JSON.
type decodeError struct {
	read   error
	msg    string
	field  string
	reason string
}

func (e *decodeError) status(maxBody int64) (int, *spb.Status) {
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(e.read, &tooLarge):
		return http.StatusRequestEntityTooLarge, tooLargeStatus(maxBody)
	case e.read != nil:
		return http.StatusBadRequest, gatewayStatus(codes.InvalidArgument, reasonInvalidJSON, "",
			"reading the request body: "+e.read.Error(), nil)
	}
	reason := e.reason
	if reason == "" {
		reason = reasonInvalidJSON
	}
	return http.StatusBadRequest, gatewayStatus(codes.InvalidArgument, reason, e.field, e.msg, nil)
}

func tooLargeStatus(maxBody int64) *spb.Status {
	limit := strconv.FormatInt(maxBody, 10)
	return gatewayStatus(codes.ResourceExhausted, reasonTooLarge, "",
		"the request body is larger than the limit of "+limit+" bytes", map[string]string{"max_bytes": limit})
}

// newDecodeError words a protojson error about data, a request of md, for the client and finds
// the field at fault. protojson's errors are text that names a line and column at most, never a
// field, and have no type to ask; encoding/json/jsontext's Decoder.StackPointer would name the
// field but exists only under GOEXPERIMENT=jsonv2. Hence the walks below, over refused bodies
// only, with encoding/json's tokenizer.
func newDecodeError(err error, data []byte, md protoreflect.MessageDescriptor) *decodeError {
	msg := err.Error()
	// protojson prefixes "proto:" with a space or a no-break space at random.
	msg = strings.TrimLeft(strings.TrimPrefix(msg, "proto:"), " \u00a0")
	// protojson reads a lone UTF-16 surrogate as the end of the input; say what it is.
	if off, esc, ok := loneSurrogate(data); ok {
		field := jsonPath(data, off)
		return &decodeError{field: field, msg: "invalid JSON body: " + joinWords(field, "holds "+esc+", half of a UTF-16 surrogate pair without its other half: no character")}
	}
	if strings.Contains(msg, "exceeded max recursion depth") {
		field := nestingField(data, md)
		return &decodeError{field: field, reason: "FIELD_TOO_LARGE",
			msg: joinWords(field, "nests messages more than "+strconv.Itoa(maxNesting)+" deep")}
	}
	e := &decodeError{msg: "invalid JSON body: " + msg}
	if line, col, ok := errorPosition(msg); ok {
		e.field = jsonPath(data, byteOffset(data, line, col))
	}
	return e
}

// joinWords puts a field's path before what is said of it, or "the request" for none.
func joinWords(field, what string) string {
	if field == "" {
		return "the request " + what
	}
	return field + " " + what
}

// loneSurrogate finds a \uD800-\uDFFF escape in a JSON string that is not half of a pair, and
// returns the offset of its string and the escape.
func loneSurrogate(data []byte) (off int, esc string, ok bool) {
	inString, start := false, 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !inString {
			if c == '"' {
				inString, start = true, i
			}
			continue
		}
		switch c {
		case '"':
			inString = false
		case '\\':
			if i+1 < len(data) && data[i+1] == 'u' {
				r, ok := hex4(data[i+2:])
				switch {
				case !ok:
				case r >= 0xD800 && r < 0xDC00:
					if next, ok := hex4(data[min(i+8, len(data)):]); ok && i+7 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' && next >= 0xDC00 && next < 0xE000 {
						i += 11
						continue
					}
					return start, string(data[i : i+6]), true
				case r >= 0xDC00 && r < 0xE000:
					return start, string(data[i : i+6]), true
				}
			}
			i++ // the escaped byte
		}
	}
	return 0, "", false
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return rune(v), err == nil
}

// nestingField names the field of a request of md where JSON nested too deep for the decoder
// began: the first google.protobuf field (a Value, which can nest without end) on the path to the
// deepest point, as the caps name it; "" when that path leaves the request's fields.
func nestingField(data []byte, md protoreflect.MessageDescriptor) string {
	steps := deepestSteps(data, 2*maxNesting)
	path := ""
	for i := 0; i < len(steps); i++ {
		fd := md.Fields().ByJSONName(steps[i])
		if fd == nil {
			fd = md.Fields().ByTextName(steps[i])
		}
		if fd == nil {
			return path
		}
		if path != "" {
			path += "."
		}
		path += string(fd.Name())
		value := fd
		if fd.IsMap() || fd.IsList() {
			if i+1 < len(steps) {
				i++
				if fd.IsMap() {
					path += "[" + echo.Quote(steps[i]) + "]"
				} else {
					path += "[" + steps[i] + "]"
				}
			}
			if fd.IsMap() {
				value = fd.MapValue()
			}
		}
		if value.Message() == nil || strings.HasPrefix(string(value.Message().FullName()), "google.protobuf.") {
			return path
		}
		md = value.Message()
	}
	return path
}

// deepestSteps returns the keys and indexes (as text) leading to the first point of data nested
// deeper than limit, or to where the JSON cannot be read.
func deepestSteps(data []byte, limit int) []string {
	type frame struct {
		array bool
		index int
		key   string
	}
	var stack []frame
	steps := func() []string {
		out := make([]string, len(stack))
		for i, f := range stack {
			if f.array {
				out[i] = strconv.Itoa(f.index)
			} else {
				out[i] = f.key
			}
		}
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	wantKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return steps()
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			wantKey = len(stack) > 0 && !stack[len(stack)-1].array
			continue
		}
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			if !top.array && wantKey {
				top.key, _ = tok.(string)
				wantKey = false
				continue
			}
			if top.array {
				top.index++
			}
		}
		switch tok {
		case json.Delim('{'):
			if len(stack) >= limit {
				return steps()
			}
			stack = append(stack, frame{})
			wantKey = true
		case json.Delim('['):
			if len(stack) >= limit {
				return steps()
			}
			stack = append(stack, frame{array: true, index: -1})
		default:
			wantKey = len(stack) > 0 && !stack[len(stack)-1].array
		}
	}
}

// errorPosition reads the "(line L:C)" of a protojson error.
func errorPosition(msg string) (line, col int, ok bool) {
	_, rest, found := strings.Cut(msg, "(line ")
	if !found {
		return 0, 0, false
	}
	pos, _, found := strings.Cut(rest, ")")
	if !found {
		return 0, 0, false
	}
	l, c, found := strings.Cut(pos, ":")
	if !found {
		return 0, 0, false
	}
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	return line, col, err1 == nil && err2 == nil && line > 0 && col > 0
}

// byteOffset turns protojson's 1-based line and column (counted in runes) into a byte offset.
func byteOffset(data []byte, line, col int) int {
	off := 0
	for ; line > 1; line-- {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return len(data)
		}
		off += i + 1
	}
	for ; col > 1 && off < len(data); col-- {
		_, n := utf8.DecodeRune(data[off:])
		off += n
	}
	return off
}

// jsonPath returns the path (position.pieces[1].square) of the key or value that starts at byte
// off of data, as far as the JSON up to there can be read; "" at the top level.
func jsonPath(data []byte, off int) string {
	type frame struct {
		key     string
		index   int
		array   bool
		wantKey bool
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			if f.array {
				fmt.Fprintf(&b, "[%d]", f.index)
				continue
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(f.key)
		}
		return b.String()
	}
	valueDone := func() {
		if n := len(stack); n > 0 && !stack[n-1].array {
			stack[n-1].wantKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return path()
		}
		reached := int(dec.InputOffset()) > off
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			if reached {
				return path()
			}
			stack = stack[:len(stack)-1]
			valueDone()
			continue
		}
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			if !top.array && top.wantKey {
				top.key, _ = tok.(string)
				top.wantKey = false
				if reached {
					return path()
				}
				continue
			}
			if top.array {
				top.index++
			}
		}
		if reached {
			return path()
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{array: true, index: -1})
		default:
			valueDone()
		}
	}
}
