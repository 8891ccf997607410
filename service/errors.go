package service

import (
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"

	"github.com/ashtapada/ashtapada/engine"
	"github.com/ashtapada/ashtapada/service/internal/echo"
)

// errorDomain is the ErrorInfo domain of every error the service returns.
const errorDomain = "ashtapada"

// Bounds on what an error repeats of a request (package echo).
const (
	maxEcho       = echo.MaxQuoted
	maxFieldPath  = echo.MaxFieldPath
	maxMessageLen = echo.MaxMessage
)

// statusError builds an AIP-193 error: a code, a message, one ErrorInfo and, for bad input, a
// field violation naming the request field at fault.
func statusError(code codes.Code, reason, field, msg string) error {
	if field == "" {
		return detailedError(code, reason, msg, nil)
	}
	return detailedError(code, reason, msg, []*errdetails.BadRequest_FieldViolation{{Field: field, Description: msg}})
}

// detailedError is statusError with any number of field violations.
func detailedError(code codes.Code, reason, msg string, violations []*errdetails.BadRequest_FieldViolation) error {
	msg = echo.Clip(msg, maxMessageLen)
	st := status.New(code, msg)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain}}
	if len(violations) > 0 {
		for _, v := range violations {
			v.Field, v.Description = echo.Clip(v.Field, maxFieldPath), echo.Clip(v.Description, maxMessageLen)
		}
		details = append(details, &errdetails.BadRequest{FieldViolations: violations})
	}
	st, err := st.WithDetails(details...)
	if err != nil {
		return status.Error(code, msg)
	}
	return st.Err()
}

func invalid(reason, field, format string, args ...any) error {
	return statusError(codes.InvalidArgument, reason, field, fmt.Sprintf(format, args...))
}

// toStatus maps an engine error met while handling request field to a gRPC status. Domain errors
// stay free of gRPC; this is the one place they become status codes.
func toStatus(err error, field string) error {
	var (
		posErr    *engine.PositionError
		syntaxErr *engine.SyntaxError
		illegal   *engine.IllegalError
		optErr    *engine.OptionError
	)
	switch {
	case errors.As(err, &posErr):
		return statusError(codes.InvalidArgument, "INVALID_POSITION", field, "invalid position: "+posErr.Error())
	case errors.As(err, &optErr):
		return statusError(codes.InvalidArgument, "INVALID_OPTION", field+"."+optErr.Name, optErr.Error())
	case errors.As(err, &syntaxErr):
		return statusError(codes.InvalidArgument, "MALFORMED_ACTION", field, syntaxErr.Error())
	case errors.As(err, &illegal):
		return statusError(codes.InvalidArgument, "ILLEGAL_ACTION", field, illegal.Error())
	case errors.Is(err, engine.ErrGameOver):
		return statusError(codes.FailedPrecondition, "GAME_OVER", "", "the game is over: no action is possible")
	case errors.Is(err, engine.ErrNotRollPhase):
		return statusError(codes.FailedPrecondition, "NOT_ROLL_PHASE", "", "the position does not wait for a dice roll")
	}
	return statusError(codes.Internal, "INTERNAL", "", "internal error")
}
