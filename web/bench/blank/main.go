// Command blank is the yardstick for the browser benchmarks: the smallest
// program built on the same ebiten and ebitenui versions as vnodes, one
// button on an ebitenui UI and nothing else. `make blank-site` builds it to
// WebAssembly as any ebiten program would be built and into a site by the
// app's own builder, and browserbench serves it as it serves the app, so
// the app's download and first frame can be judged against what the two
// libraries cost by themselves (issues 9 and 38's budgets are ratios to it).
package main

import (
	"image/color"
	"log"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/basicfont"
)

type game struct {
	ui      *ebitenui.UI
	frames  int
	updates int
}

// Update and Draw tell the page what vnodes tells it, at the same points,
// so that both programs' first frames are timed by the same signals:
// #loading goes at the end of the first Update, and a counter goes up
// after each Draw; the start-up marks (main, running, updated,
// first-draw, whole-draw) are made where vnodes makes its own.
func (g *game) Update() error {
	if g.updates++; g.updates == 1 {
		mark("running")
		defer mark("updated")
	}
	g.ui.Update()
	updated()
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x12, 0x15, 0x1c, 0xff})
	g.ui.Draw(screen)
	g.frames++
	if g.frames == 1 {
		mark("first-draw")
		mark("whole-draw") // its first frame has everything it shows
	}
	drawn(g.frames)
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	mark("main")
	// A bitmap face keeps the yardstick small: no font file is embedded.
	var face text.Face = text.NewGoXFace(basicfont.Face7x13)
	button := widget.NewButton(
		widget.ButtonOpts.Image(&widget.ButtonImage{
			Idle:    eimage.NewNineSliceColor(color.RGBA{0x3a, 0x44, 0x59, 0xff}),
			Hover:   eimage.NewNineSliceColor(color.RGBA{0x4a, 0x56, 0x70, 0xff}),
			Pressed: eimage.NewNineSliceColor(color.RGBA{0x2a, 0x32, 0x42, 0xff}),
		}),
		widget.ButtonOpts.Text("blank", &face, &widget.ButtonTextColor{Idle: color.White}),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: 16, Right: 16, Top: 8, Bottom: 8}),
		widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionCenter,
			VerticalPosition:   widget.AnchorLayoutPositionCenter,
		})),
	)
	root := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	root.AddChild(button)

	ebiten.SetWindowTitle("blank: ebiten + ebitenui")
	ebiten.SetWindowSize(640, 360)
	if err := ebiten.RunGame(&game{ui: &ebitenui.UI{Container: root}}); err != nil {
		log.Fatal(err)
	}
}
