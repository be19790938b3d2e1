package view

import "vnodes/sim"

// Rows is a view's own table of 20-seed means by V (see Rower).
type Rows interface {
	// For reports whether these are the rows s needs (V and the seed aside).
	For(s Settings) bool
}

// Table is a view's rows for one N, assignment and setting of the view.
type Table[T any] struct {
	nodes  int
	assign sim.Assignment
	of     View
	List   []T
}

// NewTable is list, the rows for s.
func NewTable[T any](s Settings, list []T) *Table[T] {
	return &Table[T]{nodes: s.Nodes, assign: s.Assign, of: s.View, List: list}
}

// TableList is r's rows if r is a Table of T, else nil (being worked out).
func TableList[T any](r Rows) []T {
	if t, ok := r.(*Table[T]); ok {
		return t.List
	}
	return nil
}

// For: the rows depend on N, the assignment and the view's own settings.
func (t *Table[T]) For(s Settings) bool {
	return t.nodes == s.Nodes && t.assign == s.Assign && t.of == s.View
}
