"""The client against a server that refuses calls, as one with fair scheduling and API keys does:
RESOURCE_EXHAUSTED with a retry delay (RetryInfo or Retry-After) and quota violations, and
UNAUTHENTICATED. The server is in the test (http.server on 127.0.0.1), so these tests need no
ASHTAPADA_URL."""

import http.server
import json
import threading
import time
import unittest
from typing import Any, Dict, List, Optional, Tuple

import ashtapada
from ashtapada.types import Position
from tests.support import FakeServerCase

KEY = "sk-test-0123456789abcdef"
START: Position = {"variant": "chaturanga", "text": "8/8/8/8/8/8/8/8 w - - 0 1"}  # the server never reads it
VARIANTS: Dict[str, Any] = {"variants": []}
QUOTA = {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [{"subject": "key:bot-a", "description": "60 analysis seconds a minute"}]}


def refusal(code: int, status: str, reason: str, message: str, *details: Dict[str, Any]) -> Dict[str, Any]:
    info = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "ashtapada"}
    return {"error": {"code": code, "status": status, "message": message, "details": [info, *details]}}


def retry_info(delay: Any) -> Dict[str, Any]:
    return {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": delay}


# An answer: status, headers, body (a dict as JSON, bytes as they are).
Answer = Tuple[int, Dict[str, str], Any]


def busy(delay: str) -> Answer:
    return 429, {}, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_BUSY", "no analysis slot", retry_info(delay))


OK: Answer = (200, {}, VARIANTS)

# The client's URL is http://host:port/<mode>: each mode's answers in turn, the last one repeated.
MODES: Dict[str, List[Answer]] = {
    "busy-then-ok": [busy("0.300s"), OK],
    "retry-after": [(429, {"Retry-After": "1"}, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUEUE_FULL", "queue full", QUOTA)), OK],
    "quota": [(429, {"Retry-After": "5"}, refusal(429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUOTA_EXHAUSTED", "quota spent", retry_info("4.500s"), QUOTA))],
    "node-budget": [(429, {}, refusal(429, "RESOURCE_EXHAUSTED", "NODE_BUDGET_EXHAUSTED", "perft needs more nodes", retry_info("0.1s")))],
    # A server (or a proxy) that echoes the key it was sent: the client must not repeat it.
    "unauthenticated": [(401, {"WWW-Authenticate": "Bearer"}, refusal(401, "UNAUTHENTICATED", "API_KEY_INVALID", f"unknown API key {KEY!r}"))],
    "unauthenticated-page": [(401, {"WWW-Authenticate": "Bearer"}, f"<html>401: no entry for Bearer {KEY}</html>".encode())],
    "stream-busy": [busy("0.1s"), (200, {"Content-Type": "application/x-ndjson"}, b'{"result": {"depth": 1, "final": true, "lines": [], "complete": true}}\n')],
}


class Seen:
    """What the server received in one mode: when each request came and its Authorization."""

    def __init__(self) -> None:
        self.times: List[float] = []
        self.authorization: List[Optional[str]] = []


class Handler(http.server.BaseHTTPRequestHandler):
    server: "RefusingServer"

    def do_GET(self) -> None:
        self.answer()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.answer()

    def answer(self) -> None:
        mode = self.path.split("/")[1]
        with self.server.lock:
            seen = self.server.seen.setdefault(mode, Seen())
            seen.times.append(time.monotonic())
            seen.authorization.append(self.headers.get("Authorization"))
            answers = MODES[mode]
            status, headers, body = answers[min(len(seen.times), len(answers)) - 1]
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        for k, v in {"Content-Type": "application/json", **headers}.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet


class RefusingServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.lock = threading.Lock()
        self.seen: Dict[str, Seen] = {}


class Refusals(FakeServerCase):
    server_type = RefusingServer
    server: RefusingServer

    def seen(self, mode: str) -> Seen:
        return self.server.seen[mode]

    def test_waits_the_servers_retry_delay(self) -> None:
        c = self.client("busy-then-ok", api_key=KEY)
        start = time.monotonic()
        self.assertEqual(c.search(START, max_nodes=1000), VARIANTS)
        took = time.monotonic() - start
        seen = self.seen("busy-then-ok")
        gap = seen.times[1] - seen.times[0]
        print(f"\nANALYSIS_BUSY with RetryInfo 0.3 s: sent again after {gap:.3f} s")
        self.assertGreaterEqual(took, 0.3)
        self.assertGreaterEqual(gap, 0.3)
        self.assertLess(gap, 1.0)
        self.assertEqual(c.requests, 2)
        # The key goes with every attempt.
        self.assertEqual(seen.authorization, [f"Bearer {KEY}"] * 2)

    def test_waits_retry_after(self) -> None:
        c = self.client("retry-after")
        start = time.monotonic()
        c.evaluate(START)
        took = time.monotonic() - start
        print(f"\nANALYSIS_QUEUE_FULL with Retry-After: 1: succeeded after {took:.3f} s")
        self.assertGreaterEqual(took, 1.0)
        self.assertLess(took, 1.8)
        self.assertEqual(c.requests, 2)
        self.assertEqual(self.seen("retry-after").authorization, [None, None])  # no key, no header

    def test_delay_past_the_deadline_raises_the_refusal(self) -> None:
        # 4.5 s asked, 1 s left: the refusal at once, not a DeadlineExceeded a second later.
        c = self.client("quota", api_key=KEY, analysis_timeout=1.0)
        start = time.monotonic()
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            c.search(START)
        took = time.monotonic() - start
        e = cm.exception
        self.assertNotIsInstance(e, ashtapada.TransportError)
        self.assertLess(took, 0.5)
        self.assertEqual((e.http_status, e.status, e.reason), (429, "RESOURCE_EXHAUSTED", "ANALYSIS_QUOTA_EXHAUSTED"))
        self.assertTrue(e.retryable)
        self.assertEqual(e.retry_delay, 4.5)  # RetryInfo over Retry-After
        self.assertEqual(e.quota_violations, [ashtapada.QuotaViolation("key:bot-a", "60 analysis seconds a minute")])
        self.assertEqual(c.requests, 1)

    def test_node_budget_is_not_retried(self) -> None:
        c = self.client("node-budget")
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            c.perft(START, 9)
        self.assertEqual((cm.exception.reason, cm.exception.retryable, cm.exception.retry_delay), ("NODE_BUDGET_EXHAUSTED", False, 0.1))
        self.assertEqual(c.requests, 1)

    def test_unauthenticated(self) -> None:
        # Not sent again, and the key echoed by the server is not repeated; a proxy's page
        # (no ErrorInfo) is Unauthenticated too.
        for mode, reason in (("unauthenticated", "API_KEY_INVALID"), ("unauthenticated-page", "")):
            with self.subTest(mode):
                c = self.client(mode, api_key=KEY)
                with self.assertRaises(ashtapada.Unauthenticated) as cm:
                    c.list_variants()
                e = cm.exception
                self.assertEqual((e.http_status, e.status, e.reason, e.retryable), (401, "UNAUTHENTICATED", reason, False))
                self.assertEqual(len(self.seen(mode).times), 1)
                self.assertEqual(c.requests, 1)
                for text in (str(e), repr(e), e.message, repr(vars(e)), repr(c)):
                    self.assertNotIn(KEY, text)
                self.assertIn(ashtapada.errors.REDACTED, e.message)

    def test_stream_retried_before_its_first_line(self) -> None:
        c = self.client("stream-busy", api_key=KEY)
        self.assertEqual([a["depth"] for a in c.search_stream(START)], [1])
        self.assertEqual(c.requests, 2)
        self.assertEqual(self.seen("stream-busy").authorization, [f"Bearer {KEY}"] * 2)


class Keys(unittest.TestCase):
    def test_key_kept_out_of_repr(self) -> None:
        c = ashtapada.Client("http://127.0.0.1:9", api_key=KEY)
        self.assertNotIn(KEY, repr(c))
        self.assertIn("api_key=...", repr(c))
        self.assertNotIn("api_key", repr(ashtapada.Client("http://127.0.0.1:9", api_key="")))

    def test_bad_key_refused_without_quoting_it(self) -> None:
        with self.assertRaises(ValueError) as cm:
            ashtapada.Client("http://127.0.0.1:9", api_key="secret\r\nX-Evil: 1")
        self.assertNotIn("secret", str(cm.exception))


class RetryDelays(unittest.TestCase):
    """retry_delay read from the error's RetryInfo, else from Retry-After."""

    def delay(self, details: List[Dict[str, Any]], retry_after: Optional[str] = None) -> Optional[float]:
        error = {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "", "details": details}
        return ashtapada.AshtapadaError(429, error, retry_after).retry_delay

    def test_forms(self) -> None:
        self.assertEqual(self.delay([retry_info("1.250s")]), 1.25)
        self.assertEqual(self.delay([retry_info("3s")]), 3.0)
        self.assertEqual(self.delay([retry_info("0.000000001s")]), 1e-9)
        self.assertEqual(self.delay([{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retry_delay": "2s"}]), 2.0)
        self.assertEqual(self.delay([{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": {"seconds": "2", "nanos": 500000000}}]), 2.5)
        self.assertEqual(self.delay([], "7"), 7.0)
        self.assertEqual(self.delay([retry_info("0.3s")], "7"), 0.3)  # RetryInfo first
        self.assertEqual(self.delay([retry_info("-1s")], "2"), 2.0)  # not a delay: the header's
        self.assertEqual(self.delay([], "Thu, 01 Jan 1970 00:00:00 GMT"), 0.0)  # a date passed
        self.assertEqual(self.delay([], "9" * 500), float("inf"))  # waits for none
        for bad in ("soon", "1.5", "-3", ""):
            self.assertIsNone(self.delay([], bad), bad)
        bad_delay: Any
        for bad_delay in ("1.2.3s", "1", 5, None, "1.0123456789s"):
            self.assertIsNone(self.delay([retry_info(bad_delay)]), bad_delay)
        self.assertIsNone(self.delay([]))


if __name__ == "__main__":
    unittest.main()
