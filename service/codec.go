package service

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// maxDecodeDepth bounds how deep a request's messages may nest for the decoders, gRPC's and the
// gateway's JSON alike: twice the caps' maxNesting, so that the caps, which name the field, refuse
// most over-deep requests, while the decoders' own limit (10,000) would let a request nest deep
// enough to cost a deep stack first.
const maxDecodeDepth = 2 * maxNesting

// requestCodec is the gRPC server's codec: protobuf's, except for requests it cannot decode. gRPC
// answers those itself with INTERNAL, before any interceptor runs, so that no log line or metric
// sees them; this codec instead hands the handler an empty request marked as undecodable, which
// the caps interceptor, inside the log and the metrics, refuses with INVALID_ARGUMENT.
type requestCodec struct{ encoding.CodecV2 }

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
	f := findFault(md, data, "", 0)
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
// its first fault. Unknown fields are skipped, as the decoder does.
func findFault(md protoreflect.MessageDescriptor, data []byte, prefix string, depth int) fault {
	if depth > maxNesting {
		return fault{faultDepth, prefix}
	}
	index := map[protoreflect.FieldNumber]int{}
	for len(data) > 0 {
		num, typ, n := protowire.ConsumeTag(data)
		if n < 0 {
			return fault{faultWire, prefix}
		}
		data = data[n:]
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
			if n = protowire.ConsumeFieldValue(num, typ, data); n < 0 {
				return fault{faultWire, path}
			}
			data = data[n:]
			continue
		}
		v, n := protowire.ConsumeBytes(data)
		if n < 0 {
			return fault{faultWire, path}
		}
		data = data[n:]
		if f := fieldFault(fd, v, path, depth); f.what != faultNone {
			return f
		}
	}
	return fault{}
}

// fieldFault checks one length-delimited value of field fd.
func fieldFault(fd protoreflect.FieldDescriptor, v []byte, path string, depth int) fault {
	if fd.IsMap() {
		// A fault within an entry (a message of key and value) is the map's.
		if f := findFault(fd.Message(), v, path, depth+1); f.what != faultNone {
			return fault{f.what, path}
		}
		return fault{}
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		if !utf8.Valid(v) {
			return fault{faultUTF8, path}
		}
	case protoreflect.MessageKind:
		return findFault(fd.Message(), v, path, depth+1)
	}
	return fault{}
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}
