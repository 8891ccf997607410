"""The client against a hostile or broken server: every failure is one of the package's errors,
the deadline covers the whole call and the answer's size is capped. The server is in the test (on
127.0.0.1, a thread per connection), so these tests need no ASHTAPADA_URL."""

import json
import socket
import socketserver
import struct
import threading
import time
import unittest
from typing import Any, Callable, Dict, List

import ashtapada
from ashtapada.types import Position
from tests.support import FakeServerCase

HUGE = 200 * 1000 * 1000  # the size of a hostile answer: sent lazily, never held in memory
BLOCK = b" " * (64 << 10)
MiB = 1 << 20

DEPTH_1 = {"result": {"depth": 1, "final": False, "lines": [], "complete": False}}


def head(status: str = "200 OK", content_type: str = "application/json", **fields: Any) -> bytes:
    lines = [f"HTTP/1.1 {status}", f"Content-Type: {content_type}", "Connection: close"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in fields.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


class Sent:
    """What a handler managed to send before the client went away."""

    def __init__(self) -> None:
        self.bytes = 0
        self.requests = 0
        self.done = threading.Event()


class Handler(socketserver.BaseRequestHandler):
    server: "HostileServer"

    def handle(self) -> None:
        rfile = self.request.makefile("rb")
        line = rfile.readline().decode()
        length = 0
        while True:
            h = rfile.readline()
            if h in (b"\r\n", b"\n", b""):
                break
            name, _, value = h.decode().partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        rfile.read(length)
        mode = line.split()[1].split("/")[1]  # the client's URL is http://host:port/<mode>
        sent = self.server.sent.setdefault(mode, Sent())
        sent.requests += 1
        try:
            getattr(self, "mode_" + mode.replace("-", "_"))(sent)
        except OSError:
            pass  # the client went away
        finally:
            sent.done.set()

    def send(self, sent: Sent, data: bytes) -> None:
        self.request.sendall(data)
        sent.bytes += len(data)

    def mode_trickle(self, sent: Sent) -> None:
        body = json.dumps({"variants": []}).encode().ljust(40)
        self.send(sent, head(Content_Length=len(body)))
        for i in range(len(body)):
            time.sleep(1)
            self.send(sent, body[i : i + 1])

    def mode_trickle_head(self, sent: Sent) -> None:
        for b in head(Content_Length=2) + b"{}":
            time.sleep(0.5)
            self.send(sent, bytes([b]))

    def mode_html(self, sent: Sent) -> None:
        body = b"<!doctype html><html><body>Welcome to our captive portal</body></html>"
        self.send(sent, head(content_type="text/html", Content_Length=len(body)) + body)

    def mode_array(self, sent: Sent) -> None:
        self.send(sent, head(Content_Length=2) + b"[]")

    def mode_truncated(self, sent: Sent) -> None:
        self.send(sent, head(Content_Length=100) + b'{"variants": [')

    def mode_truncated_chunked(self, sent: Sent) -> None:
        self.send(sent, head(Transfer_Encoding="chunked") + chunk(b'{"variants": ['))

    def mode_garbage(self, sent: Sent) -> None:
        self.send(sent, b"SSH-2.0-OpenSSH_9.2\r\n\r\n")

    def mode_reset(self, sent: Sent) -> None:
        # Linger 0: close sends a reset instead of a clean end.
        self.request.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))

    def mode_unavailable(self, sent: Sent) -> None:
        body = json.dumps({"error": {"code": 503, "status": "UNAVAILABLE", "message": "draining"}}).encode()
        self.send(sent, head("503 Service Unavailable", Content_Length=len(body)) + body)

    def huge(self, sent: Sent, frame: Callable[[bytes], bytes]) -> None:
        left = HUGE
        while left > 0:
            self.send(sent, frame(BLOCK[: min(left, len(BLOCK))]))
            left -= len(BLOCK)

    def mode_huge(self, sent: Sent) -> None:
        self.send(sent, head(Content_Length=HUGE))
        self.huge(sent, lambda b: b)

    def mode_huge_chunked(self, sent: Sent) -> None:
        self.send(sent, head(Transfer_Encoding="chunked") + chunk(b'{"variants": ['))
        self.huge(sent, chunk)

    def mode_stream_huge_line(self, sent: Sent) -> None:
        self.send(sent, head(content_type="application/x-ndjson", Transfer_Encoding="chunked"))
        self.send(sent, chunk(json.dumps(DEPTH_1).encode() + b"\n" + b'{"result": {"depth": 2, "x": "'))
        self.huge(sent, chunk)

    def stream(self, sent: Sent, *lines: bytes) -> None:
        self.send(sent, head(content_type="application/x-ndjson", Transfer_Encoding="chunked"))
        for line in lines:
            self.send(sent, chunk(line + b"\n"))
        self.send(sent, b"0\r\n\r\n")

    def mode_stream_not_json(self, sent: Sent) -> None:
        self.stream(sent, json.dumps(DEPTH_1).encode(), b"<html>oops</html>")

    def mode_stream_no_result(self, sent: Sent) -> None:
        self.stream(sent, json.dumps({"progress": 0.5}).encode())

    def mode_stream_ended(self, sent: Sent) -> None:
        self.stream(sent, json.dumps(DEPTH_1).encode())

    def mode_stream_trickle(self, sent: Sent) -> None:
        # A valid line every half second, forever.
        self.send(sent, head(content_type="application/x-ndjson", Transfer_Encoding="chunked"))
        while True:
            self.send(sent, chunk(json.dumps(DEPTH_1).encode() + b"\n"))
            time.sleep(0.5)


class HostileServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.sent: Dict[str, Sent] = {}


START: Position = {"variant": "chaturanga", "text": "8/8/8/8/8/8/8/8 w - - 0 1"}  # the server never reads it


class Hostile(FakeServerCase):
    server_type = HostileServer
    server: HostileServer

    def raises(self, kind: Any, call: Callable[[], Any]) -> Any:
        with self.assertRaises(kind) as cm:
            call()
        return cm.exception

    def sent(self, mode: str) -> Sent:
        s = self.server.sent[mode]
        self.assertTrue(s.done.wait(10), f"{mode}: the server is still sending")
        return s

    def test_trickled_answer(self) -> None:
        # A byte a second: every read succeeds in time, but the call must end at its deadline.
        start = time.monotonic()
        e = self.raises(ashtapada.DeadlineExceeded, lambda: self.client("trickle", timeout=2).list_variants())
        took = time.monotonic() - start
        print(f"\ntrickled answer: DeadlineExceeded after {took:.2f} s (timeout 2 s)")
        self.assertLess(took, 3)
        self.assertIsInstance(e, ashtapada.TransportError)
        self.assertEqual((e.status, e.http_status, e.retryable), ("DEADLINE_EXCEEDED", 0, False))

    def test_trickled_headers(self) -> None:
        start = time.monotonic()
        self.raises(ashtapada.DeadlineExceeded, lambda: self.client("trickle-head", timeout=1).list_variants())
        self.assertLess(time.monotonic() - start, 2)

    def test_trickled_stream(self) -> None:
        # The deadline covers the whole stream, not each line.
        c = self.client("stream-trickle")
        start = time.monotonic()
        got: List[int] = []
        with self.assertRaises(ashtapada.DeadlineExceeded):
            for answer in c.search_stream(START, timeout=2):
                got.append(answer["depth"])
        self.assertLess(time.monotonic() - start, 3)
        self.assertGreaterEqual(len(got), 2)

    def test_html_body(self) -> None:
        e = self.raises(ashtapada.ProtocolError, lambda: self.client("html").list_variants())
        self.assertEqual((e.http_status, e.status, e.retryable), (200, "INTERNAL", False))
        self.assertIn("text/html", e.message)
        self.assertIn("captive portal", e.message)
        self.raises(ashtapada.ProtocolError, lambda: self.client("array").list_variants())

    def test_truncated_body(self) -> None:
        e = self.raises(ashtapada.ProtocolError, lambda: self.client("truncated").list_variants())
        self.assertIn("Content-Length", e.message)
        self.raises(ashtapada.ProtocolError, lambda: self.client("truncated-chunked").list_variants())

    def test_not_http(self) -> None:
        e = self.raises(ashtapada.ProtocolError, lambda: self.client("garbage").list_variants())
        self.assertEqual(e.http_status, 0)

    def test_stream_line_not_json(self) -> None:
        stream = self.client("stream-not-json").search_stream(START)
        self.assertEqual(next(stream)["depth"], 1)
        e = self.raises(ashtapada.ProtocolError, lambda: next(stream))
        self.assertIn("oops", e.message)
        self.assertEqual(list(stream), [])  # the stream is closed

    def test_stream_line_without_result(self) -> None:
        e = self.raises(ashtapada.ProtocolError, lambda: list(self.client("stream-no-result").search_stream(START)))
        self.assertIn("progress", e.message)

    def test_stream_without_final_answer(self) -> None:
        stream = self.client("stream-ended").search_stream(START)
        self.assertEqual(next(stream)["depth"], 1)
        e = self.raises(ashtapada.ProtocolError, lambda: next(stream))
        self.assertIn("final", e.message)

    def test_huge_answer(self) -> None:
        # Content-Length says 200 MB: refused before the body is read.
        e = self.raises(ashtapada.ResponseTooLarge, lambda: self.client("huge").list_variants())
        self.assertEqual((e.status, e.limit, e.retryable), ("RESOURCE_EXHAUSTED", ashtapada.MAX_RESPONSE_BYTES, False))
        sent = self.sent("huge").bytes
        print(f"\n200 MB answer with its Content-Length: refused after the server wrote {sent / MiB:.1f} MiB")
        self.assertLess(sent, 32 * MiB)

    def test_huge_answer_without_length(self) -> None:
        # Chunked, with no length to go by: the client stops reading past its cap.
        c = self.client("huge-chunked", max_response_bytes=MiB)
        e = self.raises(ashtapada.ResponseTooLarge, c.list_variants)
        self.assertEqual(e.limit, MiB)
        sent = self.sent("huge-chunked").bytes
        print(f"\n200 MB chunked answer, cap 1 MiB: refused after the server wrote {sent / MiB:.1f} MiB")
        self.assertLess(sent, 32 * MiB)

    def test_huge_stream_line(self) -> None:
        # The default cap, 64 MiB, on a 200 MB line.
        stream = self.client("stream-huge-line").search_stream(START)
        self.assertEqual(next(stream)["depth"], 1)
        self.raises(ashtapada.ResponseTooLarge, lambda: next(stream))
        sent = self.sent("stream-huge-line").bytes
        print(f"\n200 MB stream line, cap 64 MiB: refused after the server wrote {sent / MiB:.1f} MiB")
        self.assertLess(sent, 100 * MiB)

    def test_connection_refused(self) -> None:
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        c = ashtapada.Client(f"http://127.0.0.1:{port}", attempts=3)
        e = self.raises(ashtapada.TransportError, c.list_variants)
        self.assertNotIsInstance(e, ashtapada.DeadlineExceeded)
        self.assertEqual((e.status, e.http_status, e.retryable, c.requests), ("UNAVAILABLE", 0, True, 3))

    def test_connection_reset(self) -> None:
        c = self.client("reset", attempts=2)
        e = self.raises(ashtapada.TransportError, c.list_variants)
        self.assertEqual((e.status, c.requests), ("UNAVAILABLE", 2))

    def test_retries_end_by_the_deadline(self) -> None:
        # Always UNAVAILABLE: the retries stop when the backoff would pass the deadline, with the
        # server's error rather than a late DEADLINE_EXCEEDED.
        c = self.client("unavailable", attempts=100, timeout=1)
        start = time.monotonic()
        e = self.raises(ashtapada.AshtapadaError, c.list_variants)
        self.assertLess(time.monotonic() - start, 1.5)
        self.assertEqual((e.status, e.http_status), ("UNAVAILABLE", 503))
        self.assertLess(c.requests, 10)


if __name__ == "__main__":
    unittest.main()
