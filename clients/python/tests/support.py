"""What the tests share: the server's address and the games to play, which it describes."""

import os
import socketserver
import threading
import unittest
from typing import Any, Dict, List, Tuple

import ashtapada

URL = os.environ.get("ASHTAPADA_URL", "")

# An integer option named max_... whose default is 0 (no limit), such as max_turns or max_rounds,
# is set to this, so that a game of random play ends in a few minutes at most.
BOUND = 20


def games(c: ashtapada.Client) -> List[Tuple[str, Dict[str, Any]]]:
    """The games to play, (variant, options), as the server describes them: every variant
    ListVariants gives, at its default options and under each of its option boards' options (the
    other boards and seats, such as four players), with any max_... limit bound to BOUND."""
    out: List[Tuple[str, Dict[str, Any]]] = []
    for summary in c.list_variants()["variants"]:
        variant = c.get_variant(summary["name"])["variant"]
        bounds: Dict[str, Any] = {
            o["name"]: min(BOUND, int(o.get("max") or BOUND))
            for o in variant.get("options", [])
            if o["name"].startswith("max_") and o.get("type") == "OPTION_TYPE_INT" and o.get("default_value", 0) == 0
        }
        out.append((variant["name"], dict(bounds)))
        for board in variant.get("option_boards", []):
            out.append((variant["name"], {**board.get("options", {}), **bounds}))
    return out


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
