#!/usr/bin/env bash
# speed.sh LIMIT < FENS: Fairy-Stockfish's search speed on chaturanga positions, one thread.
#
# For every FEN read from stdin (one a line; text after '|' is ignored, so mates.txt lines do),
# it clears the hash (ucinewgame), runs `go LIMIT` (e.g. "depth 7" or "movetime 1000") and keeps
# the last info line's depth, nodes and time; then it prints the sums and nodes per second. The
# engine's stdin stays open until each bestmove: closing it would stop the search.
#
#   echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1' | tools/fairy/speed.sh "depth 9"
#   grep -v '^#' engine/chaturanga/testdata/mates.txt | tools/fairy/speed.sh "depth 5"
#
# The engine is $ASHTAPADA_FAIRY, else /usr/games/fairy-stockfish; chaturanga comes from
# variants.ini beside this script. -v prints a line per position.
set -euo pipefail

verbose=0
if [[ ${1-} == -v ]]; then
  verbose=1
  shift
fi
limit=${1:?usage: speed.sh [-v] LIMIT < FENS, e.g. speed.sh "depth 7"}
fairy=${ASHTAPADA_FAIRY:-/usr/games/fairy-stockfish}
here=$(cd "$(dirname "$0")" && pwd)

coproc FS { "$fairy"; }
trap 'kill "$FS_PID" 2>/dev/null || true' EXIT

send() { printf '%s\n' "$@" >&"${FS[1]}"; }

# await WORD: read up to a line starting with WORD; the last info line with a pv is kept in $info.
await() {
  local line
  info=""
  while IFS= read -r -t 600 line <&"${FS[0]}"; do
    case $line in
      "$1"*) return 0 ;;
      "info depth "*" pv "*) info=$line ;;
    esac
  done
  echo "speed.sh: Fairy-Stockfish stopped answering while we waited for $1" >&2
  exit 1
}

# field NAME: the value after NAME in $info.
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' <<<"$info"; }

send uci
await uciok
send "setoption name VariantPath value $here/variants.ini" "setoption name UCI_Variant value chaturanga" \
  "setoption name Threads value 1" "setoption name Hash value 16" isready
await readyok

positions=0 nodes=0 ms=0
while IFS= read -r line; do
  fen=$(sed 's/|.*//; s/^ *//; s/ *$//' <<<"$line")
  [[ -z $fen || $fen == \#* ]] && continue
  send ucinewgame isready
  await readyok
  send "position fen $fen" "go $limit"
  await bestmove
  n=$(field nodes) t=$(field time) d=$(field depth)
  positions=$((positions + 1)) nodes=$((nodes + n)) ms=$((ms + t))
  if ((verbose)); then
    printf '%s | depth %s nodes %s time %sms\n' "$fen" "$d" "$n" "$t"
  fi
done
send quit

awk -v p="$positions" -v n="$nodes" -v t="$ms" -v l="$limit" 'BEGIN {
  printf "go %s on %d positions: %d nodes in %d ms (the engine'"'"'s clock, in whole ms per search): ", l, p, n, t
  if (t > 0) printf "%.0f nodes/s\n", n * 1000 / t; else print "too fast to time"
}'
