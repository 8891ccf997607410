"""A client of Ashtapada's HTTP/JSON API on the standard library (urllib)."""

import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union, cast

from . import types as t
from .errors import AshtapadaError, TransportError

# An action as the calls take it: its notation ("g1f3", "roll 2 3") or an Action.
ActionLike = Union[str, t.Action]
# A position as the calls take it: any Position, an answer's included (only variant and text are
# sent when there is a text).
PositionLike = Union[t.Position, t.PositionOutput]

# Analyses may run for the server's analysis time (10 s by default) plus its queue wait.
ANALYSIS_TIMEOUT = 30.0


def ref(position: PositionLike) -> t.Position:
    """The short form of a position: variant and text hold everything, options included."""
    p = cast(Dict[str, Any], position)
    if p.get("text"):
        return {"variant": p["variant"], "text": p["text"]}
    return cast(t.Position, dict(p))


def action(a: ActionLike) -> t.Action:
    return {"notation": a} if isinstance(a, str) else a


def _put(body: Dict[str, Any], **fields: Any) -> Dict[str, Any]:
    """Adds the fields that are set; 64-bit integers go as strings, as JSON has them."""
    for k, v in fields.items():
        if v is None:
            continue
        if k in ("seed", "max_nodes"):
            v = str(v)
        body[k] = v
    return body


class Client:
    """The Ashtapada API at url (http://host:port).

    Every call is a pure function of its request, so a call that failed for a reason that may pass
    (no connection, UNAVAILABLE, ANALYSIS_BUSY) is sent again as it is, up to attempts times with
    backoff from 50 ms doubling. timeout bounds each attempt of a rules call in seconds,
    analysis_timeout each attempt of an analysis call; each call also takes timeout=.
    Refusals are raised as AshtapadaError.
    """

    def __init__(
        self,
        url: str = "http://localhost:8080",
        timeout: float = 10.0,
        analysis_timeout: float = ANALYSIS_TIMEOUT,
        attempts: int = 4,
        headers: Optional[Mapping[str, str]] = None,
    ):
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.analysis_timeout = analysis_timeout
        self.attempts = max(1, attempts)
        self.headers = dict(headers or {})
        self.requests = 0  # HTTP requests sent, retries included

    # The transport.

    def _open(self, operation: str, body: Optional[Mapping[str, Any]], path_params: Mapping[str, str], timeout: Optional[float]) -> Any:
        method, path = t.OPERATIONS[operation]
        for name, value in path_params.items():
            path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
        if timeout is None:
            timeout = self.analysis_timeout if operation.startswith("AnalysisService_") else self.timeout
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json", **self.headers}
        if data is not None:
            headers["Content-Type"] = "application/json"
        delay = 0.05
        for attempt in range(1, self.attempts + 1):
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            self.requests += 1
            try:
                return urllib.request.urlopen(req, timeout=timeout)
            except urllib.error.HTTPError as e:
                with e:
                    err = AshtapadaError.from_body(e.code, e.read())
            except (socket.timeout, TimeoutError) as e:
                # The work may be under way: another attempt with the same timeout would fare no
                # better.
                raise TransportError("DEADLINE_EXCEEDED", f"no answer within {timeout} s", e) from None
            except (urllib.error.URLError, ConnectionError, OSError) as e:
                reason = getattr(e, "reason", e)
                if isinstance(reason, (socket.timeout, TimeoutError)):
                    raise TransportError("DEADLINE_EXCEEDED", f"no answer within {timeout} s", e) from None
                err = TransportError("UNAVAILABLE", f"{self.url}: {reason}", e)
            if not err.retryable or attempt == self.attempts:
                raise err
            time.sleep(delay)
            delay *= 2
        raise AssertionError("unreachable")

    def call(self, operation: str, body: Optional[Mapping[str, Any]] = None, timeout: Optional[float] = None, **path_params: str) -> Any:
        """Any operation of types.OPERATIONS by its id, with its request body as a dict."""
        resp = self._open(operation, body, path_params, timeout)
        try:
            with resp:
                return json.loads(resp.read())
        except (socket.timeout, TimeoutError) as e:
            raise TransportError("DEADLINE_EXCEEDED", "the answer did not arrive in time", e) from None

    # The rules.

    def list_variants(self, timeout: Optional[float] = None) -> t.ListVariantsResponse:
        return cast(t.ListVariantsResponse, self.call("RulesService_ListVariants", None, timeout))

    def get_variant(self, name: str, timeout: Optional[float] = None) -> t.GetVariantResponse:
        return cast(t.GetVariantResponse, self.call("RulesService_GetVariant", None, timeout, name=name))

    def start_position(self, variant: str, options: Optional[Mapping[str, Any]] = None, timeout: Optional[float] = None) -> t.StartPositionResponse:
        """The first position; options are plain values by name ({"teams": True})."""
        return cast(t.StartPositionResponse, self.call("RulesService_StartPosition", {"options": dict(options or {})}, timeout, variant=variant))

    def legal_moves(self, position: PositionLike, view: Optional[t.MoveView] = None, history: Optional[t.GameHistory] = None, timeout: Optional[float] = None) -> t.ListLegalMovesResponse:
        body = _put({"position": ref(position)}, view=view, history=history)
        return cast(t.ListLegalMovesResponse, self.call("RulesService_ListLegalMoves", body, timeout))

    def validate(self, position: PositionLike, move: ActionLike, include_next: bool = False, next_view: Optional[t.MoveView] = None, history: Optional[t.GameHistory] = None, timeout: Optional[float] = None) -> t.ValidateMoveResponse:
        """Whether an action is legal: legal false and a reason when not (not an error)."""
        body = _put({"position": ref(position), "move": action(move)}, include_next=include_next or None, next_view=next_view, history=history)
        return cast(t.ValidateMoveResponse, self.call("RulesService_ValidateMove", body, timeout))

    def apply_moves(self, position: PositionLike, moves: Iterable[ActionLike], include_next: bool = True, next_view: Optional[t.MoveView] = None, history: Optional[t.GameHistory] = None, timeout: Optional[float] = None) -> t.ApplyMovesResponse:
        """Plays the actions in order. With include_next (the default) the answer's next is the
        turn that follows: who chooses, the legal actions, the status. An illegal action is not an
        error: applied counts the actions played and failure names the first illegal one."""
        body = _put({"position": ref(position), "moves": [action(m) for m in moves]}, include_next=include_next or None, next_view=next_view, history=history)
        return cast(t.ApplyMovesResponse, self.call("RulesService_ApplyMoves", body, timeout))

    def apply(self, position: PositionLike, move: ActionLike, **kwargs: Any) -> t.ApplyMovesResponse:
        """apply_moves with one action."""
        return self.apply_moves(position, [move], **kwargs)

    def roll_dice(self, position: PositionLike, seed: Optional[int] = None, include_next: bool = True, next_view: Optional[t.MoveView] = None, timeout: Optional[float] = None) -> t.RollDiceResponse:
        """Rolls for a position waiting for the dice; the same seed gives the same roll."""
        body = _put({"position": ref(position)}, seed=seed, include_next=include_next or None, next_view=next_view)
        return cast(t.RollDiceResponse, self.call("RulesService_RollDice", body, timeout))

    def resolve_dice(self, position: PositionLike, values: List[int], include_next: bool = True, next_view: Optional[t.MoveView] = None, timeout: Optional[float] = None) -> t.ResolveDiceResponse:
        """Dice the client threw itself."""
        body = _put({"position": ref(position), "values": list(values)}, include_next=include_next or None, next_view=next_view)
        return cast(t.ResolveDiceResponse, self.call("RulesService_ResolveDice", body, timeout))

    def score(self, position: PositionLike, history: Optional[t.GameHistory] = None, timeout: Optional[float] = None) -> t.ScorePositionResponse:
        body = _put({"position": ref(position)}, history=history)
        return cast(t.ScorePositionResponse, self.call("RulesService_ScorePosition", body, timeout))

    # Records.

    def export_game(self, start: PositionLike, actions: Iterable[ActionLike], tags: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None) -> t.ExportGameResponse:
        """The game's record (PGN-shaped text): the actions played from start, dice rolls
        included, and tags such as {"Event": ..., "White": ...}."""
        body = _put({"start": ref(start), "actions": [action(a) for a in actions]}, tags=dict(tags) if tags else None)
        return cast(t.ExportGameResponse, self.call("RulesService_ExportGame", body, timeout))

    def import_game(self, record: str, include_positions: bool = False, timeout: Optional[float] = None) -> t.ImportGameResponse:
        """Reads a record back: its start, actions and the position they reach. An action that
        cannot be played is not an error: the answer stops before it and failure names it (its
        reason starts with the record's line). A record that cannot be read is raised."""
        body = _put({"record": record}, include_positions=include_positions or None)
        return cast(t.ImportGameResponse, self.call("RulesService_ImportGame", body, timeout))

    # The analysis.

    def search(self, position: PositionLike, depth: Optional[int] = None, max_nodes: Optional[int] = None, time_limit: Optional[str] = None, multi_pv: Optional[int] = None, algorithm: Optional[t.SearchAlgorithm] = None, history: Optional[t.GameHistory] = None, clock: Optional[t.Clock] = None, timeout: Optional[float] = None) -> t.SearchResponse:
        """The best action: stops at the first of depth, max_nodes and time_limit ("0.5s"); with
        none of them it searches for one second. With clock ({"remaining": "30s", "increment":
        "0.1s"}) it takes the move's share of the mover's clock."""
        body = _put({"position": ref(position)}, depth=depth, max_nodes=max_nodes, time_limit=time_limit, multi_pv=multi_pv, algorithm=algorithm, history=history, clock=clock)
        return cast(t.SearchResponse, self.call("AnalysisService_Search", body, timeout))

    def search_stream(self, position: PositionLike, depth: Optional[int] = None, max_nodes: Optional[int] = None, time_limit: Optional[str] = None, multi_pv: Optional[int] = None, algorithm: Optional[t.SearchAlgorithm] = None, history: Optional[t.GameHistory] = None, clock: Optional[t.Clock] = None, timeout: Optional[float] = None) -> "SearchStream":
        """Search reporting as it goes: iterate for one answer per completed depth, the last
        with final true. Close it (or use it in a with block) to stop early."""
        body = _put({"position": ref(position)}, depth=depth, max_nodes=max_nodes, time_limit=time_limit, multi_pv=multi_pv, algorithm=algorithm, history=history, clock=clock)
        return SearchStream(self._open("AnalysisService_SearchStream", body, {}, timeout))

    def evaluate(self, position: PositionLike, timeout: Optional[float] = None) -> t.EvaluateResponse:
        return cast(t.EvaluateResponse, self.call("AnalysisService_Evaluate", {"position": ref(position)}, timeout))

    def rollout(self, position: PositionLike, playouts: int, seed: Optional[int] = None, policy: Optional[t.RolloutPolicy] = None, max_actions: Optional[int] = None, timeout: Optional[float] = None) -> t.RolloutResponse:
        body = _put({"position": ref(position), "playouts": playouts}, seed=seed, policy=policy, max_actions=max_actions)
        return cast(t.RolloutResponse, self.call("AnalysisService_Rollout", body, timeout))

    def perft(self, position: PositionLike, depth: int, divide: bool = False, max_nodes: Optional[int] = None, rolls: Optional[List[t.DiceRoll]] = None, timeout: Optional[float] = None) -> t.PerftResponse:
        body = _put({"position": ref(position), "depth": depth}, divide=divide or None, max_nodes=max_nodes, rolls=rolls)
        return cast(t.PerftResponse, self.call("AnalysisService_Perft", body, timeout))


class SearchStream(Iterator[t.SearchStreamResponse]):
    """SearchStream's newline-delimited JSON answer, one SearchStreamResponse per line. An error
    after the first line is raised as AshtapadaError."""

    def __init__(self, resp: Any):
        self._resp = resp
        self.done = False

    def __iter__(self) -> "SearchStream":
        return self

    def __next__(self) -> t.SearchStreamResponse:
        while not self.done:
            try:
                line = self._resp.readline()
            except (socket.timeout, TimeoutError) as e:
                self.close()
                raise TransportError("DEADLINE_EXCEEDED", "the stream stalled", e) from None
            if not line:
                self.close()
                break
            if not line.strip():
                continue
            msg = json.loads(line)
            if "error" in msg:
                self.close()
                raise AshtapadaError(self._resp.status, msg["error"])
            result = cast(t.SearchStreamResponse, msg["result"])
            if result.get("final"):
                self.close()
            return result
        raise StopIteration

    def close(self) -> None:
        self.done = True
        self._resp.close()

    def __enter__(self) -> "SearchStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
