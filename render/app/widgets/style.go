package widgets

import (
	"image/color"
	"math"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/geom"
	"vnodes/render/view"
)

// builder makes one Set: the widgets' look, taken from the scene's
// palette and fonts, where their handlers send what the person asks for,
// and the Set that keeps their handles.
type builder struct {
	body, bold, smallBold, big *text.Face
	text, muted                color.Color
	panel, edge                color.Color
	accent, back               color.Color
	scale                      float64
	touch                      int                 // the least size of a control, in layout pixels (0: no such rule)
	minText                    float64             // the least size of text, in layout pixels (0: no such rule)
	allBold                    bool                // the projector's faces, every one bold
	buttonImage                *widget.ButtonImage // every button and toggle
	buttonText                 *widget.ButtonTextColor
	emit                       func(view.Intent)
	set                        *Set
}

func newBuilder(spec Spec, emit func(view.Intent), set *Set) *builder {
	pal, f, scale := spec.Palette, spec.Fonts, spec.Layout.Scale
	body, bold, smallBold, big := f.Small, f.BodyBold, f.SmallBold, f.Heading
	flat := func(c color.Color) *eimage.NineSlice { return eimage.NewNineSliceColor(c) }
	return &builder{
		body: &body, bold: &bold, smallBold: &smallBold, big: &big,
		text: pal.Text, muted: pal.Muted, panel: pal.Panel, edge: pal.PanelEdge, accent: pal.Accent, back: pal.Background,
		scale: scale, allBold: pal.Projector, touch: int(math.Ceil(spec.Layout.Touch)), minText: spec.Layout.MinText,
		buttonImage: &widget.ButtonImage{
			Idle: edged(pal.Panel, pal.PanelEdge, scale), Hover: edged(pal.Highlight, pal.PanelEdge, scale), Pressed: flat(pal.Accent),
			PressedHover: flat(pal.Accent), Disabled: flat(pal.Background),
		},
		buttonText: &widget.ButtonTextColor{Idle: pal.Text, Hover: pal.Text, Pressed: pal.Background, Disabled: pal.Muted},
		emit:       emit,
		set:        set,
	}
}

// edged is a fill inside a border a layout pixel wide (at least one).
func edged(fill, edge color.Color, scale float64) *eimage.NineSlice {
	return eimage.NewBorderedNineSliceColor(fill, edge, max(1, int(scale)))
}

// px is a length in design pixels, in layout pixels.
func (b *builder) px(design float64) int { return int(design * b.scale) }

// reach is a control's height or width in design pixels, in layout
// pixels, and at least the layout's least size of a control.
func (b *builder) reach(design float64) int { return max(b.px(design), b.touch) }

// asks is a handler that asks for in.
func (b *builder) asks(in view.Intent) func() { return func() { b.emit(in) } }

// at places a widget at a rectangle of the layout, in the screen's anchor
// layout.
func at(r geom.Rect) []widget.WidgetOpt {
	return []widget.WidgetOpt{
		widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionStart,
			VerticalPosition:   widget.AnchorLayoutPositionStart,
			Padding:            &widget.Insets{Left: int(r.X), Top: int(r.Y)},
		}),
		widget.WidgetOpts.MinSize(int(r.W), int(r.H)),
	}
}

// stretched fills its line of a vertical row layout from side to side,
// at least h layout pixels high.
func stretched(h int) []widget.WidgetOpt {
	return []widget.WidgetOpt{widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}), widget.WidgetOpts.MinSize(0, h)}
}

// fixed is a cell of a grid exactly w layout pixels wide, whatever its
// content: text too long for it runs out of it (and TestLabelsFitTheirBoxes
// says so) rather than pushing its neighbours aside.
func fixed(w int) []widget.WidgetOpt {
	return []widget.WidgetOpt{widget.WidgetOpts.LayoutData(widget.GridLayoutData{MaxWidth: w}), widget.WidgetOpts.MinSize(w, 0)}
}
