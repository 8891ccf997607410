package service

import (
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/ashtapada/ashtapada/engine"
)

// errorDomain is the ErrorInfo domain of every error the service returns.
const errorDomain = "ashtapada"

// statusError builds an AIP-193 error: a code, a message, one ErrorInfo and, for bad input, a
// field violation naming the request field at fault.
func statusError(code codes.Code, reason, field, msg string) error {
	st := status.New(code, msg)
	info := &errdetails.ErrorInfo{Reason: reason, Domain: errorDomain}
	var err error
	if field != "" {
		st, err = st.WithDetails(info, &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: field, Description: msg},
		}})
	} else {
		st, err = st.WithDetails(info)
	}
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
	case errors.Is(err, engine.ErrNoNode):
		return statusError(codes.Unimplemented, "ANALYSIS_UNSUPPORTED", field+".variant", "the variant does not support analysis yet")
	}
	return statusError(codes.Internal, "INTERNAL", "", "internal error")
}
