"""A typed client of Ashtapada's HTTP/JSON API, the rules service of the Chaturanga family.

    import ashtapada
    client = ashtapada.Client("http://localhost:8080")  # api_key="..." for a server that wants one

Standard library only. The request and answer types (ashtapada.types) are TypedDicts generated
from the server's OpenAPI document.
"""

from . import types
from .client import ANALYSIS_TIMEOUT, MAX_RESPONSE_BYTES, ActionLike, Client, PositionLike, ReviewStream, SearchStream, action, ref
from .errors import RETRYABLE_REASONS, AshtapadaError, DeadlineExceeded, FieldViolation, ProtocolError, QuotaViolation, ResponseTooLarge, TransportError, Unauthenticated

__version__ = "0.1.0"

__all__ = [
    "ANALYSIS_TIMEOUT",
    "MAX_RESPONSE_BYTES",
    "RETRYABLE_REASONS",
    "ActionLike",
    "AshtapadaError",
    "Client",
    "DeadlineExceeded",
    "FieldViolation",
    "PositionLike",
    "ProtocolError",
    "QuotaViolation",
    "ResponseTooLarge",
    "ReviewStream",
    "SearchStream",
    "TransportError",
    "Unauthenticated",
    "action",
    "ref",
    "types",
]
