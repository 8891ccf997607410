// Writes chaturanga positions with the SAN Fairy-Stockfish gives every legal move, from seeded
// random games and a few set positions. Needs the npm package ffish 0.7.10 (Fairy-Stockfish as
// WebAssembly, with chaturanga built in):
//
//   npm install ffish@0.7.10 && node san_gen.js > san.txt
globalThis.fetch = undefined; // make emscripten read the .wasm file from disk under Node
const ffish = require('ffish');

let seed = 1n;
function rand(n) { // 64-bit LCG, high bits
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xFFFFFFFFFFFFFFFFn;
  return Number(seed >> 33n) % n;
}

const sets = [
  // Rathas and horses that share a file or a rank; two promoted mantris and the original.
  '4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w - - 0 1',
  'r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1',
  '4k3/8/3Q1Q2/8/3Q1Q2/8/8/4K3 w - - 0 1',
  '4k3/8/8/2B3B1/8/2B3B1/8/4K3 w - - 0 1',
  'R7/8/8/8/8/8/8/R3K2k w - - 0 1',
  // Promotions, with capture, check and mate.
  '1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1',
  'k7/2P5/1K6/8/8/8/8/8 w - - 0 1',
  '8/kP6/8/8/8/8/8/7K w - - 0 1',
  'R3k3/8/4K3/8/8/8/8/8 b - - 0 1',
  '4k3/8/4K3/8/8/8/8/R7 w - - 0 1',
  // Mates in one from testdata/mates.txt.
  '1q6/r7/4kNPb/2B1P3/1pQ1K2p/7P/P7/2N2B2 w - - 0 48',
  '8/8/8/8/8/6k1/2pq2q1/6K1 b - - 0 90',
  '5k2/3R4/5Np1/2N5/1P6/P1P2PKP/4Q3/8 w - - 0 58',
  '2bqr3/p2p4/4k3/P1pP1pp1/5b2/4KP1P/2Pr4/8 b - - 0 37',
  '8/2p2p2/4b3/p1B5/6p1/1kq5/8/KQ1r4 b - - 0 72',
  '5k2/3R4/5NP1/4pBpN/Q3P3/B4P2/5K2/8 w - - 0 65',
  '6K1/r7/6k1/8/5b1p/6q1/8/8 b - - 0 106',
  'Q5b1/5P2/k1N5/2PK1B2/2Q5/8/8/6B1 w - - 0 110',
  '8/4qkQ1/b2b4/4pn1K/4p3/3n4/2p4P/6r1 b - - 0 63',
  '2r5/p1qp4/Ppp4p/P4R2/4K1k1/7R/2P1QP1P/2B2B2 w - - 0 37',
  '3q4/k1p3R1/4P3/2P5/5P2/1PPBr1p1/2Q4r/5KR1 b - - 0 50',
  '2r5/qp1N3p/4N1kb/pB1p1R2/6K1/2PP4/P5PP/1R1Q4 w - - 0 39',
];

function emit(fen) {
  const b = new ffish.Board('chaturanga', fen);
  const uci = b.legalMoves().split(' ').filter(Boolean);
  const pairs = uci.map(m => m + ':' + b.sanMove(m));
  b.delete();
  if (pairs.length) console.log(fen + ' | ' + pairs.join(' '));
}

ffish.onRuntimeInitialized = () => {
  console.log('# Chaturanga positions and the SAN of every legal move: FEN | uci:san ...');
  console.log('# Made by san_gen.js with ' + ffish.info() + ' (npm ffish 0.7.10, chaturanga built in).');
  for (const fen of sets) emit(fen);
  let kept = 0;
  for (let game = 0; game < 60 && kept < 250; game++) {
    const b = new ffish.Board('chaturanga');
    for (let ply = 0; ply < 400 && !b.isGameOver(); ply++) {
      const moves = b.legalMoves().split(' ').filter(Boolean);
      const sans = moves.map(m => b.sanMove(m));
      // Keep the positions where SAN has something to show, and every 15th besides.
      if (ply % 15 == 7 || sans.some(s => /^[NBRQK][a-h1-8]x?[a-h][1-8]|[=#]/.test(s))) {
        emit(b.fen());
        kept++;
      }
      b.push(moves[rand(moves.length)]);
    }
    b.delete();
  }
};
