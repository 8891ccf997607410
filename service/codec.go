package service

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/service/internal/echo"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// maxDecodeDepth bounds how deep a gRPC request's messages may nest for the decoder: twice the
// caps' maxNesting, so that the caps, which name the field, refuse most over-deep requests, while
// protobuf's own limit (10,000) would let a request nest deep enough to cost a deep stack first.
// (The gateway's JSON decoder keeps protojson's 10,000; its own check names the field.)
const maxDecodeDepth = 2 * maxNesting

// requestCodec is the gRPC server's codec: protobuf's, except for requests it cannot decode. gRPC
// answers those itself with INTERNAL, before any interceptor runs, so that no log line or metric
// sees them; this codec instead hands the handler an empty request marked as undecodable, which
// the caps interceptor, inside the log and the metrics, refuses with INVALID_ARGUMENT.
//
// Answers are written by the marshalling code vtprotobuf generates beside each message (gen/):
// no reflection per field, which protobuf's own marshaller spends most of its time on. Requests
// are still read by protobuf's decoder, which bounds their nesting (maxDecodeDepth); vtprotobuf's
// does not.
type requestCodec struct{ encoding.CodecV2 }

// sizedMarshaler is a message with vtprotobuf's generated marshalling.
type sizedMarshaler interface {
	SizeVT() int
	MarshalToSizedBufferVT([]byte) (int, error)
}

func (c requestCodec) Marshal(v any) (mem.BufferSlice, error) {
	m, ok := v.(sizedMarshaler)
	if !ok {
		return c.CodecV2.Marshal(v)
	}
	size := m.SizeVT()
	if mem.IsBelowBufferPoolingThreshold(size) {
		buf := make([]byte, size)
		if _, err := m.MarshalToSizedBufferVT(buf); err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(buf)}, nil
	}
	pool := mem.DefaultBufferPool()
	buf := pool.Get(size)
	if _, err := m.MarshalToSizedBufferVT((*buf)[:size]); err != nil {
		pool.Put(buf)
		return nil, err
	}
	return mem.BufferSlice{mem.NewBuffer(buf, pool)}, nil
}

func newRequestCodec() requestCodec { return requestCodec{encoding.GetCodecV2("proto")} }

var decodeOptions = proto.UnmarshalOptions{RecursionLimit: maxDecodeDepth}

func (c requestCodec) Unmarshal(data mem.BufferSlice, v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return c.CodecV2.Unmarshal(data, v)
	}
	buf := data.MaterializeToBuffer(mem.DefaultBufferPool())
	defer buf.Free()
	if err := decodeOptions.Unmarshal(buf.ReadOnlyData(), m); err != nil {
		proto.Reset(m)
		undecodable.Store(m, decodeStatus(m.ProtoReflect().Descriptor(), buf.ReadOnlyData(), err))
		return nil
	}
	return nil
}

// undecodable holds, by request, why the codec could not decode it, until the caps interceptor
// takes it.
var undecodable sync.Map // proto.Message -> error

// decodeFailure returns, and forgets, why m could not be decoded.
func decodeFailure(m proto.Message) error {
	if err, ok := undecodable.LoadAndDelete(m); ok {
		return err.(error)
	}
	return nil
}

// decodeStatus words why data is no md: the field at fault, found by reading the wire format
// against the descriptor, and what is wrong with it.
func decodeStatus(md protoreflect.MessageDescriptor, data []byte, err error) error {
	f := findFault(md, data, "", nesting{})
	reason, field, msg := "INVALID_REQUEST", f.path, ""
	switch {
	case f.what == faultDepth:
		reason = "FIELD_TOO_LARGE"
		msg = f.path + " nests messages more than " + strconv.Itoa(maxNesting) + " deep"
	case f.what == faultUTF8:
		msg = f.path + " is not valid UTF-8"
	case f.what == faultWire:
		msg = "the request is not a valid " + string(md.FullName()) + " in protobuf's wire format"
		if f.path != "" {
			msg += ": " + f.path + " cannot be read"
		}
	default:
		msg = "the request cannot be decoded as " + string(md.FullName()) + ": " +
			strings.TrimLeft(strings.TrimPrefix(err.Error(), "proto:"), " \u00a0")
	}
	if field == "" {
		return statusError(codes.InvalidArgument, reason, "", msg)
	}
	return detailedError(codes.InvalidArgument, reason, msg, []*errdetails.BadRequest_FieldViolation{{Field: field, Description: msg}})
}

// A fault of the wire format: what is wrong, and where.
type fault struct {
	what int
	path string
}

const (
	faultNone = iota
	faultWire
	faultUTF8
	faultDepth
)

// findFault reads data as a message of md, at path prefix and depth messages deep, and returns
// its first fault. Unknown fields are skipped, as the decoder does. A message nested too deep is
// named, as the caps name it, by the field where the nesting began (see walkCaps).
func findFault(md protoreflect.MessageDescriptor, data []byte, prefix string, n nesting) fault {
	if n.depth > maxNesting {
		return fault{faultDepth, n.top}
	}
	index := map[protoreflect.FieldNumber]int{}
	for len(data) > 0 {
		num, typ, k := protowire.ConsumeTag(data)
		if k < 0 {
			return fault{faultWire, prefix}
		}
		data = data[k:]
		fd := md.Fields().ByNumber(num)
		path := prefix
		if fd != nil {
			path = joinPath(prefix, string(fd.Name()))
			if fd.IsList() {
				path += "[" + strconv.Itoa(index[num]) + "]"
				index[num]++
			}
		}
		if typ != protowire.BytesType || fd == nil {
			if k = protowire.ConsumeFieldValue(num, typ, data); k < 0 {
				return fault{faultWire, path}
			}
			data = data[k:]
			continue
		}
		v, k := protowire.ConsumeBytes(data)
		if k < 0 {
			return fault{faultWire, path}
		}
		data = data[k:]
		if f := fieldFault(fd, v, path, n); f.what != faultNone {
			return f
		}
	}
	return fault{}
}

// nesting is how deep a message lies, and the path of the field where its nesting began.
type nesting struct {
	depth     int
	top       string
	wellKnown bool // top holds a google.protobuf message
}

// enter is the nesting of a message of md found at path.
func (n nesting) enter(md protoreflect.MessageDescriptor, path string) nesting {
	if known := strings.HasPrefix(string(md.FullName()), "google.protobuf."); n.top == "" || (known && !n.wellKnown) {
		n.top, n.wellKnown = path, known
	}
	n.depth++
	return n
}

// fieldFault checks one length-delimited value of field fd, found at path.
func fieldFault(fd protoreflect.FieldDescriptor, v []byte, path string, n nesting) fault {
	if fd.IsMap() {
		key, value, ok := mapEntry(v)
		if !ok {
			return fault{faultWire, path}
		}
		if fd.MapKey().Kind() == protoreflect.StringKind {
			if !utf8.Valid(key) {
				return fault{faultUTF8, path}
			}
			path += "[" + echo.Quote(string(key)) + "]"
		}
		if value == nil {
			return fault{}
		}
		fd = fd.MapValue()
		v = value
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		if !utf8.Valid(v) {
			return fault{faultUTF8, path}
		}
	case protoreflect.MessageKind:
		return findFault(fd.Message(), v, path, n.enter(fd.Message(), path))
	}
	return fault{}
}

// mapEntry reads a map entry's key (field 1) and length-delimited value (field 2); value is nil
// when the entry has none, or a value of another wire type.
func mapEntry(b []byte) (key, value []byte, ok bool) {
	for len(b) > 0 {
		num, typ, k := protowire.ConsumeTag(b)
		if k < 0 {
			return nil, nil, false
		}
		b = b[k:]
		if typ == protowire.BytesType && (num == 1 || num == 2) {
			v, k := protowire.ConsumeBytes(b)
			if k < 0 {
				return nil, nil, false
			}
			if num == 1 {
				key = v
			} else {
				value = v
			}
			b = b[k:]
			continue
		}
		if k = protowire.ConsumeFieldValue(num, typ, b); k < 0 {
			return nil, nil, false
		}
		b = b[k:]
	}
	return key, value, true
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}
