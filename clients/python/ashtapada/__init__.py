"""A typed client of Ashtapada's HTTP/JSON API, the rules service of the Chaturanga family.

    import ashtapada
    client = ashtapada.Client("http://localhost:8080")

Standard library only. The request and answer types (ashtapada.types) are TypedDicts generated
from the server's OpenAPI document.
"""

from . import types
from .client import ANALYSIS_TIMEOUT, MAX_RESPONSE_BYTES, ActionLike, Client, PositionLike, SearchStream, action, ref
from .errors import AshtapadaError, DeadlineExceeded, FieldViolation, ProtocolError, ResponseTooLarge, TransportError

__version__ = "0.1.0"

__all__ = [
    "ANALYSIS_TIMEOUT",
    "MAX_RESPONSE_BYTES",
    "ActionLike",
    "AshtapadaError",
    "Client",
    "DeadlineExceeded",
    "FieldViolation",
    "PositionLike",
    "ProtocolError",
    "ResponseTooLarge",
    "SearchStream",
    "TransportError",
    "action",
    "ref",
    "types",
]
