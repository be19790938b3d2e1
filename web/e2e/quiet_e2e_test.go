//go:build e2e

package e2e

import (
	"bytes"
	"image"
	"testing"
)

// A page left alone stops drawing (its frames keep coming, but none
// repaints, so a laptop or a software GPU rests), and the next change is
// drawn at once: a new seed's ring, then a hovered node's tooltip.
func TestAnIdlePageDrawsNothingUntilAChange(t *testing.T) {
	p := openApp(t, "")
	p.waitFrames(10)
	before := p.state()
	p.waitFrames(60)
	idle := p.state()
	frames, drawn := idle.Frames-before.Frames, idle.Timing.DrawnFrames-before.Timing.DrawnFrames
	if drawn*5 > frames { // once a second is drawn anyway, in case some change was missed
		t.Fatalf("%d of %d frames with nothing new were drawn", drawn, frames)
	}
	ring := p.control("ring")
	area := image.Rect(int(ring.X), int(ring.Y), int(ring.X+ring.W), int(ring.Y+ring.H))
	ringPixels := func() []byte {
		img := decode(t, p.screenshot()).(*image.RGBA)
		return encode(t, img.SubImage(area))
	}
	quietRing := ringPixels()

	p.click("seedPlus")
	if s := p.state(); s.Seed != 1 || s.Timing.DrawnFrames == idle.Timing.DrawnFrames {
		t.Fatalf("after seed +: seed %d, %d frames drawn (before: %d)", s.Seed, s.Timing.DrawnFrames, idle.Timing.DrawnFrames)
	}
	newSeed := ringPixels()
	if bytes.Equal(newSeed, quietRing) {
		t.Fatal("the ring on screen did not change with the seed")
	}

	x, y := ring.center()
	p.mouse(inputMoved, x+ring.W*0.45, y, 0) // on the band of arcs
	if s := p.state(); s.Display.Tooltip == "" {
		t.Fatal("no tooltip over the ring")
	}
	if bytes.Equal(ringPixels(), newSeed) {
		t.Fatal("the hovered node's tooltip did not reach the screen")
	}
}
