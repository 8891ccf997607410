package engine

// SANWriter is offered by variants that have a standard algebraic notation for display (Nf3,
// exd5, Qxf7#), besides the notation ParseMove reads.
type SANWriter interface {
	// SAN writes m, a legal move of the position, in standard algebraic notation.
	SAN(m Move) string
}
