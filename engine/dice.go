package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// maxThrows bounds ThrowDice's throws again. A throw counts with probability 4/9 or more (two
// Chaturaji dice), so the bound is never reached in practice.
const maxThrows = 256

// ErrNoCountedRoll is ThrowDice's error when no throw counted, which fair dice all but never do.
var ErrNoCountedRoll = errors.New("no counted roll after many throws")

// ThrowDice throws the dice of a position waiting for a roll as a player would: every die
// uniformly over its faces, again while the throw does not count (a Chaturaji die showing 1 or
// 6), so that the counted values are uniform over the faces that count. It returns the values
// thrown, in the order of Dice, and the position they lead to.
func ThrowDice(p Position, rng *rand.Rand) (values []int, next Position, events []Event, err error) {
	for range maxThrows {
		values = values[:0]
		for _, d := range p.Dice() {
			for range d.Count {
				values = append(values, d.Faces[rng.IntN(len(d.Faces))].Value)
			}
		}
		next, events, err = p.Roll(values)
		if err != nil {
			return nil, nil, nil, err
		}
		if !RollAgain(events) {
			return values, next, events, nil
		}
	}
	return nil, nil, nil, ErrNoCountedRoll
}

// RollAgain reports whether a roll's events say that it does not count.
func RollAgain(events []Event) bool {
	return slices.ContainsFunc(events, func(e Event) bool { return e.Kind == EventRollAgain })
}

// SampleRoll draws one of a chance node's outcomes (its Moves) by its probability: what search
// and playouts roll, without the throws again.
func SampleRoll(p Position, outcomes []Move, rng *rand.Rand) Move {
	r := rng.Float64()
	for _, m := range outcomes {
		if r -= p.Probability(m); r < 0 {
			return m
		}
	}
	return outcomes[len(outcomes)-1] // what rounding left over
}
