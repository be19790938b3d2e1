package link_test

import (
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/views"
	"vnodes/render/views/spread"
)

// reg is the app's registry: the tests read links and run the lesson as
// the app does.
var reg = views.All

// inSpread is s in the spread view, as a link that names no view opens it.
func inSpread(s view.Settings) view.Settings {
	if s.View == nil {
		s.View = spread.View{}
	}
	return s
}

// keyNames are the link parameters' names, in the order Query writes them.
func keyNames() []string {
	var out []string
	for _, k := range link.Keys(reg) {
		out = append(out, k.Name)
	}
	return out
}
