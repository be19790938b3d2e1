package sim

// Label is how people read the assignment's name on screen; String is the
// one spelling for machines (links, flags, JSON).
func (a Assignment) Label() string {
	if a == RoundRobin {
		return "round-robin"
	}
	return a.String()
}
