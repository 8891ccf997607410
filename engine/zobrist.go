package engine

// golden is 2^64 divided by the golden ratio, splitmix64's increment.
const golden = 0x9E3779B97F4A7C15

// Mix64 is splitmix64's finaliser: a bijection on 64 bits that spreads every input bit over the
// whole output, for hashing values that have no table of keys.
func Mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// KeySource draws Zobrist keys from a fixed seed (splitmix64), so that every run hashes alike.
type KeySource uint64

// Next returns the next key.
func (s *KeySource) Next() uint64 {
	*s += golden
	return Mix64(uint64(*s))
}
