"""Errors from a real server read into AshtapadaError: status, reason, field violations."""

import unittest

import ashtapada
from ashtapada.types import Position
from tests import support

MATED: Position = {"variant": "chaturanga", "text": "R3k3/8/4K3/8/8/8/8/8 b - - 0 1"}


class Errors(unittest.TestCase):
    def setUp(self):
        self.client = support.client()

    def test_unknown_variant(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.start_position("shatranj")
        e = cm.exception
        self.assertEqual((e.http_status, e.status, e.reason, e.domain), (404, "NOT_FOUND", "VARIANT_NOT_FOUND", "ashtapada"))
        self.assertIn("variant", [v.field for v in e.field_violations])
        self.assertFalse(e.retryable)
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.get_variant("shatranj")
        self.assertEqual(cm.exception.reason, "VARIANT_NOT_FOUND")

    def test_malformed_position(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.legal_moves({"variant": "chaturanga", "text": "8/8 w"})
        e = cm.exception
        self.assertEqual((e.http_status, e.code, e.status, e.reason), (400, 400, "INVALID_ARGUMENT", "INVALID_POSITION"))
        self.assertEqual([v.field for v in e.field_violations], ["position.text"])
        self.assertTrue(e.field_violations[0].description.startswith("invalid position"))
        self.assertIn("INVALID_POSITION", str(e))

    def test_malformed_action(self):
        start = self.client.start_position("chaturanga")["position"]
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.apply(start, "e2e")
        self.assertEqual((cm.exception.status, cm.exception.reason), ("INVALID_ARGUMENT", "MALFORMED_ACTION"))
        self.assertEqual([v.field for v in cm.exception.field_violations], ["moves[0].notation"])

    def test_illegal_move_is_an_answer(self):
        # An illegal action is no error: applied and failure say where the list stopped.
        start = self.client.start_position("chaturanga")["position"]
        ans = self.client.apply_moves(start, ["e2e3", "e7e6", "e3e5"])
        self.assertEqual(ans["applied"], 2)
        self.assertEqual((ans["failure"]["index"], ans["failure"]["notation"]), (2, "e3e5"))
        self.assertTrue(ans["failure"]["reason"])
        v = self.client.validate(start, "e2e4")
        self.assertFalse(v["legal"])
        self.assertTrue(v["reason"])

    def test_import_illegal_action_is_an_answer(self):
        # The record reads, but its fifth action cannot be played: the answer stops before it.
        record = '[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 Ke7 3. Nxe5 Nf6 *'
        ans = self.client.import_game(record, include_positions=True)
        self.assertEqual([a["san"] for a in ans["actions"]], ["e3", "e6", "Nf3", "Ke7"])
        self.assertEqual(len(ans["positions"]), 4)
        self.assertEqual((ans["failure"]["index"], ans["failure"]["notation"]), (4, "Nxe5"))
        self.assertTrue(ans["failure"]["reason"].startswith("line 3: "), ans["failure"]["reason"])
        self.assertEqual(ans["position"]["key"], ans["positions"][-1]["key"])

    def test_import_malformed_record(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.import_game('[Variant "shatranj"]\n\n*')
        e = cm.exception
        self.assertEqual((e.http_status, e.status, e.reason), (400, "INVALID_ARGUMENT", "INVALID_RECORD"))
        self.assertEqual([v.field for v in e.field_violations], ["record"])
        self.assertIn("shatranj", e.field_violations[0].description)

    def test_export_illegal_action(self):
        start = self.client.start_position("chaturanga")["position"]
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.export_game(start, ["e2e3", "e3e5"])
        self.assertEqual((cm.exception.status, cm.exception.reason), ("INVALID_ARGUMENT", "ILLEGAL_ACTION"))
        self.assertEqual([v.field for v in cm.exception.field_violations], ["actions[1]"])

    def test_game_over(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.apply(MATED, "e8d8")
        self.assertEqual((cm.exception.http_status, cm.exception.status, cm.exception.reason), (400, "FAILED_PRECONDITION", "GAME_OVER"))

    def test_no_dice(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            self.client.roll_dice(self.client.start_position("chaturanga")["position"], seed=1)
        self.assertEqual((cm.exception.status, cm.exception.reason), ("FAILED_PRECONDITION", "NO_DICE"))
        self.assertEqual([v.field for v in cm.exception.field_violations], ["position.variant"])

    def test_search_stream_error_before_the_first_line(self):
        with self.assertRaises(ashtapada.AshtapadaError) as cm:
            list(self.client.search_stream(MATED, depth=2))
        self.assertEqual(cm.exception.reason, "GAME_OVER")

    def test_no_server(self):
        # Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
        c = ashtapada.Client("http://127.0.0.1:9", attempts=2)
        with self.assertRaises(ashtapada.TransportError) as cm:
            c.list_variants()
        self.assertEqual((cm.exception.status, cm.exception.http_status), ("UNAVAILABLE", 0))
        self.assertTrue(cm.exception.retryable)
        self.assertEqual(c.requests, 2)

    def test_timeout(self):
        # A search that runs for its whole time limit, against a client that waits 50 ms.
        start = self.client.start_position("chaturanga")["position"]
        with self.assertRaises(ashtapada.TransportError) as cm:
            self.client.search(start, time_limit="2s", timeout=0.05)
        self.assertEqual(cm.exception.status, "DEADLINE_EXCEEDED")


if __name__ == "__main__":
    unittest.main()
