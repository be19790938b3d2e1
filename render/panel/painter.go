package panel

import "vnodes/sim"

// PainterOf paints x: each part by x's own painter where it has one, and
// by the spread's otherwise (the ring of random ranges with the busiest
// node singled out, the loads, the numbers and the exercise's table, CV
// against V).
func PainterOf(x Shown) Painter { return painter{x} }

type painter struct{ Shown }

func (p painter) Ring(l *Look) RingSpec {
	if r, ok := p.Shown.(RingSpecer); ok {
		return r.Ring(l)
	}
	return SpreadRing(p.Sim(), l)
}

func (p painter) Header(c Canvas) (title, sub string) {
	if h, ok := p.Shown.(Headerer); ok {
		return h.Header(c)
	}
	return Header(c, p.Sim().Params)
}

func (p painter) PaintRing(c Canvas, spec RingSpec) {
	if r, ok := p.Shown.(RingPainter); ok {
		r.PaintRing(c, spec)
		return
	}
	PlainRingLabel(c, spec.Ring)
	RingCentre(c, spec)
}

func (p painter) PaintBars(c Canvas) {
	if b, ok := p.Shown.(BarsPainter); ok {
		b.PaintBars(c)
		return
	}
	Bars(c, p.Sim())
}

// PaintColumn: the numbers and the exercise's table (the large law chart
// takes the table's place).
func (p painter) PaintColumn(c Canvas) {
	if col, ok := p.Shown.(ColumnPainter); ok {
		col.PaintColumn(c)
		return
	}
	Numbers(c)
	if c.Look().Chart != ChartLaw {
		Table(c)
	}
}

func (p painter) PaintChart(c Canvas) {
	if ch, ok := p.Shown.(ChartPainter); ok {
		ch.PaintChart(c)
		return
	}
	if l := c.Look(); l.Chart == ChartLaw && !l.Lesson {
		LawChart(c)
		return
	}
	CVChart(c)
}

// SpreadRing is what the band shows for the ring of random ranges: every
// range in its owner's colour, the busiest node singled out.
func SpreadRing(r *sim.Result, l *Look) RingSpec {
	return RingSpec{Ring: &r.Ring, Key: r.Ring.Stats.Busiest, NodeBars: !l.Concealed && !l.Average}
}
