"""A client of Ashtapada's HTTP/JSON API on the standard library (http.client)."""

import http.client
import io
import json
import math
import re
import socket
import time
import urllib.parse
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, TypeVar, Union, cast

from . import types as t
from .errors import AshtapadaError, DeadlineExceeded, ProtocolError, ResponseTooLarge, TransportError

# An action as the calls take it: its notation ("g1f3", "roll 2 3") or an Action.
ActionLike = Union[str, t.Action]
# A position as the calls take it: any Position, an answer's included (only variant and text are
# sent when there is a text).
PositionLike = Union[t.Position, t.PositionOutput]

# Analyses may run for the server's analysis time (10 s by default) plus its queue wait.
ANALYSIS_TIMEOUT = 30.0
# The longest answer, or stream line, a client reads by default: the largest real answers (a
# variant's description, an import with every position) are a few megabytes.
MAX_RESPONSE_BYTES = 64 << 20
# The most read from the socket at once.
_CHUNK = 64 << 10
# A server's retry delay longer than this (about 24 days, JavaScript's longest timer, as in the
# TypeScript client) is not waited for but raised: time.sleep overflows on an absurd one.
_LONGEST_WAIT = (2**31 - 1) / 1000


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
    """The Ashtapada API at url (http://host:port, or https://).

    timeout is the deadline of a whole rules call in seconds, analysis_timeout of an analysis
    call: connecting, every attempt and its backoff, and reading the answer, a SearchStream's to
    its last line, all end within it, as a gRPC deadline does; each call also takes timeout=. It
    is raised as DeadlineExceeded. Every call is a pure function of its request, so a call that
    failed for a reason that may pass (no connection, UNAVAILABLE, and the analysis's
    RESOURCE_EXHAUSTED: ANALYSIS_BUSY, ANALYSIS_QUEUE_FULL, ANALYSIS_QUOTA_EXHAUSTED) is sent again
    as it is, up to attempts times, after the longer of the backoff (50 ms doubling) and the delay
    the server asks for, while the deadline leaves time for the wait; when it does not, the
    refusal is raised at once, with its retry_delay. An answer longer than max_response_bytes (a
    stream's line, for SearchStream) is refused as ResponseTooLarge before it is read in full.
    Refusals are raised as AshtapadaError, and so is every other failure (Unauthenticated,
    TransportError, ProtocolError: see ashtapada.errors).

    api_key is sent as "Authorization: Bearer <key>" with every call, for a server that wants
    one; None or "" sends none. It is kept out of the client's repr and of every error's text.
    """

    def __init__(
        self,
        url: str = "http://localhost:8080",
        timeout: float = 10.0,
        analysis_timeout: float = ANALYSIS_TIMEOUT,
        attempts: int = 4,
        headers: Optional[Mapping[str, str]] = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
        api_key: Optional[str] = None,
    ):
        # http.client's own error for a bad header value quotes the value: check it here.
        if api_key and not re.fullmatch(r"[\x21-\x7e]+", api_key):
            raise ValueError("api_key must be printable ASCII without spaces")
        self._api_key = api_key or ""
        self.url = url.rstrip("/")
        parts = urllib.parse.urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http or https URL: {url!r}")
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._prefix = parts.path
        self.timeout = timeout
        self.analysis_timeout = analysis_timeout
        self.attempts = max(1, attempts)
        self.headers = dict(headers or {})
        self.max_response_bytes = max_response_bytes
        self.requests = 0  # HTTP requests sent, retries included

    def __repr__(self) -> str:
        return f"Client({self.url!r}{', api_key=...' if self._api_key else ''})"

    # The transport.

    def _send(self, method: str, target: str, data: Optional[bytes], headers: Mapping[str, str], deadline: float) -> "_Answer":
        """One HTTP exchange up to the answer's status and headers, on a connection of its own."""
        cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        conn = cls(self._host, self._port, timeout=_seconds(_left(deadline)))
        sock: Optional[socket.socket] = None
        try:
            conn.connect()
            sock = cast(socket.socket, conn.sock)
            # From here on every send and receive ends by the deadline.
            conn.sock = cast(Any, _DeadlineSocket(sock, deadline))
            conn.request(method, target, body=data, headers={**headers, "Connection": "close"})
            return _Answer(sock, conn.getresponse())
        except BaseException:
            conn.close()
            if sock is not None:
                sock.close()
            raise

    def _exchange(self, operation: str, body: Optional[Mapping[str, Any]], path_params: Mapping[str, str], timeout: Optional[float], stream: bool = False) -> Any:
        """Sends an operation with its retries, all within the call's deadline. Answers the decoded
        body, or with stream a SearchStream over the open answer."""
        method, path = t.OPERATIONS[operation]
        for name, value in path_params.items():
            path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
        if timeout is None:
            timeout = self.analysis_timeout if operation.startswith("AnalysisService_") else self.timeout
        deadline = time.monotonic() + timeout
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json", **self.headers}
        if self._api_key:
            headers = {k: v for k, v in headers.items() if k.lower() != "authorization"}
            headers["Authorization"] = f"Bearer {self._api_key}"
        if data is not None:
            headers["Content-Type"] = "application/json"
        delay = 0.05
        for attempt in range(1, self.attempts + 1):
            self.requests += 1
            answer: Optional[_Answer] = None
            try:
                answer = self._send(method, self._prefix + path, data, headers, deadline)
                status = answer.status
                if 200 <= status < 300:
                    if stream:
                        kind = ReviewStream if operation == "AnalysisService_ReviewGame" else SearchStream
                        answers = kind(answer, self.max_response_bytes, timeout, self._api_key)
                        answer = None  # the stream closes it
                        return answers
                    return _decode(status, f"the answer ({answer.content_type})", answer.read_all(self.max_response_bytes))
                err = AshtapadaError.from_body(status, answer.read_all(self.max_response_bytes), answer.retry_after)
            except AshtapadaError as e:
                err = e
            except (OSError, http.client.HTTPException) as e:
                err = _failure(e, answer.status if answer else 0, timeout, self.url)
            finally:
                if answer is not None:
                    answer.close()
            err._redact(self._api_key)
            # The server's delay when it asks for one, and never less than the backoff.
            wait = max(err.retry_delay or 0.0, delay)
            # Sleeping past the deadline would only trade the server's refusal, which says how
            # long to wait, for DEADLINE_EXCEEDED.
            if not err.retryable or attempt == self.attempts or deadline - time.monotonic() <= wait or wait > _LONGEST_WAIT:
                raise err
            time.sleep(wait)
            delay *= 2
        raise AssertionError("unreachable")

    def call(self, operation: str, body: Optional[Mapping[str, Any]] = None, timeout: Optional[float] = None, **path_params: str) -> Any:
        """Any operation of types.OPERATIONS by its id, with its request body as a dict."""
        return self._exchange(operation, body, path_params, timeout)

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
        return cast(SearchStream, self._exchange("AnalysisService_SearchStream", body, {}, timeout, stream=True))

    def evaluate(self, position: PositionLike, timeout: Optional[float] = None) -> t.EvaluateResponse:
        return cast(t.EvaluateResponse, self.call("AnalysisService_Evaluate", {"position": ref(position)}, timeout))

    def rollout(self, position: PositionLike, playouts: int, seed: Optional[int] = None, policy: Optional[t.RolloutPolicy] = None, max_actions: Optional[int] = None, timeout: Optional[float] = None) -> t.RolloutResponse:
        body = _put({"position": ref(position), "playouts": playouts}, seed=seed, policy=policy, max_actions=max_actions)
        return cast(t.RolloutResponse, self.call("AnalysisService_Rollout", body, timeout))

    def review_game(self, record: Optional[str] = None, position: Optional[PositionLike] = None, moves: Optional[List[ActionLike]] = None, time_per_action: Optional[str] = None, depth: Optional[int] = None, max_nodes: Optional[int] = None, players: Optional[List[str]] = None, timeout: Optional[float] = None) -> "ReviewStream":
        """Reviews a played game, a record or position with moves: iterate for one answer per
        action as it is analysed, then the summary (docs/review.md). Close it (or use it in a
        with block) to stop early."""
        body = _put({}, record=record, position=ref(position) if position is not None else None, moves=[action(m) for m in moves] if moves else None,
                    time_per_action=time_per_action, depth=depth, max_nodes=max_nodes, players=players)
        return cast(ReviewStream, self._exchange("AnalysisService_ReviewGame", body, {}, timeout, stream=True))

    def perft(self, position: PositionLike, depth: int, divide: bool = False, max_nodes: Optional[int] = None, rolls: Optional[List[t.DiceRoll]] = None, timeout: Optional[float] = None) -> t.PerftResponse:
        body = _put({"position": ref(position), "depth": depth}, divide=divide or None, max_nodes=max_nodes, rolls=rolls)
        return cast(t.PerftResponse, self.call("AnalysisService_Perft", body, timeout))


# R is a stream's answer type.
R = TypeVar("R")


class _Stream(Iterator[R]):
    """A streaming call's newline-delimited JSON answer, one answer per line. An error after the
    first line is raised as AshtapadaError; a line that is not one of the API's, or a stream that
    ends before its last answer, as ProtocolError; a line longer than the client's
    max_response_bytes as ResponseTooLarge. The call's deadline covers the whole stream, the time
    the loop's body takes included: DeadlineExceeded ends it."""

    def __init__(self, answer: "_Answer", limit: int, timeout: float, secret: str = ""):
        self._answer = answer
        self._limit = limit
        self._timeout = timeout
        self._secret = secret  # the API key, kept out of the errors
        self._buf = bytearray()
        self._scanned = 0  # bytes of _buf known to hold no newline
        self._eof = False
        self.done = False

    def __iter__(self) -> "_Stream[R]":
        return self

    def _last(self, result: Dict[str, Any]) -> bool:
        """Whether result is the stream's last answer."""
        raise NotImplementedError

    def __next__(self) -> R:
        if self.done:
            raise StopIteration
        status = self._answer.status
        try:
            line = self._line()
            if line is None:
                raise ProtocolError(status, "the stream ended before its final answer")
            msg = _decode(status, "a stream line", line)
            if isinstance(msg.get("error"), dict):
                raise AshtapadaError.of(status, msg["error"])
            result = msg.get("result")
            if not isinstance(result, dict):
                raise ProtocolError(status, f"a stream line without result or error: {_excerpt(line)}")
        except AshtapadaError as e:
            self.close()
            e._redact(self._secret)
            raise
        except (OSError, http.client.HTTPException) as e:
            self.close()
            raise _failure(e, status, self._timeout, "the stream")._redact(self._secret) from e
        if self._last(result):
            self.close()
        return cast(R, result)

    def _line(self) -> Optional[bytes]:
        """The next line that is not blank, None at the end of the answer."""
        while True:
            nl = self._buf.find(b"\n", self._scanned)
            if nl >= 0:
                line = bytes(self._buf[:nl])
                del self._buf[: nl + 1]
                self._scanned = 0
                if len(line) > self._limit:
                    raise self._too_large()
                if line.strip():
                    return line
                continue
            self._scanned = len(self._buf)
            if len(self._buf) > self._limit:
                raise self._too_large()
            if self._eof:
                line = bytes(self._buf)
                self._buf.clear()
                self._scanned = 0
                return line if line.strip() else None
            chunk = self._answer.read1()
            if chunk:
                self._buf += chunk
            else:
                self._eof = True

    def _too_large(self) -> ResponseTooLarge:
        return ResponseTooLarge(self._answer.status, self._limit, f"a stream line is longer than {self._limit} bytes")

    def close(self) -> None:
        self.done = True
        self._buf.clear()
        self._answer.close()

    def __enter__(self) -> "_Stream[R]":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _left(deadline: float) -> float:
    """The seconds left before deadline; raises socket.timeout when none are."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise socket.timeout("the deadline passed")
    return left


def _seconds(left: float) -> Optional[float]:
    """A socket timeout: None (block) for an infinite timeout, which sockets do not take."""
    return None if math.isinf(left) else left


class _DeadlineSocket:
    """A connected socket whose every send and receive ends by the call's deadline. A socket's
    own timeout bounds one system call, so a server that trickles its answer a byte at a time
    would hold the call for as long as it likes; http.client reads the status line, the headers
    and the body through this one (makefile), and sends through sendall."""

    def __init__(self, sock: socket.socket, deadline: float):
        self._sock = sock
        self._deadline = deadline

    def _arm(self) -> None:
        self._sock.settimeout(_seconds(_left(self._deadline)))

    def sendall(self, data: Any) -> None:
        self._arm()
        self._sock.sendall(data)  # its timeout bounds the whole send

    def recv_into(self, buffer: Any) -> int:
        self._arm()
        return self._sock.recv_into(buffer)

    def makefile(self, mode: str = "rb") -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self), _CHUNK)

    def setsockopt(self, *args: Any) -> None:
        self._sock.setsockopt(*args)

    def close(self) -> None:
        # http.client closes its connection once the answer's headers say it will not be reused,
        # with the body still to read; _Answer closes the socket itself.
        pass


class _DeadlineReader(io.RawIOBase):
    def __init__(self, sock: _DeadlineSocket):
        super().__init__()
        self._sock = sock

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        return self._sock.recv_into(buffer)


class _Answer:
    """An HTTP answer whose body is read in bounded chunks, and the socket it comes on."""

    def __init__(self, sock: socket.socket, resp: http.client.HTTPResponse):
        self._sock = sock
        self._r = resp
        self.status = resp.status
        self.content_type = resp.getheader("Content-Type") or "no Content-Type"
        self.retry_after = resp.getheader("Retry-After")

    def read1(self) -> bytes:
        """Up to _CHUNK bytes of the body, b"" at its end; raises ProtocolError when the body ends
        before its Content-Length (http.client checks only chunked bodies)."""
        chunk = self._r.read1(_CHUNK)
        if not chunk and self._r.length:
            raise ProtocolError(self.status, f"the answer broke off {self._r.length} bytes before its Content-Length")
        return chunk

    def read_all(self, limit: int) -> bytes:
        """The whole body, refused as ResponseTooLarge past limit bytes: at once when its
        Content-Length says so, otherwise as soon as it has read that many."""
        length = self._r.length
        if length is not None and length > limit:
            raise ResponseTooLarge(self.status, limit, f"the answer has {length} bytes, more than the client's limit of {limit}")
        body = bytearray()
        while True:
            chunk = self.read1()
            if not chunk:
                return bytes(body)
            body += chunk
            if len(body) > limit:
                raise ResponseTooLarge(self.status, limit, f"the answer is longer than the client's limit of {limit} bytes")

    def close(self) -> None:
        self._r.close()
        self._sock.close()


def _excerpt(raw: bytes) -> str:
    text = raw[:200].decode("utf-8", "replace")
    return repr(text + ("..." if len(raw) > 200 else ""))


def _decode(http_status: int, what: str, raw: bytes) -> Dict[str, Any]:
    """A JSON object, or ProtocolError: a proxy's HTML page, a body cut short, a JSON value that
    is not an object."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError) as e:
        raise ProtocolError(http_status, f"{what} is not JSON: {_excerpt(raw)}", e) from e
    if not isinstance(value, dict):
        raise ProtocolError(http_status, f"{what} is not a JSON object: {_excerpt(raw)}")
    return value


def _failure(e: BaseException, http_status: int, timeout: float, where: str) -> AshtapadaError:
    """The package's error for what the socket or http.client raised."""
    if isinstance(e, (socket.timeout, TimeoutError)):
        return DeadlineExceeded(f"the call did not end within its timeout of {timeout:g} s", e)
    if isinstance(e, http.client.IncompleteRead):
        return ProtocolError(http_status, "the answer broke off before its end", e)
    if isinstance(e, OSError):
        # Refused, reset, closed without an answer (http.client.RemoteDisconnected), unreachable.
        return TransportError("UNAVAILABLE", f"{where}: {e}", e)
    return ProtocolError(http_status, f"not an HTTP answer of the API: {e!r}", e)


class SearchStream(_Stream[t.SearchStreamResponse]):
    """SearchStream's answers: one per completed depth, the last with final true."""

    def _last(self, result: Dict[str, Any]) -> bool:
        return bool(result.get("final"))


class ReviewStream(_Stream[t.ReviewGameResponse]):
    """ReviewGame's answers: one per action as it is analysed, the last with the summary."""

    def _last(self, result: Dict[str, Any]) -> bool:
        return isinstance(result.get("summary"), dict)
