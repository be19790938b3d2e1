package main

// handleInput reads keys and the pointer that are not handled by widgets.
func (g *Game) handleInput() {}
