"""Errors of the Ashtapada API: AIP-193 bodies read into exceptions, and the calls that got no
answer, or one that is not the API's. Every error a call raises is an AshtapadaError."""

from typing import Any, Dict, List, NamedTuple, Optional


def _text(v: Any) -> str:
    return v if isinstance(v, str) else ""


class FieldViolation(NamedTuple):
    """One request field at fault (google.rpc.BadRequest), as a path into the request."""

    field: str
    description: str


class AshtapadaError(Exception):
    """A call the server refused: the AIP-193 error body of its answer. Also the base of every
    error a call raises: TransportError (no answer), DeadlineExceeded, ProtocolError (an answer
    that is not the API's) and ResponseTooLarge.

    status is the gRPC code's name (INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, ...), reason
    the ErrorInfo reason a program should switch on (INVALID_POSITION, GAME_OVER, ...), and
    field_violations the request fields at fault. http_status is the HTTP status; decide on status
    and reason instead, as FAILED_PRECONDITION is a 400 too.
    """

    def __init__(self, http_status: int, error: Dict[str, Any]):
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
        text = f"{self.status or self.http_status}"
        if self.reason:
            text += f" {self.reason}"
        super().__init__(f"{text}: {self.message}")

    @property
    def retryable(self) -> bool:
        """True when the same request may succeed later: UNAVAILABLE, or every analysis slot busy
        (not the other RESOURCE_EXHAUSTED reasons, which fail the same way again)."""
        return self.status == "UNAVAILABLE" or self.reason == "ANALYSIS_BUSY"

    @classmethod
    def from_body(cls, http_status: int, raw: bytes) -> "AshtapadaError":
        import json

        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            body = None
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            return cls(http_status, body["error"])
        # Not an AIP-193 body (a proxy's page, say): keep what there is.
        status = {503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED", 429: "RESOURCE_EXHAUSTED"}
        return cls(
            http_status,
            {"status": status.get(http_status, "UNKNOWN"), "message": raw.decode("utf-8", "replace")[:1024]},
        )


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
