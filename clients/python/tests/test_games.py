"""Plays a game of every variant against a real server and prints the game log summary.

The bot searches (depth 1, a few hundred nodes) every SEARCH_EVERY-th choice and otherwise plays
a random legal action; every choice and roll comes from one seed, so a run replays. A game still
going after MAX_ACTIONS actions stops there (the summary says so)."""

import os
import random
import time
import unittest
from typing import Any, Dict, List

import ashtapada
from ashtapada import types as t
from tests import support

SEED = int(os.environ.get("ASHTAPADA_SEED", "1"))
MAX_ACTIONS = 3000
SEARCH_EVERY = 8


def play(client: ashtapada.Client, variant: str, options: Dict[str, Any], rng: random.Random):
    pos = start = client.start_position(variant, options)["position"]
    listed = client.legal_moves(pos, view="MOVE_VIEW_NOTATION")
    # The first turn; every later one comes with the answer to the action.
    nxt: Dict[str, Any] = {**listed, "status": "GAME_STATUS_ONGOING"}
    repetition = client.get_variant(variant)["variant"].get("repetition", 0)
    keys: List[str] = []  # for the repetition rule: the keys of the earlier positions
    stats = {"actions": 0, "rolls": 0, "searches": 0, "record": 0}
    played: List[str] = []  # every action's notation, dice rolls included, for the record
    choices = 0
    while nxt["status"] == "GAME_STATUS_ONGOING" and stats["actions"] < MAX_ACTIONS:
        history: t.GameHistory = {"keys": keys} if keys else {"start": ashtapada.ref(pos)}
        ans: Any
        if nxt["chance"]:
            ans = client.roll_dice(pos, seed=rng.getrandbits(63), next_view="MOVE_VIEW_NOTATION")
            stats["rolls"] += 1
        else:
            choices += 1
            if choices % SEARCH_EVERY == 1:
                best = client.search(pos, depth=1, max_nodes=500, history=history if repetition else None)
                move = best["best_action"]["notation"]
                stats["searches"] += 1
            else:
                # Calling the clock (Martian Chess) ends a random game within a few moves.
                moves = [m for m in nxt["moves"] if not m["notation"].endswith("+clock")] or nxt["moves"]
                move = rng.choice(moves)["notation"]
            ans = client.apply(pos, move, next_view="MOVE_VIEW_NOTATION", history=history if repetition else None)
            if ans.get("failure"):
                raise AssertionError(f"{variant}: a legal action was refused: {ans['failure']}")
        keys.append(pos["key"])
        pos, nxt = ans["position"], ans["next"]
        played.append(pos["last_action"]["notation"])
        stats["actions"] += 1
    score = client.score(pos, history={"keys": keys} if repetition else None)
    if nxt["status"] == "GAME_STATUS_FINISHED":
        assert score["status"] == "GAME_STATUS_FINISHED", score
        assert score["reason"] == nxt["reason"], (score["reason"], nxt["reason"])
        assert sorted(score["winners"]) == sorted(nxt["winners"]), (score, nxt)
    check_record(client, variant, start, played, pos, stats)
    return stats, score


def check_record(client: ashtapada.Client, variant: str, start: t.PositionOutput, played: List[str], last: t.PositionOutput, stats: Dict[str, int]) -> None:
    """Exports the game played and imports it back: the same actions reach the same position."""
    record = client.export_game(start, played, tags={"Event": "client test"})["record"]
    stats["record"] = len(record.encode())
    back = client.import_game(record)
    if back.get("failure"):
        raise AssertionError(f"{variant}: the record does not read back: {back['failure']}")
    assert len(back["actions"]) == len(played), (variant, len(back["actions"]), len(played))
    assert back["tags"].get("Event") == "client test", back["tags"]
    got = back["position"]
    assert (got["key"], got["text"]) == (last["key"], last["text"]), (variant, got["text"], last["text"])


def summary(variant, options, stats, score, seconds):
    label = variant + ("" if not options else " " + ",".join(f"{k}={v}" for k, v in options.items()))
    if score["status"] != "GAME_STATUS_FINISHED":
        result = f"unfinished after {stats['actions']} actions"
    else:
        winners = ", ".join(score["winners"]) or "none (draw)"
        result = f"{score['reason']}, winners: {winners}"
    standings = " ".join(f"{s['player']}:{s['score']}" for s in score["standings"])
    return (
        f"{label:<40} {stats['actions']:>5} actions {stats['rolls']:>4} rolls {stats['searches']:>4} searches"
        f" {stats['record']:>6} B record {seconds:5.1f}s  {result}; {standings}"
    )


class PlayEveryVariant(unittest.TestCase):
    def test_every_variant(self):
        client = support.client()
        games = support.games(client)
        served = {v["name"] for v in client.list_variants()["variants"]}
        self.assertTrue(served, "the server lists no variants")
        self.assertEqual(served, {v for v, _ in games}, "the games to play and the server's variants differ")
        rng = random.Random(SEED)
        lines = []
        total = time.monotonic()
        for variant, options in games:
            with self.subTest(variant=variant, options=options):
                start = time.monotonic()
                stats, score = play(client, variant, options, rng)
                lines.append(summary(variant, options, stats, score, time.monotonic() - start))
        print(f"\ngame log (seed {SEED}, {client.requests} requests, {time.monotonic() - total:.1f}s):")
        print("\n".join(lines))
        self.assertEqual(len(lines), len(games))


if __name__ == "__main__":
    unittest.main()
