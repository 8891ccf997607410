"""Every call of the client once against a real server, with the shapes a bot relies on."""

import unittest

from ashtapada.types import Position
from tests import support

START: Position = {"variant": "chaturanga", "text": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"}
MATE_IN_ONE: Position = {"variant": "chaturanga", "text": "4k3/8/4K3/8/8/8/8/R7 w - - 0 1"}


class Calls(unittest.TestCase):
    def setUp(self):
        self.client = support.client()

    def test_variants(self):
        names = [v["name"] for v in self.client.list_variants()["variants"]]
        self.assertIn("chaturaji", names)
        v = self.client.get_variant("chaturanga")["variant"]
        self.assertEqual((v["name"], v["board"]["files"], v["board"]["ranks"]), ("chaturanga", 8, 8))

    def test_start_and_options(self):
        pos = self.client.start_position("chaturaji", {"teams": True})["position"]
        self.assertIs(pos["options"]["teams"], True)
        self.assertEqual(pos["phase"], "PHASE_ROLL")

    def test_moves_validate_apply(self):
        listed = self.client.legal_moves(START)
        self.assertEqual((listed["to_move"], len(listed["moves"]), listed["chance"]), ("white", 16, False))
        v = self.client.validate(START, "g1f3", include_next=True)
        self.assertTrue(v["legal"])
        self.assertEqual(v["next"]["to_move"], "black")
        ans = self.client.apply(START, "g1f3")
        self.assertEqual(ans["position"]["last_action"]["san"], "Nf3")
        self.assertEqual((ans["next"]["to_move"], ans["next"]["status"]), ("black", "GAME_STATUS_ONGOING"))
        # A structured action matches by its fields.
        ans = self.client.apply(START, {"from": "b1", "to": "c3"}, include_next=False)
        self.assertEqual(ans["position"]["last_action"]["notation"], "b1c3")
        self.assertNotIn("next", ans)

    def test_dice(self):
        pos = self.client.start_position("martian_chaturanga")["position"]
        a = self.client.roll_dice(pos, seed=7)
        b = self.client.roll_dice(pos, seed=7)
        self.assertEqual(a["values"], b["values"])
        self.assertEqual(a["seed"], "7")
        self.assertFalse(a["next"]["chance"])
        r = self.client.resolve_dice(pos, [1, 3])
        self.assertEqual(sorted(r["position"]["last_action"]["dice"]), [1, 3])

    def test_score(self):
        s = self.client.score({"variant": "chaturanga", "text": "R3k3/8/4K3/8/8/8/8/8 b - - 0 1"})
        self.assertEqual((s["status"], s["winners"], s["reason"]), ("GAME_STATUS_FINISHED", ["white"], "checkmate"))

    def test_search(self):
        s = self.client.search(MATE_IN_ONE, depth=3)
        self.assertEqual(s["best_action"]["san"], "Ra8#")
        self.assertEqual(s["lines"][0]["values"][0]["win_in"], 1)
        self.assertTrue(s["complete"])

    def test_search_on_clock(self):
        # Two seconds on the clock: the search takes its share, far less than the clock.
        s = self.client.search(START, clock={"remaining": "2s", "increment": "0.02s"})
        self.assertTrue(s["best_action"]["notation"])
        self.assertLess(float(s["elapsed"].rstrip("s")), 1.0)

    def test_search_stream(self):
        with self.client.search_stream(START, depth=3) as stream:
            got = [(r["depth"], r["final"]) for r in stream]
        self.assertEqual(got, [(1, False), (2, False), (3, False), (3, True)])
        # Leaving early closes the answer.
        stream = self.client.search_stream(START, depth=4)
        self.assertEqual(next(stream)["depth"], 1)
        stream.close()
        self.assertEqual(list(stream), [])

    def test_review_game(self):
        record = '[Variant "Chaturanga"]\n\n1. e3 e6 2. Nf3 Ne7 3. Ne5 d6 4. Nxf7 Kxf7 *'
        with self.client.review_game(record=record, depth=3) as stream:
            answers = list(stream)
        actions = [a["action"] for a in answers if "action" in a]
        self.assertEqual([a["index"] for a in actions], list(range(8)))
        self.assertEqual(actions[6]["judgement"], "JUDGEMENT_BLUNDER")  # Nxf7 gives a horse for a pawn
        summary = answers[-1]["summary"]
        self.assertEqual([p["blunders"] for p in summary["players"]], [1, 0])
        self.assertIn("Nxf7??", summary["record"])
        # The same game as moves from a position.
        with self.client.review_game(position=START, moves=["e2e3", "e7e6"], depth=2) as stream:
            self.assertEqual(len(list(stream)), 3)

    def test_evaluate(self):
        e = self.client.evaluate(START)
        self.assertEqual([v["player"] for v in e["values"]], ["white", "black"])
        self.assertIn("material", [term["name"] for term in e["terms"]])

    def test_rollout(self):
        r = self.client.rollout(START, playouts=4, seed=3, policy="ROLLOUT_POLICY_GREEDY")
        self.assertEqual(r["playouts"], 4)
        self.assertEqual(r["seed"], "3")

    def test_perft(self):
        p = self.client.perft(START, depth=3, divide=True)
        self.assertEqual(p["nodes"], "4176")
        self.assertEqual(len(p["divide"]), 16)


if __name__ == "__main__":
    unittest.main()
