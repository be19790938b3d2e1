// Package views is the registry: the app's views, in the order of their
// tabs, each with the settings it opens on. Adding a view is one line here
// and a folder of its own beside this file.
package views

//go:generate go run ./internal/usagegen ../app/displaycheck/usage/usage.go

import (
	"vnodes/render/view"
	"vnodes/render/views/change"
	"vnodes/render/views/hashes"
	"vnodes/render/views/load"
	"vnodes/render/views/replicas"
	"vnodes/render/views/sizes"
	"vnodes/render/views/spread"
	"vnodes/render/views/tokens"
)

// All are the app's views. The first is the one the app opens on.
var All = view.NewRegistry(
	spread.View{},
	change.Default,
	sizes.Default,
	replicas.Default,
	load.Default,
	tokens.Default,
	hashes.Default,
)
