"""Errors of the Ashtapada API: AIP-193 bodies read into exceptions."""

from typing import Any, Dict, List, NamedTuple, Optional


class FieldViolation(NamedTuple):
    """One request field at fault (google.rpc.BadRequest), as a path into the request."""

    field: str
    description: str


class AshtapadaError(Exception):
    """A call the server refused: the AIP-193 error body of its answer.

    status is the gRPC code's name (INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION, ...), reason
    the ErrorInfo reason a program should switch on (INVALID_POSITION, GAME_OVER, ...), and
    field_violations the request fields at fault. http_status is the HTTP status; decide on status
    and reason instead, as FAILED_PRECONDITION is a 400 too.
    """

    def __init__(self, http_status: int, error: Dict[str, Any]):
        self.http_status = http_status
        self.code: int = error.get("code") or http_status
        self.status: str = error.get("status") or ""
        self.message: str = error.get("message") or ""
        self.details: List[Dict[str, Any]] = list(error.get("details") or [])
        self.reason = ""
        self.domain = ""
        self.metadata: Dict[str, str] = {}
        self.field_violations: List[FieldViolation] = []
        for d in self.details:
            kind = str(d.get("@type", ""))
            if kind.endswith("google.rpc.ErrorInfo"):
                self.reason = d.get("reason") or ""
                self.domain = d.get("domain") or ""
                self.metadata = dict(d.get("metadata") or {})
            elif kind.endswith("google.rpc.BadRequest"):
                for v in d.get("field_violations") or []:
                    self.field_violations.append(
                        FieldViolation(v.get("field", ""), v.get("description", ""))
                    )
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
        except ValueError:
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
    """No answer from the server: the connection failed (status UNAVAILABLE) or the client's
    timeout ran out (status DEADLINE_EXCEEDED). http_status is 0."""

    def __init__(self, status: str, message: str, cause: Optional[BaseException] = None):
        super().__init__(0, {"status": status, "message": message})
        self.__cause__ = cause

    @property
    def retryable(self) -> bool:
        return self.status == "UNAVAILABLE"
