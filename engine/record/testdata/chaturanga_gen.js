// Writes seeded random chaturanga games with the movetext and result Fairy-Stockfish gives them,
// and checks that Fairy-Stockfish reads a record of each, written as package record writes it,
// back to the same moves. Needs the npm package ffish 0.7.10 (Fairy-Stockfish as WebAssembly):
//
//   npm install ffish@0.7.10 && node chaturanga_gen.js > chaturanga_games.txt
//
// Each line: start FEN | UCI moves | Fairy-Stockfish's movetext | its result, draws it may claim included
// (threefold repetition, the 70-move rule, bare kings) | SHA-256 of the record Fairy-Stockfish read.
globalThis.fetch = undefined; // make emscripten read the .wasm file from disk under Node
const ffish = require('ffish');

let seed = 3n;
function rand(n) { // 64-bit LCG, high bits
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xFFFFFFFFFFFFFFFFn;
  return Number(seed >> 33n) % n;
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1';
const starts = [
  START,
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1',
  '4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w - - 0 1',
  'r3k2r/8/8/8/8/8/8/R3K2R b - - 0 17',
  '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1',
  '2r5/p1qp4/Ppp4p/P4R2/4K1k1/7R/2P1QP1P/2B2B2 w - - 0 37',
];

function game(fen) {
  const b = new ffish.Board('chaturanga', fen);
  const moves = [];
  const plies = 20 + rand(200);
  while (moves.length < plies && !b.isGameOver(true)) {
    const legal = b.legalMoves().split(' ').filter(Boolean);
    const m = legal[rand(legal.length)];
    moves.push(m);
    b.push(m);
  }
  const result = b.isGameOver(true) ? b.result(true) : '*';
  b.delete();
  const start = new ffish.Board('chaturanga', fen);
  const san = start.variationSan(moves.join(' '));
  start.delete();
  // The record package record writes for the game (but for its Termination tag), which
  // Fairy-Stockfish must read back to the same moves; its SHA-256 is kept for the Go test.
  let pgn = '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n' +
    `[Result "${result}"]\n[Variant "Chaturanga"]\n`;
  if (fen !== START) pgn += `[SetUp "1"]\n[FEN "${fen}"]\n`;
  pgn += '\n' + wrap(san.replace(/(\d+)\.\.\.(\S)/g, '$1... $2'), result) + '\n';
  const g = ffish.readGamePGN(pgn);
  if (g.mainlineMoves() !== moves.join(' ')) {
    throw new Error('Fairy-Stockfish reads ' + g.mainlineMoves() + ' from\n' + pgn);
  }
  g.delete();
  const hash = require('crypto').createHash('sha256').update(pgn).digest('hex');
  console.log([fen, moves.join(' '), san, result, hash].join(' | '));
}

// wrap lays out the movetext as package record does: lines under 80 characters, each move number
// on the line of its move.
function wrap(movetext, result) {
  const units = [];
  for (const w of movetext.split(' ').filter(Boolean)) {
    if (units.length && /^\d+\.(\.\.)?$/.test(units[units.length - 1])) units[units.length - 1] += ' ' + w;
    else units.push(w);
  }
  units.push(result);
  let out = '', line = 0;
  for (const u of units) {
    if (line > 0 && line + 1 + u.length > 79) { out += '\n'; line = 0; }
    if (line > 0) { out += ' '; line++; }
    out += u;
    line += u.length;
  }
  return out;
}

ffish.onRuntimeInitialized = () => {
  console.log('# Random chaturanga games: start FEN | UCI moves | Fairy-Stockfish movetext | result | SHA-256 of the record read back (chaturanga_gen.js)');
  for (let i = 0; i < 200; i++) game(starts[i % starts.length]);
};
