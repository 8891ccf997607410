"""Errors of the Ashtapada API: AIP-193 bodies read into exceptions, and the calls that got no
answer, or one that is not the API's. Every error a call raises is an AshtapadaError."""

import email.utils
import re
import time
from typing import Any, Dict, List, NamedTuple, Optional

# RESOURCE_EXHAUSTED reasons that pass with time: a slot frees, the queue drains, the quota's
# minute turns. The others (NODE_BUDGET_EXHAUSTED, REQUEST_TOO_LARGE) fail the same way again.
RETRYABLE_REASONS = frozenset({"ANALYSIS_BUSY", "ANALYSIS_QUEUE_FULL", "ANALYSIS_QUOTA_EXHAUSTED"})

# What an API key echoed in an error reads as.
REDACTED = "[api key]"

# A google.protobuf.Duration in JSON: "1.250s".
_DURATION = re.compile(r"(\d+)(?:\.(\d{1,9}))?s")


def _text(v: Any) -> str:
    return v if isinstance(v, str) else ""


def _duration(v: Any) -> Optional[float]:
    """RetryInfo's retry_delay in seconds: the JSON form ("1.250s") or the message's fields
    ({"seconds": "1", "nanos": 250000000}). None for anything else, negative included."""
    if isinstance(v, str):
        m = _DURATION.fullmatch(v.strip())
        if m:
            # float, not int: a server's absurd count of digits reads as a long wait, not an error.
            return float(m.group(1)) + int((m.group(2) or "").ljust(9, "0")) / 1e9
    elif isinstance(v, dict):
        seconds, nanos = v.get("seconds", 0), v.get("nanos", 0)
        try:
            secs = int(seconds) if isinstance(seconds, (int, str)) and not isinstance(seconds, bool) else -1
        except ValueError:
            secs = -1
        if secs >= 0 and isinstance(nanos, int) and not isinstance(nanos, bool) and 0 <= nanos < 1_000_000_000:
            return secs + nanos / 1e9
    return None


def _retry_after(v: Optional[str]) -> Optional[float]:
    """The Retry-After header in seconds: whole seconds, or an HTTP date (RFC 9110)."""
    if v is None:
        return None
    v = v.strip()
    if re.fullmatch(r"[0-9]+", v):
        return float(v)
    try:
        when = email.utils.parsedate_to_datetime(v)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - time.time())


class FieldViolation(NamedTuple):
    """One request field at fault (google.rpc.BadRequest), as a path into the request."""

    field: str
    description: str


class QuotaViolation(NamedTuple):
    """A quota or limit a refusal ran into (google.rpc.QuotaFailure): subject names whose it is
    ("key:bot-a"), description what was spent."""

    subject: str
    description: str


class AshtapadaError(Exception):
    """A call the server refused: the AIP-193 error body of its answer. Also the base of every
    error a call raises: Unauthenticated, TransportError (no answer), DeadlineExceeded,
    ProtocolError (an answer that is not the API's) and ResponseTooLarge.

    status is the gRPC code's name (INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, ...), reason
    the ErrorInfo reason a program should switch on (INVALID_POSITION, GAME_OVER, ...), and
    field_violations the request fields at fault. http_status is the HTTP status; decide on status
    and reason instead, as FAILED_PRECONDITION is a 400 too. retry_delay is how long the server
    asks the client to wait before sending again, in seconds (its RetryInfo, else the answer's
    Retry-After header; None when it said nothing), and quota_violations the quotas a
    RESOURCE_EXHAUSTED refusal ran into.
    """

    def __init__(self, http_status: int, error: Dict[str, Any], retry_after: Optional[str] = None):
        # A broken server's error may have any shape: a field of the wrong type reads as absent.
        self.http_status = http_status
        code = error.get("code")
        self.code: int = code if isinstance(code, int) and code else http_status
        self.status: str = _text(error.get("status"))
        self.message: str = _text(error.get("message"))
        details = error.get("details")
        self.details: List[Dict[str, Any]] = [d for d in details if isinstance(d, dict)] if isinstance(details, list) else []
        self.reason = ""
        self.domain = ""
        self.metadata: Dict[str, str] = {}
        self.field_violations: List[FieldViolation] = []
        self.quota_violations: List[QuotaViolation] = []
        self.retry_delay: Optional[float] = None
        for d in self.details:
            kind = _text(d.get("@type"))
            if kind.endswith("google.rpc.ErrorInfo"):
                self.reason = _text(d.get("reason"))
                self.domain = _text(d.get("domain"))
                metadata = d.get("metadata")
                self.metadata = {str(k): str(v) for k, v in metadata.items()} if isinstance(metadata, dict) else {}
            elif kind.endswith("google.rpc.BadRequest"):
                violations = d.get("field_violations")
                for v in violations if isinstance(violations, list) else []:
                    if isinstance(v, dict):
                        self.field_violations.append(FieldViolation(_text(v.get("field")), _text(v.get("description"))))
            elif kind.endswith("google.rpc.QuotaFailure"):
                violations = d.get("violations")
                for v in violations if isinstance(violations, list) else []:
                    if isinstance(v, dict):
                        self.quota_violations.append(QuotaViolation(_text(v.get("subject")), _text(v.get("description"))))
            elif kind.endswith("google.rpc.RetryInfo"):
                # protojson writes retryDelay, a server with proto names retry_delay.
                self.retry_delay = _duration(d.get("retryDelay", d.get("retry_delay")))
        if self.retry_delay is None:
            self.retry_delay = _retry_after(retry_after)
        text = f"{self.status or self.http_status}"
        if self.reason:
            text += f" {self.reason}"
        super().__init__(f"{text}: {self.message}")

    @property
    def retryable(self) -> bool:
        """True when the same request may succeed later: UNAVAILABLE, or RESOURCE_EXHAUSTED for a
        busy analysis, a full queue or a spent quota (RETRYABLE_REASONS; not NODE_BUDGET_EXHAUSTED,
        which fails the same way again)."""
        return self.status == "UNAVAILABLE" or (self.status == "RESOURCE_EXHAUSTED" and self.reason in RETRYABLE_REASONS)

    @staticmethod
    def of(http_status: int, error: Dict[str, Any], retry_after: Optional[str] = None) -> "AshtapadaError":
        """The error for an AIP-193 error: Unauthenticated for UNAUTHENTICATED, else AshtapadaError."""
        if error.get("status") == "UNAUTHENTICATED":
            return Unauthenticated(http_status, error, retry_after)
        return AshtapadaError(http_status, error, retry_after)

    @staticmethod
    def from_body(http_status: int, raw: bytes, retry_after: Optional[str] = None) -> "AshtapadaError":
        """The error of an answer's status, body and Retry-After header."""
        import json

        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            body = None
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            return AshtapadaError.of(http_status, body["error"], retry_after)
        # Not an AIP-193 body (a proxy's page, say): keep what there is.
        status = {401: "UNAUTHENTICATED", 429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}
        return AshtapadaError.of(
            http_status,
            {"status": status.get(http_status, "UNKNOWN"), "message": raw.decode("utf-8", "replace")[:1024]},
            retry_after,
        )

    def _redact(self, secret: str) -> "AshtapadaError":
        """Replaces secret (the API key) in every text of the error: a server or a proxy may
        echo what it was sent, and errors end up in logs."""
        if not secret:
            return self

        def scrub(v: Any) -> Any:
            if isinstance(v, str):
                return v.replace(secret, REDACTED)
            if isinstance(v, tuple):
                return type(v)(*map(scrub, v)) if hasattr(v, "_fields") else tuple(map(scrub, v))
            if isinstance(v, list):
                return [scrub(x) for x in v]
            if isinstance(v, dict):
                return {scrub(k): scrub(x) for k, x in v.items()}
            return v

        for name, value in list(vars(self).items()):
            setattr(self, name, scrub(value))
        self.args = tuple(scrub(a) for a in self.args)
        return self


class Unauthenticated(AshtapadaError):
    """The server wants an API key and the call had none (reason API_KEY_MISSING), or one it does
    not know (API_KEY_INVALID): status UNAUTHENTICATED, HTTP 401. Never sent again: the same key
    fails the same way. The key is not in its message."""

    @property
    def retryable(self) -> bool:
        return False


class TransportError(AshtapadaError):
    """A call that got no answer: the connection failed, or broke off (status UNAVAILABLE, which
    is retryable). http_status is 0."""

    def __init__(self, status: str, message: str, cause: Optional[BaseException] = None):
        super().__init__(0, {"status": status, "message": message})
        self.__cause__ = cause

    @property
    def retryable(self) -> bool:
        return self.status == "UNAVAILABLE"


class DeadlineExceeded(TransportError):
    """The call's timeout ran out (status DEADLINE_EXCEEDED) before its answer, or its stream,
    ended. The work may be under way on the server, so it is not sent again."""

    def __init__(self, message: str, cause: Optional[BaseException] = None):
        super().__init__("DEADLINE_EXCEEDED", message, cause)


class ProtocolError(AshtapadaError):
    """An answer that is not the API's: not HTTP, a body that is not JSON (a proxy's HTML page
    with status 200), a stream line without result, an answer that broke off before its end.
    status is INTERNAL; http_status the answer's status, or 0 when there was none. Sending again
    would meet the same server, so it is not retryable."""

    def __init__(self, http_status: int, message: str, cause: Optional[BaseException] = None, status: str = "INTERNAL"):
        super().__init__(http_status, {"status": status, "message": message})
        self.__cause__ = cause

    @property
    def retryable(self) -> bool:
        return False


class ResponseTooLarge(ProtocolError):
    """An answer (or a stream's line) longer than the client's max_response_bytes, refused before
    it is read in full: status RESOURCE_EXHAUSTED. limit is the cap in bytes."""

    def __init__(self, http_status: int, limit: int, message: str):
        super().__init__(http_status, message, status="RESOURCE_EXHAUSTED")
        self.limit = limit
