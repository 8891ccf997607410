"""What the tests share: the server's address and the games to play."""

import os
import unittest
from typing import Any, Dict, List, Tuple

import ashtapada

URL = os.environ.get("ASHTAPADA_URL", "")

# (variant, options): every variant the server serves, with options that bound a game.
GAMES: List[Tuple[str, Dict[str, Any]]] = [
    ("chaturanga", {}),
    ("ramayana", {}),
    ("martian_chaturanga", {"max_turns": 60}),
    ("martian_chaturaji", {"max_turns": 60}),
    ("chaturaji", {"max_rounds": 15}),
    ("chaturaji", {"teams": True, "max_rounds": 15}),
    ("martian_chess", {}),
    ("martian_chess", {"players": 4, "teams": True}),
    ("coaster_chess", {}),
    ("martian_coaster_chaturanga", {"max_turns": 20}),
]


def client() -> ashtapada.Client:
    if not URL:
        raise unittest.SkipTest("set ASHTAPADA_URL to a running server (http://host:port)")
    return ashtapada.Client(URL)
