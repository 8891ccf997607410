package service

import (
	"context"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/ashtapada/ashtapada/gen/ashtapada/v1"
)

// BenchmarkHandlers measures the rules handlers alone on the middlegame, with the request's size
// caps and the answer's marshalling: the server's share of a call beside the transport.
func BenchmarkHandlers(b *testing.B) {
	ctx := context.Background()
	pos := &pb.Position{Variant: "chaturanga", Text: middlegame}
	list := &pb.ListLegalMovesRequest{Position: pos}
	compact := &pb.ListLegalMovesRequest{Position: pos, View: pb.MoveView_MOVE_VIEW_NOTATION}
	validate := &pb.ValidateMoveRequest{Position: pos, Move: &pb.Action{Notation: "c6d4"}}
	run := func(name string, req proto.Message, call func() (proto.Message, error)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := checkCaps(req); err != nil {
					b.Fatal(err)
				}
				resp, err := call()
				if err != nil {
					b.Fatal(err)
				}
				if _, err := proto.Marshal(resp); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	run("ListLegalMoves", list, func() (proto.Message, error) { return Rules{}.ListLegalMoves(ctx, list) })
	run("ListLegalMovesNotationView", compact, func() (proto.Message, error) { return Rules{}.ListLegalMoves(ctx, compact) })
	run("ValidateMove", validate, func() (proto.Message, error) { return Rules{}.ValidateMove(ctx, validate) })
	b.Run("checkCaps", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := checkCaps(validate); err != nil {
				b.Fatal(err)
			}
		}
	})
}
