package service

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ashtapada/ashtapada/service/internal/echo"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The caps check every field of a request against the table of sizes.go before any work: a
// request within them costs at most what the rules need, and a request beyond them is refused at
// once (INVALID_ARGUMENT, FIELD_TOO_LARGE) instead of costing CPU in proportion to its size.

// fieldCap is the cap of field fd.
func fieldCap(fd protoreflect.FieldDescriptor) int {
	if n, ok := fieldCaps[fd.FullName()]; ok {
		return n
	}
	if fd.IsList() || fd.IsMap() {
		return maxListLen
	}
	return maxStringLen
}

// checkCaps checks every repeated field, map, string and bytes field of a request against its
// cap, and answers INVALID_ARGUMENT naming the first field beyond it, its cap and its size.
func checkCaps(req proto.Message) error {
	m := req.ProtoReflect()
	if !overCaps(m, 0) {
		return nil
	}
	return walkCaps(m, "", "", false, 0)
}

// overCaps reports whether m or a message in it is beyond a cap, as walkCaps would find it, but
// without building the paths of the fields or allocating: walkCaps, run only when it answers
// true, names the field.
func overCaps(m protoreflect.Message, depth int) bool {
	if depth > maxNesting {
		return true
	}
	fields := m.Descriptor().Fields()
	for i, n := 0, fields.Len(); i < n; i++ {
		fd := fields.Get(i)
		if !fd.IsList() && !fd.IsMap() {
			switch fd.Kind() {
			case protoreflect.StringKind, protoreflect.BytesKind, protoreflect.MessageKind, protoreflect.GroupKind, protoreflect.EnumKind:
			default:
				continue // a number has no cap
			}
		}
		if m.Has(fd) && overField(fd, m.Get(fd), depth) {
			return true
		}
	}
	return false
}

// overField reports whether field fd, set to v, is beyond its cap or holds a message beyond one.
func overField(fd protoreflect.FieldDescriptor, v protoreflect.Value, depth int) bool {
	switch {
	case fd.IsList():
		l := v.List()
		if l.Len() > fieldCap(fd) {
			return true
		}
		switch fd.Kind() {
		case protoreflect.StringKind, protoreflect.BytesKind, protoreflect.MessageKind, protoreflect.GroupKind, protoreflect.EnumKind:
			for j := 0; j < l.Len(); j++ {
				if overValue(fd, l.Get(j), maxStringLen, depth) {
					return true
				}
			}
		}
		return false
	case fd.IsMap():
		mp := v.Map()
		if mp.Len() > fieldCap(fd) {
			return true
		}
		over := false
		mp.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
			over = len(k.String()) > maxStringLen || !utf8.ValidString(k.String()) || overValue(fd.MapValue(), v, fieldCap(fd.MapValue()), depth)
			return !over
		})
		return over
	}
	return overValue(fd, v, fieldCap(fd), depth)
}

// overValue reports whether one value of field fd is beyond limit (a string's bytes) or holds a
// message beyond its caps.
func overValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, limit, depth int) bool {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return len(v.String()) > limit || !utf8.ValidString(v.String())
	case protoreflect.BytesKind:
		return len(v.Bytes()) > limit
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return overCaps(v.Message(), depth+1)
	case protoreflect.EnumKind:
		return fd.Enum().Values().ByNumber(v.Enum()) == nil
	}
	return false
}

// walkCaps checks the fields of m, found at path prefix, depth messages deep below the field top,
// where the nesting began: the outermost google.protobuf message (a Value, which can nest without
// end) when wellKnown, else the outermost message of the request.
func walkCaps(m protoreflect.Message, prefix, top string, wellKnown bool, depth int) error {
	if depth > maxNesting {
		return capError(nil, top, "nests messages more than "+strconv.Itoa(maxNesting)+" deep")
	}
	var err error
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		path, top := string(fd.Name()), top
		if prefix != "" {
			path = prefix + "." + path
		}
		switch {
		case fd.IsList():
			l := v.List()
			if n, limit := l.Len(), fieldCap(fd); n > limit {
				err = capError(fd, path, "has "+strconv.Itoa(n)+" entries, at most "+strconv.Itoa(limit))
				break
			}
			for i := 0; i < l.Len() && err == nil; i++ {
				err = checkValue(fd, l.Get(i), path+"["+strconv.Itoa(i)+"]", top, wellKnown, depth)
			}
		case fd.IsMap():
			mp := v.Map()
			if n, limit := mp.Len(), fieldCap(fd); n > limit {
				err = capError(fd, path, "has "+strconv.Itoa(n)+" entries, at most "+strconv.Itoa(limit))
				break
			}
			mp.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
				key := k.String()
				if !utf8.ValidString(key) {
					err = notUTF8(path)
					return false
				}
				if len(key) > maxStringLen {
					err = capError(fd, path, "has a key of "+strconv.Itoa(len(key))+" bytes, at most "+strconv.Itoa(maxStringLen))
					return false
				}
				err = checkValue(fd.MapValue(), v, path+"["+echo.Quote(key)+"]", top, wellKnown, depth)
				return err == nil
			})
		default:
			err = checkValue(fd, v, path, top, wellKnown, depth)
		}
		return err == nil
	})
	return err
}

// checkValue checks one value of field fd: a string's length, or a message's fields.
func checkValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, path, top string, wellKnown bool, depth int) error {
	size := 0
	switch fd.Kind() {
	case protoreflect.StringKind:
		// Over gRPC the decoder refuses such a string; a path parameter of the gateway's is not
		// decoded, and reaches here.
		if !utf8.ValidString(v.String()) {
			return notUTF8(path)
		}
		size = len(v.String())
	case protoreflect.BytesKind:
		size = len(v.Bytes())
	case protoreflect.MessageKind, protoreflect.GroupKind:
		if known := strings.HasPrefix(string(fd.Message().FullName()), "google.protobuf."); top == "" || (known && !wellKnown) {
			top, wellKnown = path, known
		}
		return walkCaps(v.Message(), path, top, wellKnown, depth+1)
	case protoreflect.EnumKind:
		return checkEnum(fd, v.Enum(), path)
	default:
		return nil
	}
	limit := maxStringLen // an entry of a list
	if !fd.IsList() {
		limit = fieldCap(fd)
	}
	if size > limit {
		return capError(fd, path, "is "+strconv.Itoa(size)+" bytes long, at most "+strconv.Itoa(limit))
	}
	return nil
}

// notUTF8 refuses a string field that is not UTF-8, as the gRPC decoder does.
func notUTF8(path string) error {
	msg := path + " is not valid UTF-8"
	return detailedError(codes.InvalidArgument, "INVALID_REQUEST", msg, []*errdetails.BadRequest_FieldViolation{{Field: path, Description: msg}})
}

// enumReasons keep the reasons the enums had before the caps checked every enum.
var enumReasons = map[protoreflect.FullName]string{
	"ashtapada.v1.SearchAlgorithm": "UNKNOWN_ALGORITHM",
	"ashtapada.v1.RolloutPolicy":   "UNKNOWN_POLICY",
}

// checkEnum refuses a value that is none of its enum's: proto3 decoders keep unknown numbers.
func checkEnum(fd protoreflect.FieldDescriptor, n protoreflect.EnumNumber, path string) error {
	values := fd.Enum().Values()
	if values.ByNumber(n) != nil {
		return nil
	}
	names := make([]string, values.Len())
	for i := range names {
		names[i] = string(values.Get(i).Name())
	}
	msg := path + " is " + strconv.Itoa(int(n)) + ", which is no " + string(fd.Enum().Name()) + "; want one of " + strings.Join(names, ", ")
	reason := "UNKNOWN_ENUM_VALUE"
	if r, ok := enumReasons[fd.Enum().FullName()]; ok {
		reason = r
	}
	return detailedError(codes.InvalidArgument, reason, msg, []*errdetails.BadRequest_FieldViolation{{Field: path, Description: msg}})
}

func capError(fd protoreflect.FieldDescriptor, path, what string) error {
	msg := path + " " + what
	reason := "FIELD_TOO_LARGE"
	if fd != nil && capReasons[fd.FullName()] != "" {
		reason = capReasons[fd.FullName()]
	}
	return detailedError(codes.InvalidArgument, reason, msg,
		[]*errdetails.BadRequest_FieldViolation{{Field: path, Description: msg}})
}

// capRequests refuses every unary request that could not be decoded or is beyond the caps, before
// its handler runs.
func capRequests() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if m, ok := req.(proto.Message); ok {
			if err := checkRequest(m); err != nil {
				return nil, err
			}
		}
		return handler(ctx, req)
	}
}

// checkRequest refuses a request the codec could not decode, or one beyond the caps.
func checkRequest(m proto.Message) error {
	if err := decodeFailure(m); err != nil {
		return err
	}
	return checkCaps(m)
}

// capStreamRequests refuses every message a stream receives that could not be decoded or is
// beyond the caps.
func capStreamRequests() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		return handler(srv, cappedStream{ss})
	}
}

type cappedStream struct{ grpc.ServerStream }

func (s cappedStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	if pm, ok := m.(proto.Message); ok {
		return checkRequest(pm)
	}
	return nil
}
