package app

import (
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/assets/lang"
	"vnodes/render/app/host"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/view/state"
	"vnodes/sim"
)

// hostView is the game as its host sees it (host.App).
type hostView struct{ g *Game }

func (v hostView) Emit(in view.Intent) { v.g.emit(in) }
func (v hostView) Say(msg string)      { v.g.say(msg) }
func (v hostView) ResetTiming()        { v.g.timing.reset() }

func (v hostView) Regions() (map[string]image.Rectangle, float64) { return v.g.regions(), v.g.dsf }

func (v hostView) Showing() host.Showing {
	g := v.g
	exercise, _ := g.rows.current(g.shown)
	return host.Showing{Model: &g.model, Shown: g.shown, Result: g.withRows(), Working: g.job != nil, Exercise: exercise,
		ControlsGen: g.viewControls.follow(g.model.Want), Controls: g.viewControls.list, Frames: g.timing.frames}
}

// State describes what is on screen; what the Go runtime says of memory
// is the host's to add.
func (v hostView) State() state.State {
	g := v.g
	p50, p95, most := g.timing.changedFrameMillis()
	shown, mode := g.shown, g.model.Views.First()
	if shown.View != nil {
		mode = shown.View
	}
	hover := ""
	if g.hover.node >= 0 {
		hover = sim.NodeName(g.hover.node)
	}
	st := state.State{
		V: shown.V, Nodes: shown.Nodes, Seed: shown.Seed, Assign: shown.Assign.String(), Step: shown.Step,
		Theme: g.paletteTheme.String(), Lang: lang.Current(), Mode: mode.Name(),
		Frames: g.timing.frames, Notices: g.notices.list, Query: link.Query(g.model.Views, shown),
		Lesson: state.Lesson{Revealed: g.model.Lesson.Revealed, Choice: g.model.Lesson.Choice, Typed: g.model.Lesson.Typed,
			Concealed: g.model.Concealed(), Text: g.model.LessonText(shown, g.withRows())},
		Display: state.Display{AverageView: g.model.AverageView, Chart: shown.Chart.String(), Overlay: shown.Overlay.String(),
			Help: g.model.ShowHelp, HoverNode: hover, Tooltip: g.hover.text, Fullscreen: ebiten.IsFullscreen(),
			Embed: shown.Embed, Zoom: g.zoomed.zoom, Layout: g.layout.Name, Page: g.shownPage(), TextPx: g.smallestTextCSS(), Focus: g.focus.name, Keys: state.KeyList(g.model.Views)},
		Timing: state.Timing{SimMillis: millis(g.timing.sim), UpdateMillis: millis(g.timing.update), DrawMillis: millis(g.timing.draw),
			GoMillisP50: p50, GoMillisP95: p95, GoMillisMax: most, ChangedFrames: g.timing.changedN, DrawnFrames: g.quiet.drawn},
	}
	for _, o := range g.rows.currentOverlays(shown) {
		st.Display.Overlays = append(st.Display.Overlays, o.Label)
	}
	if g.job != nil {
		st.Working, st.Progress = true, g.job.progress()
	}
	if g.result == nil {
		return st // nothing is shown before the first result
	}
	r := g.result.Sim()
	st.Assign = r.Params.Assign.String()
	st.Imbalance, st.CV, st.Busiest = r.Ring.Stats.Imbalance, r.Ring.Stats.CV, sim.NodeName(r.Ring.Stats.Busiest)
	st.AvgImbalance, st.AvgCV, st.Ranked = r.Average.Imbalance, r.Average.CV, r.RankedShares
	st.Loads = make([]float64, r.Ring.Nodes)
	for i := range st.Loads {
		st.Loads[i] = r.Ring.Share(i)
	}
	st.Colors = make([]string, shownRingOf(g.result).Nodes) // the newcomer of a join too
	for i := range st.Colors {
		c := g.scene.Palette().NodeColor(i)
		st.Colors[i] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	st.ViewID, st.View = shown.View.ID(), view.StateOf(g.withRows())
	return st
}

// RunText runs the app without its picture, in a host that cannot draw
// it (Host.WithoutPicture): the host's own text version of the app shows
// it, with its controls working and its figures following. The
// simulation needs no graphics. It never returns.
func (g *Game) RunText() {
	for {
		g.host.RunFrame(g.textUpdate)
		time.Sleep(textTick)
	}
}

// textTick is how often the text version takes the host's intents and
// the background work's results.
const textTick = 50 * time.Millisecond

// textUpdate is Update without a screen: the host's intents, the work
// they ask for, and the host's text after it.
func (g *Game) textUpdate() {
	g.host.Sync(hostView{g})
	for _, in := range g.intents {
		if in.Action != view.ActionFullscreen {
			g.model.Apply(in)
		}
	}
	g.intents = g.intents[:0]
	g.bringUpToDate()
	g.followLanguage()
	g.notices.expire(g.model.Want)
}
