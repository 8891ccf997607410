#!/usr/bin/env python3
"""Relabel tune data with Fairy-Stockfish's search values instead of game results.

    python3 cmd/tune/fairy_labels.py --fairy PATH --data IN --out OUT [--count N] [--skip K] [--nodes 4000]

IN is a file written by `tune gen` (game TAB labels TAB FEN). A sample of its lines, shuffled with
a fixed seed (--skip drops the first K of the shuffled lines, so that several processes can share
the work), is searched by Fairy-Stockfish for --nodes nodes; the label of white is
sigmoid(0.5 * v), v its value in pawns for white (mates and values beyond 15 count as 15), and
black's is one minus it. `tune fit` reads the result as it reads game results.
"""
import argparse, math, random, re, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--fairy", required=True)
ap.add_argument("--data", required=True)
ap.add_argument("--out", required=True)
ap.add_argument("--count", type=int, default=40000)
ap.add_argument("--skip", type=int, default=0)
ap.add_argument("--nodes", type=int, default=4000)
args = ap.parse_args()

lines = open(args.data).read().splitlines()
random.seed(7)
random.shuffle(lines)
lines = lines[args.skip:args.count]

fsf = subprocess.Popen([args.fairy], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    fsf.stdin.write(s + "\n")
    fsf.stdin.flush()


def until(prefix):
    got = []
    while True:
        line = fsf.stdout.readline()
        if not line:
            raise SystemExit("fairy-stockfish exited")
        got.append(line)
        if line.startswith(prefix):
            return got


send("uci"); until("uciok")
send("setoption name UCI_Variant value chaturanga")
send("isready"); until("readyok")
with open(args.out, "w") as out:
    for line in lines:
        game, _, fen = line.split("\t")
        send("position fen " + fen)
        send("go nodes %d" % args.nodes)
        score = None
        for info in until("bestmove"):
            m = re.search(r"score (cp|mate) (-?\d+)", info)
            if m:
                score = m
        if score is None:
            continue
        n = int(score.group(2))
        v = n / 100 if score.group(1) == "cp" else math.copysign(15, n)
        v = max(-15.0, min(15.0, v))
        if " b " in fen:
            v = -v
        white = 1 / (1 + math.exp(-0.5 * v))
        out.write("%s\t%.4f,%.4f\t%s\n" % (game, white, 1 - white, fen))
send("quit")
