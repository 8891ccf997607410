"""What the tests share: the server's address and the games to play."""

import os
import socketserver
import threading
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


class FakeServerCase(unittest.TestCase):
    """A test case with a fake server of the test's own on a free loopback port, started once for
    the class: server_type makes it, client() calls it, the path naming what it should do."""

    server_type: Any = None
    server: Any

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = cls.server_type()
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls) -> None:
        server: socketserver.BaseServer = cls.server
        server.shutdown()
        server.server_close()

    def client(self, mode: str, **kwargs: Any) -> ashtapada.Client:
        return ashtapada.Client(f"http://127.0.0.1:{self.server.server_address[1]}/{mode}", **kwargs)
