#!/usr/bin/env python3
"""Play random games against Ashtapada's HTTP/JSON API, one call per move.

Standard library only (urllib). For each variant it starts a game, asks once for the legal
actions, and then makes exactly one call per action: RollDice when the position waits for the
dice, ApplyMoves with a random legal action otherwise. Both calls set include_next, so every
answer carries the next turn (who chooses, the legal actions, the status) and no ListLegalMoves
is needed between moves. At the end ScorePosition must agree with the last answer.

The same --seed plays the same games: the client's choices come from it, and so do the seeds it
sends with every roll.

Exits non-zero on any failed call or inconsistent answer.

    python3 play_json.py --url http://127.0.0.1:8080 --seed 7
"""

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request

import games

# The kinds of option values, as games.games_of names them.
OPTION_KINDS = {"OPTION_TYPE_BOOL": "bool", "OPTION_TYPE_INT": "int", "OPTION_TYPE_STRING": "string"}


class ApiError(Exception):
    """An AIP-193 error body: {"error": {"code", "status", "message", "details"}}."""

    def __init__(self, http_status, body):
        err = body.get("error", body) if isinstance(body, dict) else {}
        self.http_status = http_status
        self.code = err.get("code")  # the HTTP status again, 400
        self.status = err.get("status", "")  # its name, INVALID_ARGUMENT
        self.message = err.get("message", "")
        self.reason = ""  # the ErrorInfo reason: INVALID_POSITION, GAME_OVER, ...
        self.field_violations = []  # (field, description) from BadRequest
        for detail in err.get("details") or []:
            kind = detail.get("@type", "")
            if kind.endswith("google.rpc.ErrorInfo"):
                self.reason = detail.get("reason", "")
            elif kind.endswith("google.rpc.BadRequest"):
                for v in detail.get("field_violations") or []:
                    self.field_violations.append((v.get("field", ""), v.get("description", "")))
        super().__init__(
            f"HTTP {http_status} {self.status or self.code} {self.reason}: {self.message}"
        )


class Inconsistent(Exception):
    """An answer that contradicts the API's contract or an earlier answer."""


def check(cond, what, *context):
    if not cond:
        raise Inconsistent(what + "".join(" | " + json.dumps(c)[:2000] for c in context))


class Client:
    """A thin JSON client. Every RPC is a pure function of its request, so any call may be
    retried as it is: on a connection failure, UNAVAILABLE, or every analysis slot busy
    (RESOURCE_EXHAUSTED with reason ANALYSIS_BUSY; not REQUEST_TOO_LARGE or
    NODE_BUDGET_EXHAUSTED, which would fail again) it is retried with exponential backoff."""

    @staticmethod
    def retryable(err):
        return err.status == "UNAVAILABLE" or err.reason == "ANALYSIS_BUSY"

    def __init__(self, base_url, timeout=10.0, attempts=4):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.attempts = attempts
        self.calls = 0

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        delay = 0.05
        for attempt in range(1, self.attempts + 1):
            req = urllib.request.Request(
                self.base_url + path,
                data=data,
                method=method,
                headers={"Content-Type": "application/json", "Accept": "application/json"},
            )
            self.calls += 1
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return json.loads(resp.read())
            except urllib.error.HTTPError as e:
                raw = e.read()
                try:
                    err = ApiError(e.code, json.loads(raw))
                except ValueError:
                    err = ApiError(e.code, {"message": raw.decode(errors="replace")})
                if not self.retryable(err) or attempt == self.attempts:
                    raise err from None
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if attempt == self.attempts:
                    raise
            time.sleep(delay)
            delay *= 2
        raise AssertionError("unreachable")

    def post(self, path, body):
        return self.call("POST", path, body)

    def get(self, path):
        return self.call("GET", path)


def check_next(nxt, position, answer):
    """The contract of NextTurn, checked on every answer."""
    check(nxt is not None, "the answer has no next turn although include_next was set", answer)
    status = nxt.get("status")
    phase = nxt.get("phase")
    moves = nxt.get("moves") or []
    if status == "GAME_STATUS_ONGOING":
        check(moves, "the game goes on but next.moves is empty", nxt)
        check(phase != "PHASE_FINISHED", "ongoing status with phase PHASE_FINISHED", nxt)
        check(nxt.get("to_move"), "the game goes on but next.to_move is empty", nxt)
        check(
            bool(nxt.get("chance")) == (phase == "PHASE_ROLL"),
            "next.chance disagrees with next.phase",
            nxt,
        )
        check(position.get("phase") == phase, "next.phase differs from the position's", nxt)
        check(not nxt.get("winners"), "winners while the game goes on", nxt)
    elif status == "GAME_STATUS_FINISHED":
        check(not moves, "the game is over but next.moves is not empty", nxt)
        check(phase == "PHASE_FINISHED", "finished status with phase " + str(phase), nxt)
        check(nxt.get("reason"), "the game is over without a reason", nxt)
    else:
        raise Inconsistent(f"next.status is {status!r}")


def game_history(keys, position):
    """The GameHistory of a position: the keys of the earlier positions, or, when there are none
    (the first position, or the first after an irreversible action), the position itself as the
    start with no actions: an empty history is read as no history at all."""
    return {"keys": keys} if keys else {"start": ref(position)}


def ref(position):
    """A position for a request: the variant and the text are enough (the text holds the options),
    and much shorter than the structured form that answers add."""
    return {"variant": position["variant"], "text": position["text"]}


def play(client, variant, options, rng, verbose=False):
    """Play one random game; return a summary dict."""
    info = client.get(f"/v1/variants/{variant}")["variant"]
    repetition = info.get("repetition") or 0

    position = client.post(f"/v1/variants/{variant}:start", {"options": options})["position"]
    check(position.get("variant") == variant, "start position of another variant", position)
    for name, value in options.items():
        check(
            (position.get("options") or {}).get(name) == value,
            f"option {name} not in the start position",
            position,
        )

    # The one ListLegalMoves of the game: every later turn comes with the answer to the action.
    listed = client.post("/v1/moves:list", {"position": ref(position), "view": "MOVE_VIEW_NOTATION"})
    nxt = {**listed, "status": "GAME_STATUS_ONGOING"}
    check_next(nxt, position, listed)

    # Keys of the positions since the last irreversible action, for the repetition rule
    # (chaturanga: a third occurrence draws). Positions before a capture or a pawn move cannot
    # recur, so the list restarts whenever the halfmove clock does.
    history = []
    actions = rolls = 0
    while nxt["status"] == "GAME_STATUS_ONGOING":
        check(actions < games.MAX_ACTIONS, f"no end after {games.MAX_ACTIONS} actions", position)
        before = position
        if nxt.get("chance"):
            seed = rng.getrandbits(63)
            ans = client.post(
                "/v1/dice:roll",
                {
                    "position": ref(position),
                    "seed": str(seed),  # uint64: a string in JSON
                    "include_next": True,
                    "next_view": "MOVE_VIEW_NOTATION",
                },
            )
            check(ans.get("seed") == str(seed), "the roll did not use our seed", ans)
            check(ans.get("values"), "a roll without values", ans)
            check(ans["position"].get("phase") != "PHASE_ROLL", "still waiting for the roll", ans)
            rolls += 1
            label = "roll " + " ".join(str(v) for v in ans["values"])
        else:
            move = rng.choice(nxt["moves"])
            req = {
                "position": ref(position),
                "moves": [{"notation": move["notation"]}],
                "include_next": True,
                "next_view": "MOVE_VIEW_NOTATION",
            }
            if repetition:
                req["history"] = game_history(history, position)
            ans = client.post("/v1/moves:apply", req)
            check(not ans.get("failure"), "a listed action was refused", move, ans.get("failure"))
            check(ans.get("applied") == 1, "applied is not 1", ans.get("applied"))
            step = ans["steps"][0]
            check(
                step["move"]["notation"] == move["notation"],
                "the step is not the action sent",
                move,
                step,
            )
            check(step.get("key") == ans["position"].get("key"), "step key != position key")
            last = ans["position"].get("last_action") or {}
            check(
                last.get("notation") == move["notation"],
                "position.last_action is not the action sent",
                move,
                last,
            )
            if repetition:
                check(ans.get("repetition_checked"), "history sent but repetition not checked")
            label = move["notation"]
        actions += 1
        position = ans["position"]
        nxt = ans.get("next")
        check_next(nxt, position, ans)
        if repetition:
            clock = {c["name"]: int(c.get("value", 0)) for c in position.get("counters", [])}
            if clock.get("halfmove_clock", 1) == 0:
                history = []
            else:
                history.append(before["key"])
        if verbose:
            print(f"  {label:<16} {position['text']}")

    # ScorePosition must tell the same story as the last answer.
    score_req = {"position": ref(position)}
    if repetition:
        score_req["history"] = game_history(history, position)
    score = client.post("/v1/positions:score", score_req)
    check(score.get("status") == "GAME_STATUS_FINISHED", "ScorePosition: not finished", score)
    check(score.get("reason") == nxt.get("reason"), "ScorePosition: another reason", score, nxt)
    check(
        sorted(score.get("winners") or []) == sorted(nxt.get("winners") or []),
        "ScorePosition: other winners",
        score,
        nxt,
    )
    places = sorted(s.get("place", 0) for s in score.get("standings") or [])
    check(places and places[0] == 1, "ScorePosition: nobody in first place", score)
    first = {s["player"] for s in score.get("standings") or [] if s.get("place") == 1}
    for w in score.get("winners") or []:
        check(w in first, f"winner {w} is not in first place", score)
    return {
        "variant": variant,
        "options": options,
        "actions": actions,
        "rolls": rolls,
        "reason": score["reason"],
        "winners": score.get("winners") or [],
        "standings": score.get("standings") or [],
        "teams": score.get("teams") or [],
        "text": position["text"],
    }


def check_errors(client):
    """A malformed position is INVALID_ARGUMENT with an ErrorInfo reason and a field violation."""
    try:
        client.post("/v1/moves:list", {"position": {"variant": "chaturanga", "text": "8/8 w"}})
    except ApiError as e:
        check(e.http_status == 400, "a bad position is not HTTP 400", e.http_status)
        check(e.status == "INVALID_ARGUMENT", "a bad position is not INVALID_ARGUMENT", e.status)
        check(e.reason == "INVALID_POSITION", "reason is not INVALID_POSITION", e.reason)
        check(
            any(f == "position.text" for f, _ in e.field_violations),
            "no field violation for position.text",
            e.field_violations,
        )
    else:
        raise Inconsistent("a malformed position was accepted")
    try:
        client.post("/v1/variants/no_such_game:start", {})
    except ApiError as e:
        check(e.http_status == 404 and e.status == "NOT_FOUND", "unknown variant", e.status)
        check(e.reason == "VARIANT_NOT_FOUND", "reason is not VARIANT_NOT_FOUND", e.reason)
    else:
        raise Inconsistent("an unknown variant was accepted")


def describe(result):
    standings = ", ".join(
        f"{s['player']} {s.get('score', 0)} (#{s.get('place', 0)})" for s in result["standings"]
    )
    line = (
        f"{result['variant']}: {result['actions']} actions ({result['rolls']} rolls), "
        f"{result['reason']}, winners: {', '.join(result['winners']) or 'none (draw)'}; {standings}"
    )
    if result["teams"]:
        line += "; teams: " + ", ".join(
            f"{t['team']} {t.get('score', 0)} (#{t.get('place', 0)})" for t in result["teams"]
        )
    return line


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=os.environ.get("ASHTAPADA_URL", "http://127.0.0.1:8080"))
    ap.add_argument("--seed", type=int, default=None, help="seed of the client's choices and rolls")
    ap.add_argument("--variant", action="append", help="play only these variants")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every action")
    args = ap.parse_args()

    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    rng = random.Random(seed)
    client = Client(args.url)
    print(f"play_json: {args.url}, seed {seed}")
    try:
        check_errors(client)
        served = [
            (v["name"], [(o["name"], OPTION_KINDS.get(o["type"], ""), int(o.get("max", 0))) for o in v.get("options", [])])
            for v in client.get("/v1/variants")["variants"]
        ]
        for variant, options in games.select(served, args.variant):
            result = play(client, variant, options, rng, args.verbose)
            print(describe(result))
    except (ApiError, Inconsistent, ValueError, urllib.error.URLError, OSError) as e:
        print(f"play_json: FAILED (seed {seed}): {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    print(f"play_json: ok, {client.calls} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
