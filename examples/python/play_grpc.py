#!/usr/bin/python3
"""Play random games against Ashtapada's gRPC API, one call per move.

Uses grpcio and protobuf with stubs generated from proto/ by gen_stubs.sh (Debian's protoc and
grpc_python_plugin; run with Debian's /usr/bin/python3, which has python3-grpcio and
python3-protobuf). It plays like play_json.py: StartPosition, one ListLegalMoves, then one call
per action — RollDice when the position waits for the dice, ApplyMoves otherwise — each with
include_next, and checks every answer. Exits non-zero on any failed call or inconsistent answer.

    examples/python/gen_stubs.sh
    /usr/bin/python3 examples/python/play_grpc.py --target 127.0.0.1:50051 --seed 7
"""

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("ASHTAPADA_PY_GEN", os.path.join(HERE, "gen")))

import games  # noqa: E402 (next to this file)

try:
    import grpc
    from google.protobuf import struct_pb2

    from ashtapada.v1 import rules_service_pb2 as rules
    from ashtapada.v1 import rules_service_pb2_grpc as rules_grpc
    from ashtapada.v1 import types_pb2 as types
    from google.rpc import error_details_pb2, status_pb2
    from grpc_health.v1 import health_pb2, health_pb2_grpc
except ImportError as e:  # pragma: no cover - a setup problem, said plainly
    sys.exit(
        f"play_grpc: {e}\n"
        "run examples/python/gen_stubs.sh first, and use /usr/bin/python3 with Debian's "
        "python3-grpcio and python3-protobuf"
    )


ONGOING = types.GAME_STATUS_ONGOING
FINISHED = types.GAME_STATUS_FINISHED

# The kinds of option values, as games.games_of names them.
OPTION_KINDS = {types.OPTION_TYPE_BOOL: "bool", types.OPTION_TYPE_INT: "int", types.OPTION_TYPE_STRING: "string"}

# Every RPC is a pure function of its request, so the channel may retry any call: gRPC's own
# retry policy, for the codes that say "try again": UNAVAILABLE (a server restarting) and, for
# the analysis calls, RESOURCE_EXHAUSTED (ANALYSIS_BUSY: every analysis slot taken; a perft's
# NODE_BUDGET_EXHAUSTED is retried in vain, as a policy cannot look at the reason).
def _retry(codes):
    return {
        "maxAttempts": 4,
        "initialBackoff": "0.05s",
        "maxBackoff": "1s",
        "backoffMultiplier": 2,
        "retryableStatusCodes": codes,
    }


SERVICE_CONFIG = json.dumps(
    {
        "methodConfig": [
            {
                "name": [{"service": "ashtapada.v1.RulesService"}],
                "timeout": "10s",
                "retryPolicy": _retry(["UNAVAILABLE"]),
            },
            {
                "name": [{"service": "ashtapada.v1.AnalysisService"}],
                "retryPolicy": _retry(["UNAVAILABLE", "RESOURCE_EXHAUSTED"]),
            },
        ]
    }
)


class ApiError(Exception):
    """A failed call with its AIP-193 details: the ErrorInfo reason and the BadRequest fields."""

    def __init__(self, err: grpc.RpcError):
        self.code = err.code()  # grpc.StatusCode.INVALID_ARGUMENT
        self.message = err.details()
        self.reason = ""
        self.field_violations = []
        for key, value in err.trailing_metadata() or ():
            if key != "grpc-status-details-bin":
                continue
            st = status_pb2.Status.FromString(value)
            for any_ in st.details:
                info = error_details_pb2.ErrorInfo()
                bad = error_details_pb2.BadRequest()
                if any_.Unpack(info):
                    self.reason = info.reason
                elif any_.Unpack(bad):
                    self.field_violations += [(v.field, v.description) for v in bad.field_violations]
        super().__init__(f"{self.code.name} {self.reason}: {self.message}")


class Inconsistent(Exception):
    pass


def check(cond, what, *context):
    if not cond:
        raise Inconsistent(what + "".join(" | " + str(c)[:2000] for c in context))


class Client:
    """The RulesService stub, turning RpcError into ApiError."""

    def __init__(self, channel):
        self.stub = rules_grpc.RulesServiceStub(channel)
        self.calls = 0

    def __getattr__(self, method):
        rpc = getattr(self.stub, method)

        def call(request):
            self.calls += 1
            try:
                return rpc(request, timeout=10)
            except grpc.RpcError as e:
                raise ApiError(e) from None

        return call


def option_values(options):
    """Options as google.protobuf.Value: plain booleans, numbers and strings."""
    out = {}
    for name, value in options.items():
        if isinstance(value, bool):
            out[name] = struct_pb2.Value(bool_value=value)
        elif isinstance(value, (int, float)):
            out[name] = struct_pb2.Value(number_value=value)
        else:
            out[name] = struct_pb2.Value(string_value=value)
    return out


def check_next(nxt, position):
    if nxt.status == ONGOING:
        check(len(nxt.moves) > 0, "the game goes on but next.moves is empty", nxt)
        check(nxt.phase != types.PHASE_FINISHED, "ongoing status with phase finished", nxt)
        check(nxt.to_move, "the game goes on but next.to_move is empty", nxt)
        check(nxt.chance == (nxt.phase == types.PHASE_ROLL), "next.chance disagrees with phase", nxt)
        check(position.phase == nxt.phase, "next.phase differs from the position's", nxt)
        check(not nxt.winners, "winners while the game goes on", nxt)
    elif nxt.status == FINISHED:
        check(len(nxt.moves) == 0, "the game is over but next.moves is not empty", nxt)
        check(nxt.phase == types.PHASE_FINISHED, "finished status with another phase", nxt)
        check(nxt.reason, "the game is over without a reason", nxt)
    else:
        raise Inconsistent(f"next.status is {types.GameStatus.Name(nxt.status)}")


def set_history(h, keys, position):
    """Fills a GameHistory: the keys of the earlier positions, or, when there are none, the
    position itself as the start with no actions (an empty history is read as none at all)."""
    if keys:
        h.keys.extend(keys)
    else:
        h.start.CopyFrom(position)


def play(client, variant, options, rng, verbose=False):
    repetition = client.GetVariant(rules.GetVariantRequest(name=variant)).variant.repetition
    position = client.StartPosition(
        rules.StartPositionRequest(variant=variant, options=option_values(options))
    ).position
    for name, value in options.items():
        got = position.options[name]
        check(
            getattr(got, got.WhichOneof("kind")) == value,
            f"option {name} not in the start position",
            position.options,
        )

    listed = client.ListLegalMoves(
        rules.ListLegalMovesRequest(position=position, view=rules.MOVE_VIEW_NOTATION)
    )
    # The first turn, in the shape of the NextTurn that every later answer carries.
    nxt = types.NextTurn(
        to_move=listed.to_move,
        moves=listed.moves,
        chance=listed.chance,
        phase=listed.phase,
        status=ONGOING,
    )
    check_next(nxt, position)

    history = []  # keys since the last irreversible action, for the repetition rule
    actions = rolls = 0
    while nxt.status == ONGOING:
        check(actions < games.MAX_ACTIONS, f"no end after {games.MAX_ACTIONS} actions")
        before = position
        if nxt.chance:
            seed = rng.getrandbits(63)
            ans = client.RollDice(
                rules.RollDiceRequest(
                    position=position,
                    seed=seed,
                    include_next=True,
                    next_view=rules.MOVE_VIEW_NOTATION,
                )
            )
            check(ans.seed == seed, "the roll did not use our seed", ans.seed)
            check(len(ans.values) > 0, "a roll without values")
            check(ans.position.phase != types.PHASE_ROLL, "still waiting for the roll")
            rolls += 1
            label = "roll " + " ".join(map(str, ans.values))
        else:
            move = rng.choice(nxt.moves)
            req = rules.ApplyMovesRequest(
                position=position,
                moves=[types.Action(notation=move.notation)],
                include_next=True,
                next_view=rules.MOVE_VIEW_NOTATION,
            )
            if repetition:
                set_history(req.history, history, position)
            ans = client.ApplyMoves(req)
            check(not ans.HasField("failure"), "a listed action was refused", move, ans.failure)
            check(ans.applied == 1, "applied is not 1", ans.applied)
            check(ans.steps[0].move.notation == move.notation, "the step is not the action sent")
            check(ans.steps[0].key == ans.position.key, "step key != position key")
            check(
                ans.position.last_action.notation == move.notation,
                "position.last_action is not the action sent",
                ans.position.last_action,
            )
            if repetition:
                check(ans.repetition_checked, "history sent but repetition not checked")
            label = move.notation
        check(ans.HasField("next"), "the answer has no next turn although include_next was set")
        actions += 1
        position, nxt = ans.position, ans.next
        check_next(nxt, position)
        if repetition:
            clock = {c.name: c.value for c in position.counters}
            if clock.get("halfmove_clock", 1) == 0:
                history = []
            else:
                history.append(before.key)
        if verbose:
            print(f"  {label:<16} {position.text}")

    score_req = rules.ScorePositionRequest(position=position)
    if repetition:
        set_history(score_req.history, history, position)
    score = client.ScorePosition(score_req)
    check(score.status == FINISHED, "ScorePosition: not finished", score.status)
    check(score.reason == nxt.reason, "ScorePosition: another reason", score.reason, nxt.reason)
    check(sorted(score.winners) == sorted(nxt.winners), "ScorePosition: other winners")
    first = {s.player for s in score.standings if s.place == 1}
    check(first, "ScorePosition: nobody in first place")
    for w in score.winners:
        check(w in first, f"winner {w} is not in first place")
    standings = ", ".join(f"{s.player} {s.score} (#{s.place})" for s in score.standings)
    line = (
        f"{variant}: {actions} actions ({rolls} rolls), {score.reason}, winners: "
        f"{', '.join(score.winners) or 'none (draw)'}; {standings}"
    )
    if score.teams:
        line += "; teams: " + ", ".join(f"{t.team} {t.score} (#{t.place})" for t in score.teams)
    return line


def check_errors(client):
    try:
        client.ListLegalMoves(
            rules.ListLegalMovesRequest(position=types.Position(variant="chaturanga", text="8/8 w"))
        )
    except ApiError as e:
        check(e.code == grpc.StatusCode.INVALID_ARGUMENT, "a bad position is not INVALID_ARGUMENT")
        check(e.reason == "INVALID_POSITION", "reason is not INVALID_POSITION", e.reason)
        check(
            any(f == "position.text" for f, _ in e.field_violations),
            "no field violation for position.text",
            e.field_violations,
        )
    else:
        raise Inconsistent("a malformed position was accepted")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default=os.environ.get("ASHTAPADA_GRPC", "127.0.0.1:50051"))
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--variant", action="append")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    rng = random.Random(seed)
    print(f"play_grpc: {args.target}, seed {seed}")
    channel = grpc.insecure_channel(
        args.target,
        options=[("grpc.enable_retries", 1), ("grpc.service_config", SERVICE_CONFIG)],
    )
    client = Client(channel)
    try:
        grpc.channel_ready_future(channel).result(timeout=10)
        health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
        check(health.status == health_pb2.HealthCheckResponse.SERVING, "not serving", health)
        check_errors(client)
        served = [
            (v.name, [(o.name, OPTION_KINDS.get(o.type, ""), o.max) for o in v.options])
            for v in client.ListVariants(rules.ListVariantsRequest()).variants
        ]
        for variant, options in games.select(served, args.variant):
            print(play(client, variant, options, rng, args.verbose))
    except (ApiError, Inconsistent, ValueError, grpc.RpcError, grpc.FutureTimeoutError) as e:
        print(f"play_grpc: FAILED (seed {seed}): {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    finally:
        channel.close()
    print(f"play_grpc: ok, {client.calls} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
