//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"testing"

	"vnodes/render/view"
	"vnodes/render/views"
	"vnodes/sim"
)

func TestPageLoadsAndDrawsTheDefaultLesson(t *testing.T) {
	p := openApp(t, "")
	s := p.state()
	if s.V != 1 || s.Nodes != 10 || s.Seed != 0 || s.Assign != "roundrobin" {
		t.Fatalf("opens with %+v, want V=1, 10 nodes, seed 0, round-robin", s)
	}
	var loadingGone bool
	p.run(evaluate(`document.getElementById("loading") === null`, &loadingGone))
	if !loadingGone {
		t.Error("the loading screen is still there after the app started")
	}
	img := decode(t, p.screenshot())
	if n := distinctColours(img, img.Bounds()); n < 50 {
		t.Fatalf("the page shows only %d distinct colours: is the canvas blank?", n)
	}
}

// The numbers on the page are the simulator's, for the defaults.
func TestDefaultStateMatchesSimulation(t *testing.T) {
	p := openApp(t, "")
	s := p.state()
	want, err := sim.Run(views.All.Default().Params())
	if err != nil {
		t.Fatal(err)
	}
	if s.Imbalance != want.Ring.Stats.Imbalance || s.CV != want.Ring.Stats.CV ||
		s.AvgImbalance != want.Average.Imbalance || s.AvgCV != want.Average.CV {
		t.Fatalf("page state %+v differs from sim %+v / %+v", s, want.Ring.Stats, want.Average)
	}
	if got := fmt.Sprintf("%.3f %.3f", s.AvgImbalance, s.AvgCV); got != "2.804 0.846" {
		t.Fatalf("20-seed average at V=1 is %s, want the exercise's 2.804 0.846", got)
	}
	if len(s.Loads) != 10 {
		t.Fatalf("%d loads, want 10", len(s.Loads))
	}
	sum := 0.0
	for i, l := range s.Loads {
		if math.Abs(l-want.Ring.Share(i)) > 1e-12 {
			t.Errorf("node %d load %v, want %v", i, l, want.Ring.Share(i))
		}
		sum += l
	}
	if math.Abs(sum-10) > 1e-9 {
		t.Errorf("loads add up to %v fair shares, want 10", sum)
	}
}

// A real mouse drag of the V slider re-simulates during the drag: to the
// 256 mark it lands on the exercise's V=256 figures, and on to the right
// end at the slider's top.
func TestDraggingVSliderToTheRightEnd(t *testing.T) {
	p := openApp(t, "")
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	x0 := sliderXFor(slider, 1)
	x256 := sliderXFor(slider, 256)
	p.mouse(inputMoved, x0, y, 0)
	p.mouse(inputPressed, x0, y, 1)
	var during []int
	for i := 1; i <= 6; i++ {
		p.mouse(inputMoved, x0+(x256-x0)*float64(i)/6, y, 1)
		during = append(during, p.state().V)
	}
	p.mouse(inputReleased, x256, y, 0)
	s := p.state()
	if s.V != 256 {
		t.Fatalf("after dragging to the 256 mark V = %d, want 256 (V during the drag: %v)", s.V, during)
	}
	if got := fmt.Sprintf("%.3f", s.AvgImbalance); got != "1.105" {
		t.Fatalf("V=256 average imbalance %s, want 1.105", got)
	}
	if during[1] <= 1 || during[1] >= 256 {
		t.Errorf("V during the drag went %v: the simulation should follow the handle, not wait for the release", during)
	}
	for i := 1; i < len(during); i++ {
		if during[i] < during[i-1] {
			t.Errorf("V went down while dragging right: %v", during)
		}
	}
	p.drag(x256, y, slider.X+slider.W+40, y, 4)
	s = p.state()
	want, _ := sim.Run(sim.Params{Nodes: 10, V: view.MaxSliderV, Seeds: 20})
	if s.V != view.MaxSliderV || s.AvgImbalance != want.Average.Imbalance {
		t.Fatalf("at the right end: V = %d, mean imbalance %v; want V = %d and sim's %v", s.V, s.AvgImbalance, view.MaxSliderV, want.Average.Imbalance)
	}
}

// Every node's colour is visible in the ring.
func TestRingShowsEveryNodeColour(t *testing.T) {
	for _, q := range []string{"?v=1", "?v=256"} {
		p := openApp(t, q)
		img := decode(t, p.screenshot())
		ring := p.control("ring")
		area := image.Rect(int(ring.X), int(ring.Y), int(ring.X+ring.W), int(ring.Y+ring.H))
		var colours []string
		p.run(evaluate(`window.vnodes.state().colors`, &colours))
		if len(colours) != 10 {
			t.Fatalf("%s: %d node colours, want 10", q, len(colours))
		}
		seen := 0
		for i, hex := range colours {
			if n := countColour(img, area, hex); n >= 20 {
				seen++
			} else {
				t.Errorf("%s: node %d's colour %s covers only %d pixels of the ring", q, i, hex, n)
			}
		}
		if seen != 10 {
			t.Errorf("%s: %d distinct node colours on the ring, want 10", q, seen)
		}
		saveArtifact(t, fmt.Sprintf("ring-v%s.png", q[3:]), encode(t, img.(*image.RGBA).SubImage(area)))
	}
}

// Each control changes what it says, and the numbers follow.
func TestControlsChangeTheSimulation(t *testing.T) {
	p := openApp(t, "")
	before := p.state()
	p.click("seedPlus")
	if s := p.state(); s.Seed != 1 || s.Imbalance == before.Imbalance || s.AvgImbalance != before.AvgImbalance {
		t.Errorf("after seed +: %+v (a new seed changes that ring, not the 20-seed average)", s)
	}
	p.click("nodesMinus")
	if s := p.state(); s.Nodes != 9 || len(s.Loads) != 9 {
		t.Errorf("after nodes −: nodes %d, %d loads; want 9", s.Nodes, len(s.Loads))
	}
	p.click("assignRandom")
	if s := p.state(); s.Assign != "random" {
		t.Errorf("after choosing random: assign %q", s.Assign)
	}
	p.click("vPlus")
	if s := p.state(); s.V != 2 {
		t.Errorf("after V +: V = %d, want 2", s.V)
	}
	p.click("preset16")
	s := p.state()
	want, _ := sim.Run(sim.Params{Nodes: 9, V: 16, Seeds: 20, Seed: 1, Assign: sim.Random})
	if s.V != 16 || s.AvgImbalance != want.Average.Imbalance || s.Imbalance != want.Ring.Stats.Imbalance {
		t.Errorf("after the Cassandra preset: %+v, want V=16 with sim's figures %+v", s, want.Average)
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := img.(*image.RGBA); !ok { // normalise for SubImage
		rgba := image.NewRGBA(img.Bounds())
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				rgba.Set(x, y, img.At(x, y))
			}
		}
		img = rgba
	}
	return img
}

func encode(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func distinctColours(img image.Image, r image.Rectangle) int {
	seen := map[[3]uint32]bool{}
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			seen[[3]uint32{cr >> 8, cg >> 8, cb >> 8}] = true
		}
	}
	return len(seen)
}

// countColour counts pixels within 6 levels per channel of #rrggbb.
func countColour(img image.Image, r image.Rectangle, hex string) int {
	var want [3]int
	fmt.Sscanf(hex, "#%02x%02x%02x", &want[0], &want[1], &want[2])
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if absInt(int(cr>>8)-want[0]) <= 6 && absInt(int(cg>>8)-want[1]) <= 6 && absInt(int(cb>>8)-want[2]) <= 6 {
				n++
			}
		}
	}
	return n
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// On a high-DPI screen the app renders at device resolution (crisp text)
// while controls keep their place in CSS pixels and still work.
func TestHighDPIScreen(t *testing.T) {
	normal := openApp(t, "").control("vSlider")
	p := openAppScaled(t, "", 2)
	var dpr float64
	p.run(evaluate(`window.devicePixelRatio`, &dpr))
	if dpr != 2 {
		t.Fatalf("devicePixelRatio %v, want 2", dpr)
	}
	hi := p.control("vSlider")
	if math.Abs(hi.X-normal.X) > 1 || math.Abs(hi.W-normal.W) > 1 || math.Abs(hi.Y-normal.Y) > 1 {
		t.Fatalf("slider at %+v on a 2x screen, %+v on a 1x one: the layout should not move", hi, normal)
	}
	var canvasW int
	p.run(evaluate(`document.querySelector("canvas").width`, &canvasW))
	if canvasW < 2*viewportW-2 {
		t.Errorf("canvas backing store is %d pixels wide, want %d (device resolution)", canvasW, 2*viewportW)
	}
	y := hi.Y + hi.H/2
	p.drag(hi.X+8, y, hi.X+hi.W+30, y, 4)
	if s := p.state(); s.V != view.MaxSliderV {
		t.Errorf("dragging on a 2x screen gave V = %d, want %d", s.V, view.MaxSliderV)
	}
}
