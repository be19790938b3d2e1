package panel

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"vnodes/assets/lang"
	"vnodes/render/geom"
)

// Figures is what a view shows in its part of the right column
// (Layout.ViewFigures): one grid, so that every figure sits under its
// column's heading. Its first lines are the selected seed (and a reference
// such as the ideal), then a caption and a row of means over the seeds
// per V of the exercise, the current V highlighted. Its texts (groups,
// heads, labels, caption) may be kept in English: they are shown through
// lang.T.
type Figures struct {
	Groups   []FigureGroup // optional headings over runs of value columns
	Heads    []string      // the value columns' headings
	Accent   int           // the heading written in the accent colour, when AccentOn
	AccentOn bool
	Cols     []float64   // right edges of the value columns, fractions of the inner width
	Top      []FigureRow // the selected seed's figures and references
	Caption  string      // above the rows
	Rows     []FigureRow // the means per V
	Current  int         // the row of the current V, or -1
	Working  bool        // the rows are still being worked out
}

// FigureGroup is a heading over the value columns [First, End).
type FigureGroup struct {
	Text       string
	First, End int
}

// FigureRow is a label and its cells.
type FigureRow struct {
	Label string
	Cells []string
	Muted bool // a reference rather than a measurement
}

// WorkingFigures is the grid while a view's figures are worked out.
var WorkingFigures = Figures{Working: true, Cols: []float64{1}}

// WithRow is rows, which are in order of V, with row put in its place when
// none has its V (a V between the exercise's): a new slice then, rows itself
// otherwise. vOf reads a row's V.
func WithRow[T any](rows []T, row T, vOf func(T) int) []T {
	i, found := slices.BinarySearchFunc(rows, vOf(row), func(r T, v int) int { return cmp.Compare(vOf(r), v) })
	if found {
		return rows
	}
	return slices.Insert(slices.Clone(rows), i, row)
}

// Card draws a panel: a filled rectangle with a thin edge.
func Card(c Canvas, r geom.Rect) {
	pal, l := c.Palette(), c.Layout()
	c.Fill(r, pal.Panel)
	c.Frame(r, max(1, l.Scale), pal.PanelEdge)
}

// fitColumns places the right edges of f's value columns in inner: where
// f.Cols leaves each column room for its widest cell and its heading (a
// longer word in another language, a wider figure) they stay, else each
// column is set as near the one before as its texts allow, the room left
// shared evenly between them. A heading may reach over the row labels,
// which its line does not have.
func fitColumns(c Canvas, f Figures, inner geom.Rect) []float64 {
	gap := 8 * c.Layout().Scale
	n := len(f.Cols)
	cells, heads := make([]float64, n), make([]float64, n)
	labels := make([]float64, n) // the widest row label before its row's first cell in each column
	measure := func(r FigureRow, font Font) {
		first := -1
		for i, cell := range r.Cells {
			if i < n && cell != "" {
				cells[i] = max(cells[i], c.TextWidth(cell, font))
				if first < 0 {
					first = i
				}
			}
		}
		if first >= 0 {
			labels[first] = max(labels[first], c.TextWidth(lang.T(r.Label), font))
		}
	}
	for i, h := range f.Heads {
		if i < n {
			heads[i] = c.TextWidth(lang.T(h), SmallBold)
		}
	}
	for _, r := range f.Top {
		measure(r, SmallBold)
	}
	for _, r := range f.Rows {
		measure(r, SmallBold)
	}
	// tight is the narrowest placement for a gap between columns: each
	// edge as far left as the column before it and the row labels allow.
	tight := make([]float64, n)
	place := func(gap float64) {
		cellEnd, headEnd := inner.X, inner.X-gap
		for i := range n {
			tight[i] = max(cellEnd+gap+cells[i], headEnd+gap+heads[i], inner.X+labels[i]+gap+cells[i])
			cellEnd, headEnd = tight[i], tight[i]
		}
	}
	place(gap)
	xs := make([]float64, n)
	fits := true
	for i := range n {
		xs[i] = inner.X + f.Cols[i]*inner.W
		if (i > 0 && xs[i]-max(cells[i], heads[i]) < xs[i-1]+gap) || xs[i]-cells[i] < inner.X+labels[i]+gap || (i == 0 && xs[i] < tight[0]) {
			fits = false
		}
	}
	if fits {
		return xs
	}
	// Too wide at the usual gap (wide figures in a narrow window, a
	// language's wider numbers): narrower gaps before figures that touch.
	for _, g := range []float64{4, 2} {
		if tight[n-1] <= inner.X+inner.W {
			break
		}
		place(g * c.Layout().Scale)
	}
	if tight[n-1] > inner.X+inner.W {
		return xs // (a view whose long labels share their line with empty cells keeps its own columns)
	}
	slack := (inner.X + inner.W - tight[n-1]) / float64(n)
	for i := range n {
		xs[i] = tight[i] + slack*float64(i+1)
	}
	return xs
}

// DrawFigures lays out f in the view's figure area, lines shrinking to fit.
func DrawFigures(c Canvas, f Figures) {
	l, pal := c.Layout(), c.Palette()
	box := l.ViewFigures
	Card(c, box)
	pad := 6 * l.Scale
	inner := geom.Rect{X: box.X + pad, Y: box.Y + pad/2, W: box.W - 2*pad, H: box.H - pad}
	xs := fitColumns(c, f, inner)
	colX := func(i int) float64 { return xs[i] }
	// Headings too wide for their columns take two lines, every other
	// one on the second.
	stagger := false
	for i := 1; i < len(f.Heads) && i < len(xs); i++ {
		if xs[i]-c.TextWidth(lang.T(f.Heads[i]), SmallBold) < xs[i-1]+4*l.Scale {
			stagger = true
		}
	}
	lines := len(f.Top) + 1 + len(f.Rows)
	if stagger {
		lines++
	}
	if len(f.Groups) > 0 {
		lines++
	}
	if f.Caption != "" {
		lines++
	}
	if f.Working {
		lines += 2 - len(f.Rows)
	}
	// Crowded rows get a gap of their own for each line drawn between
	// them (under the groups, under the top rows), which would otherwise run
	// along the letters above or below.
	sep, gaps := 0.0, 1.0
	if len(f.Groups) > 0 {
		gaps++
	}
	if float64(lines)*24*l.Scale > inner.H {
		sep = 3 * l.Scale
	}
	lineH := min(24*l.Scale, (inner.H-gaps*sep)/float64(lines))
	y := inner.Y
	mid := func() float64 { return y + lineH/2 }
	if len(f.Groups) > 0 {
		for _, g := range f.Groups {
			// From just past the column before the group to its last column.
			x0 := inner.X + 0.6*f.Cols[0]*inner.W
			if g.First > 0 {
				x0 = colX(g.First-1) + 8*l.Scale
			}
			x1 := colX(g.End - 1)
			c.Line(x0, y+lineH+sep/2, x1, y+lineH+sep/2, max(1, l.Scale), pal.PanelEdge)
			text := lang.T(g.Text)
			half := c.TextWidth(text, Small) / 2 // a word wider than its columns stays in the panel
			c.Text(text, Small, min((x0+x1)/2, inner.X+inner.W-half), mid(), Center, pal.Muted)
		}
		y += lineH + sep
	}
	for i, h := range f.Heads {
		h = lang.T(h)
		hy := mid()
		if stagger && i%2 == 0 {
			hy += lineH
		}
		if i == f.Accent && f.AccentOn {
			c.Text(h, SmallBold, colX(i), hy, MiddleRight, pal.Accent)
		} else {
			c.Text(h, Small, colX(i), hy, MiddleRight, pal.Muted)
		}
	}
	y += lineH
	if stagger {
		y += lineH
	}
	row := func(r FigureRow, font Font, col color.Color) {
		c.Text(lang.T(r.Label), font, inner.X, mid(), MiddleLeft, col)
		for i, cell := range r.Cells {
			c.Text(cell, font, colX(i), mid(), MiddleRight, col)
		}
		y += lineH
	}
	for _, r := range f.Top {
		if r.Muted {
			row(r, Small, pal.Muted)
		} else {
			row(r, SmallBold, pal.Text)
		}
	}
	if sep > 0 {
		c.Line(inner.X, y+sep/2, inner.X+inner.W, y+sep/2, max(1, l.Scale), pal.PanelEdge)
		y += sep
	} else {
		c.Line(inner.X, y+1*l.Scale, inner.X+inner.W, y+1*l.Scale, max(1, l.Scale), pal.PanelEdge)
	}
	if f.Caption != "" {
		c.Text(lang.T(f.Caption), Small, inner.X, mid(), MiddleLeft, pal.Accent)
		y += lineH
	}
	if f.Working {
		c.Text(lang.T("working…"), Small, inner.CenterX(), y+lineH, Center, pal.Muted)
		return
	}
	for i, r := range f.Rows {
		if i == f.Current {
			c.Fill(geom.Rect{X: box.X + 4*l.Scale, Y: y, W: box.W - 8*l.Scale, H: lineH}, pal.Highlight)
			row(r, SmallBold, pal.Text)
		} else {
			row(r, Small, pal.Text)
		}
	}
}

// LegendKind is the little picture in front of a legend's words.
type LegendKind uint8

const (
	LegendFill       LegendKind = iota // a filled square (two colours: split in half)
	LegendOutline                      // an empty square
	LegendDashed                       // a dashed line
	LegendDotted                       // a dotted line
	LegendPale                         // a wide pale bar with a narrow one in front
	LegendDot                          // a dot with a ring round it
	LegendHollow                       // an empty circle
	LegendMark                         // a small triangle pointing down
	LegendHollowMark                   // the same, empty
)

// LegendItem is one entry of a legend.
type LegendItem struct {
	Kind LegendKind
	Col  color.NRGBA
	Col2 color.NRGBA // LegendFill: the other half; LegendPale: the narrow bar
	Text string      // shown through lang.T
}

// LegendWidth is how wide items are on one line.
func LegendWidth(c Canvas, items []LegendItem) float64 {
	l := c.Layout()
	w := 0.0
	for i, it := range items {
		if i > 0 {
			w += 18 * l.Scale
		}
		w += 16*l.Scale + 6*l.Scale + c.TextWidth(lang.T(it.Text), Small)
	}
	return w
}

// Legend writes items left to right from (x, y), starting a new line when
// one would pass x+width.
func Legend(c Canvas, x, y, width float64, items []LegendItem) {
	l, pal := c.Layout(), c.Palette()
	sw := 16 * l.Scale // the picture's size
	gap := 18 * l.Scale
	lineH := 24 * l.Scale
	cx := x
	for _, it := range items {
		text := lang.T(it.Text)
		w := sw + 6*l.Scale + c.TextWidth(text, Small)
		if cx > x && cx+w > x+width {
			cx, y = x, y+lineH
		}
		legendMark(c, it, geom.Rect{X: cx, Y: y + (lineH-sw)/2 - 2*l.Scale, W: sw, H: sw})
		c.Text(text, Small, cx+sw+6*l.Scale, y+lineH/2-2*l.Scale, MiddleLeft, pal.Text)
		cx += w + gap
	}
}

func legendMark(c Canvas, it LegendItem, r geom.Rect) {
	lw := max(1, c.Layout().Scale)
	text := c.Palette().Text
	switch it.Kind {
	case LegendFill:
		c.Fill(r, it.Col)
		if it.Col2.A != 0 {
			c.Fill(geom.Rect{X: r.CenterX(), Y: r.Y, W: r.W / 2, H: r.H}, it.Col2)
		}
	case LegendOutline:
		c.Frame(geom.Rect{X: r.X + lw, Y: r.Y + lw, W: r.W - 2*lw, H: r.H - 2*lw}, 2*lw, it.Col)
	case LegendDashed:
		Dashes(c, r.X, r.CenterY(), r.X+r.W, r.CenterY(), 2.5*lw, 5*lw, it.Col)
	case LegendDotted:
		Dashes(c, r.X, r.CenterY(), r.X+r.W, r.CenterY(), 2.5*lw, 2*lw, it.Col)
	case LegendPale:
		c.Fill(r, it.Col)
		c.Fill(geom.Rect{X: r.X + r.W*0.3, Y: r.Y, W: r.W * 0.4, H: r.H}, it.Col2)
	case LegendDot:
		c.Disc(r.CenterX(), r.CenterY(), r.W*0.4, text)
		c.Disc(r.CenterX(), r.CenterY(), r.W*0.4-2*lw, it.Col)
	case LegendHollow:
		c.Circle(r.CenterX(), r.CenterY(), r.W*0.35, 2*lw, it.Col)
	case LegendMark, LegendHollowMark:
		xs := []float64{r.X + r.W*0.15, r.X + r.W*0.85, r.CenterX()}
		ys := []float64{r.Y + r.H*0.2, r.Y + r.H*0.2, r.Y + r.H*0.85}
		if it.Kind == LegendMark {
			c.Polygon(xs, ys, it.Col)
		} else {
			c.PolygonOutline(xs, ys, 2*lw, it.Col)
		}
	}
}

// Dashes draws a dashed segment as given (not themed): dash is the length
// of one dash and of one gap.
func Dashes(c Canvas, x0, y0, x1, y1, width, dash float64, col color.Color) {
	EachDash(x0, y0, x1, y1, dash, func(ax, ay, bx, by float64) { c.Segment(ax, ay, bx, by, width, col) })
}

// EachDash calls draw with the ends of each dash of a dashed line from
// (x0, y0) to (x1, y1): dash is the length of one dash and of one gap.
func EachDash(x0, y0, x1, y1, dash float64, draw func(ax, ay, bx, by float64)) {
	dx, dy := x1-x0, y1-y0
	length := math.Hypot(dx, dy)
	if length == 0 {
		return
	}
	for t := 0.0; t < length; t += 2 * dash {
		e := min(t+dash, length)
		draw(x0+dx*t/length, y0+dy*t/length, x0+dx*e/length, y0+dy*e/length)
	}
}
