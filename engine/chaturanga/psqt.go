package chaturanga

// Piece-square values in pawns, white's, by piece type and square (black's mirror the ranks):
// Fairy-Stockfish's for chaturanga. The horse and the ratha use the chess knight's and rook's
// tables, the king the chess king's, the pawn the chess pawn's; the mantri, a slow leaper, gains
// 20 units a step from the edge and the gaja 10 (its formula for leapers of no chess kind).
var psqMg, psqEg = func() (mg, eg [pieceTypes][64]float64) {
	type pair = [2]float64
	// By rank, then file from the edge (a-d; e-h mirror them).
	horseBonus := [8][4]pair{
		{{-175, -96}, {-92, -65}, {-74, -49}, {-73, -21}},
		{{-77, -67}, {-41, -54}, {-27, -18}, {-15, 8}},
		{{-61, -40}, {-17, -27}, {6, -8}, {12, 29}},
		{{-35, -35}, {8, -2}, {40, 13}, {49, 28}},
		{{-34, -45}, {13, -16}, {44, 9}, {51, 39}},
		{{-9, -51}, {22, -44}, {58, -16}, {53, 17}},
		{{-67, -69}, {-27, -50}, {4, -51}, {37, 12}},
		{{-201, -100}, {-83, -88}, {-56, -56}, {-26, -17}},
	}
	rathaBonus := [8][4]pair{
		{{-31, -9}, {-20, -13}, {-14, -10}, {-5, -9}},
		{{-21, -12}, {-13, -9}, {-8, -1}, {6, -2}},
		{{-25, 6}, {-11, -8}, {-1, -2}, {3, -6}},
		{{-13, -6}, {-5, 1}, {-4, -9}, {-6, 7}},
		{{-27, -5}, {-15, 8}, {-4, 7}, {3, -6}},
		{{-22, 6}, {-2, 1}, {6, -7}, {12, 10}},
		{{-2, 4}, {12, 5}, {16, 20}, {18, -5}},
		{{-17, 18}, {-19, 0}, {-1, 19}, {9, 13}},
	}
	kingBonus := [8][4]pair{
		{{271, 1}, {327, 45}, {271, 85}, {198, 76}},
		{{278, 53}, {303, 100}, {234, 133}, {179, 135}},
		{{195, 88}, {258, 130}, {169, 169}, {120, 175}},
		{{164, 103}, {190, 156}, {138, 172}, {98, 172}},
		{{154, 96}, {179, 166}, {105, 199}, {70, 199}},
		{{123, 92}, {145, 172}, {81, 184}, {31, 191}},
		{{88, 47}, {120, 121}, {65, 116}, {33, 131}},
		{{59, 11}, {89, 59}, {45, 73}, {-1, 78}},
	}
	// By rank, then file a-h.
	pawnBonus := [8][8]pair{
		{},
		{{2, -8}, {4, -6}, {11, 9}, {18, 5}, {16, 16}, {21, 6}, {9, -6}, {-3, -18}},
		{{-9, -9}, {-15, -7}, {11, -10}, {15, 5}, {31, 2}, {23, 3}, {6, -8}, {-20, -5}},
		{{-3, 7}, {-20, 1}, {8, -8}, {19, -2}, {39, -14}, {17, -13}, {2, -11}, {-5, -6}},
		{{11, 12}, {-4, 6}, {-11, 2}, {2, -6}, {11, -5}, {0, -4}, {-12, 14}, {5, 9}},
		{{3, 27}, {-11, 18}, {-6, 19}, {22, 29}, {-8, 30}, {-5, 9}, {-14, 8}, {-11, 14}},
		{{-7, -1}, {6, -14}, {-2, 13}, {-11, 22}, {4, 24}, {-14, 17}, {10, 7}, {-9, 7}},
		{},
	}
	for sq := range 64 {
		f, r := sq%8, sq/8
		edge := min(f, 7-f)
		leap := float64(edge + max(min(r, 7-r), 1) - 4)
		set := func(typ int, v pair) { mg[typ][sq], eg[typ][sq] = fsf(v[0]), fsf(v[1]) }
		set(pawn, pawnBonus[r][f])
		set(horse, horseBonus[r][edge])
		set(ratha, rathaBonus[r][edge])
		set(king, kingBonus[r][edge])
		set(mantri, pair{20 * leap, 20 * leap})
		set(gaja, pair{10 * leap, 10 * leap})
	}
	return mg, eg
}()

// place adds (n = 1) or takes away (n = -1) the piece-square values of a piece to white's lead.
func (t *taper) place(typ, color, sq int, n float64) {
	if color == black {
		sq ^= 56
		n = -n
	}
	t[0] += n * psqMg[typ][sq]
	t[1] += n * psqEg[typ][sq]
}
