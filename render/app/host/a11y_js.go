//go:build js

package host

import (
	"fmt"
	"html"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// The canvas is a picture to a screen reader, so the page also holds a
// plain HTML twin of it: a heading, a summary of what is on screen, a
// region that announces each result once it settles, native controls that
// move the same settings as the canvas (both ways), the lesson card's text
// and choices, and the loads as a table. It is hidden from sight until it
// has the keyboard (Tab reaches it after the canvas), and then shows as a
// panel with a visible focus ring (page.css, #a11y).
type a11yDoc struct {
	root, summary, live, lesson, choices, table js.Value
	exercise                                    js.Value // the exercise's table: means by V
	exerciseFor                                 []sim.Row
	textOnly                                    string // why there is no picture: the text is the page
	v, n, seed, assign, mode                    js.Value
	own                                         js.Value // the shown view's own controls
	ownGen                                      int      // the generation of them it holds (see viewControls)
	lessonButton, reveal, back                  js.Value
	intents                                     []view.Intent // asked for on the page, for the next Update

	shownKey    a11yKey       // what the text was last written for…
	keyed       bool          // …once it has been
	syncedWant  view.Settings // what the controls were last set to…
	syncedAt    time.Time     // …and when
	announced   string        // the last announcement
	changedAt   time.Time     // when the summary last changed: announce once it settles
	pendingNote string
	rows        tableRows // the loads table being filled
	lang        string    // the language the page was built in
}

// tableRows fills the loads table a slice of rows per chores run: a
// thousand rows written at once were a task of about 200 ms in a browser
// without a GPU, a second after a large result.
type tableRows struct {
	body   js.Value      // the table's tbody
	of     view.Settings // the result the rows describe
	next   int           // the next row to write; -1: none left
	ranges []int         // each node's ranges
}

// rowsPerRun bounds each chores run's share of the table.
const rowsPerRun = 100

var a11y a11yDoc

// a11yKey is what the page's text says: while it stays the same the text
// is not written again.
type a11yKey struct {
	shown   view.Settings
	lesson  lesson.Progress
	average bool
	working bool
	loads   int
}

// resyncControls: the page's controls are set again this often even when
// the settings have not changed, so one left holding a refused value
// shows the real one again soon after it loses focus.
const resyncControls = 500 * time.Millisecond

// rewriteEvery: while the figures change every frame (a drag), the page's
// text is rewritten at most this often; it always ends on the last figures.
const rewriteEvery = 250 * time.Millisecond

// announceDelay: a drag changes the figures every frame; the live region
// speaks once they have stayed put this long.
const announceDelay = 700 * time.Millisecond

func el(tag string, attrs ...string) js.Value {
	e := js.Global().Get("document").Call("createElement", tag)
	for i := 0; i+1 < len(attrs); i += 2 {
		e.Call("setAttribute", attrs[i], attrs[i+1])
	}
	return e
}

func appendTo(parent js.Value, kids ...js.Value) {
	for _, k := range kids {
		parent.Call("appendChild", k)
	}
}

// labelled is control after its label, text (already translated).
func labelled(text string, control js.Value) js.Value {
	l := el("label")
	l.Set("textContent", text+" ")
	appendTo(l, control)
	return l
}

// on runs f on the element's event; f's intent goes to the next Update.
func on(e js.Value, event string, f func(js.Value) (view.Intent, bool)) {
	e.Call("addEventListener", event, js.FuncOf(func(this js.Value, _ []js.Value) any {
		if in, ok := f(this); ok {
			a11y.intents = append(a11y.intents, in)
		}
		return nil
	}))
}

func intValue(e js.Value) int {
	n, _ := strconv.Atoi(e.Get("value").String())
	return n
}

// installed reports whether install has built the page yet.
func (d *a11yDoc) installed() bool { return d.root.Truthy() }

// install builds the page's text version; textOnly is why there is no
// picture, if there is none.
func (d *a11yDoc) install(views *view.Registry, textOnly string) {
	doc := js.Global().Get("document")
	d.textOnly = textOnly
	d.lang = lang.Current()
	d.root = el("section", "id", "a11y", "lang", d.lang, "aria-label", lang.T("vnodes, described in text"))
	doc.Get("documentElement").Set("lang", d.lang) // the page's too: a screen reader reads it in that language
	appendTo(doc.Get("body"), d.root)
	h := el("h1")
	h.Set("textContent", lang.T("vnodes: how virtual nodes even out the load on a hash ring"))
	appendTo(d.root, h)
	if d.textOnly != "" {
		d.root.Get("classList").Call("add", "text-only")
		why := el("p", "id", "a11y-why", "role", "note")
		why.Set("textContent", lang.Sprintf("The picture cannot be drawn here: %s. This is the same app in words: "+
			"its controls work and its figures follow, worked out exactly as in the picture. A browser with WebGL (graphics acceleration on, or another browser) shows the picture.",
			lang.T(d.textOnly)))
		appendTo(d.root, why)
	}
	d.summary = el("p", "id", "a11y-summary")
	d.live = el("p", "id", "a11y-live", "aria-live", "polite", "role", "status")
	appendTo(d.root, d.summary, d.live)

	controls := el("fieldset")
	legend := el("legend")
	legend.Set("textContent", lang.T("Settings"))
	d.v = el("input", "id", "a11y-v", "type", "range", "min", "1", "max", fmt.Sprint(view.MaxSliderV), "step", "1")
	on(d.v, "input", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionSetV, Value: intValue(e)}, true
	})
	d.n = el("input", "id", "a11y-n", "type", "number", "min", fmt.Sprint(view.MinNodes), "max", fmt.Sprint(view.MaxNodes))
	on(d.n, "change", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionSetNodes, Value: intValue(e)}, true
	})
	d.seed = el("select", "id", "a11y-seed")
	for s := range view.Seeds {
		o := el("option", "value", fmt.Sprint(s))
		o.Set("textContent", lang.Sprintf("seed %d", s))
		appendTo(d.seed, o)
	}
	on(d.seed, "change", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionSeed, Value: intValue(e)}, true
	})
	d.assign = el("select", "id", "a11y-assign")
	for _, a := range []sim.Assignment{sim.RoundRobin, sim.Random} {
		o := el("option", "value", fmt.Sprint(int(a)))
		o.Set("textContent", panel.AssignLabel(a))
		appendTo(d.assign, o)
	}
	on(d.assign, "change", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionSetAssign, Value: intValue(e)}, true
	})
	d.mode = el("select", "id", "a11y-mode")
	for i, v := range views.Views() {
		o := el("option", "value", fmt.Sprint(i))
		o.Set("textContent", lang.T(v.Name()))
		appendTo(d.mode, o)
	}
	on(d.mode, "change", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionMode, Value: intValue(e)}, true
	})
	language := el("select", "id", "a11y-lang")
	for _, k := range lang.Known {
		o := el("option", "value", k.Tag, "lang", k.Tag) // each name in its own language, read as such
		o.Set("textContent", k.Name)
		if k.Tag == d.lang {
			o.Set("selected", true)
		}
		appendTo(language, o)
	}
	on(language, "change", func(e js.Value) (view.Intent, bool) {
		return view.Intent{Action: view.ActionLanguage, Text: e.Get("value").String()}, true
	})
	appendTo(controls, legend, labelled(lang.T("Ranges per node"), d.v), labelled(lang.T("Nodes"), d.n),
		labelled(lang.T("Ring of"), d.seed), labelled(lang.T("Assignment"), d.assign), labelled(lang.T("View"), d.mode),
		labelled(lang.T("Language"), language))
	d.own = el("div", "id", "a11y-view-controls")
	appendTo(controls, d.own)

	lesson := el("fieldset")
	ll := el("legend")
	ll.Set("textContent", lang.T("Guided lesson"))
	d.lessonButton = el("button", "id", "a11y-lesson-toggle", "type", "button")
	on(d.lessonButton, "click", func(js.Value) (view.Intent, bool) { return view.Intent{Action: view.ActionLesson}, true })
	d.lesson = el("p", "id", "a11y-lesson")
	d.choices = el("div", "role", "radiogroup", "aria-label", lang.T("Your prediction"))
	d.back = el("button", "type", "button")
	d.back.Set("textContent", lang.T("back"))
	on(d.back, "click", func(js.Value) (view.Intent, bool) { return view.Intent{Action: view.ActionStepBack}, true })
	d.reveal = el("button", "id", "a11y-lesson-next", "type", "button")
	on(d.reveal, "click", func(js.Value) (view.Intent, bool) { return view.Intent{Action: view.ActionAdvance}, true })
	appendTo(lesson, ll, d.lessonButton, d.lesson, d.choices, d.back, d.reveal)

	d.table = el("table", "id", "a11y-loads")
	d.exercise = el("table", "id", "a11y-exercise")
	appendTo(d.root, controls, lesson, d.table, d.exercise)
}

// rebuild builds the page again in the current language, keeping why
// there is no picture and the intents not yet handed over; its text
// follows at the next update.
func (d *a11yDoc) rebuild(views *view.Registry) {
	d.root.Call("remove")
	why := d.textOnly
	*d = a11yDoc{intents: d.intents}
	d.install(views, why)
}

// fillExercise writes the exercise's table (the 20-seed means by V for
// the shown N and assignment) once its rows are in.
func (d *a11yDoc) fillExercise(s Showing) {
	rows := s.Exercise
	if len(rows) == 0 || (len(rows) == len(d.exerciseFor) && &rows[0] == &d.exerciseFor[0]) {
		return
	}
	d.exerciseFor = rows
	var b strings.Builder
	fmt.Fprintf(&b, "<caption>%s</caption>", html.EscapeString(lang.Sprintf("The exercise's table: %s, %s, means of seeds 0–%d",
		panel.Nodes(s.Shown.Nodes), panel.AssignLabel(s.Shown.Assign), view.Seeds-1)))
	fmt.Fprintf(&b, "<thead><tr><th scope=col>V</th><th scope=col>%s</th><th scope=col>CV</th></tr></thead><tbody>",
		html.EscapeString(lang.T("busiest node over the mean")))
	for _, r := range rows {
		fmt.Fprintf(&b, "<tr><td>%d</td><td>%s</td><td>%s</td></tr>", r.V, lang.Float(r.Imbalance, 'f', 3), lang.Float(r.CV, 'f', 3))
	}
	b.WriteString("</tbody>")
	d.exercise.Set("innerHTML", b.String())
}

// rangesText is the slider's value in words.
func rangesText(v int) string {
	if v == 1 {
		return lang.T("1 range per node")
	}
	return lang.Count(v, "%d range per node", "%d ranges per node")
}

// update writes what is on screen into the page, when it changed.
func (d *a11yDoc) update(s Showing) {
	m := s.Model
	want, shown := m.Want, s.Shown
	d.fillRows(s)
	d.fillExercise(s)
	if s.ControlsGen != d.ownGen {
		d.ownGen = s.ControlsGen
		d.fillOwn(want.View, s.Controls)
	}
	setValue := func(e js.Value, v string) {
		if e.Get("value").String() != v && !e.Equal(js.Global().Get("document").Get("activeElement")) {
			e.Set("value", v)
		}
	}
	// Each control set is a few calls into JavaScript: only those whose
	// setting changed, and all of them now and then.
	resync := time.Since(d.syncedAt) >= resyncControls
	if was := d.syncedWant; want != was || resync {
		if resync {
			d.syncedAt = time.Now()
		}
		d.syncedWant = want
		if resync || want.V != was.V {
			setValue(d.v, fmt.Sprint(min(want.V, view.MaxSliderV)))
			d.v.Call("setAttribute", "aria-valuetext", rangesText(want.V))
		}
		if resync || want.Nodes != was.Nodes {
			setValue(d.n, fmt.Sprint(want.Nodes))
		}
		if resync || want.Seed != was.Seed {
			setValue(d.seed, fmt.Sprint(want.Seed))
		}
		if resync || want.Assign != was.Assign {
			setValue(d.assign, fmt.Sprint(int(want.Assign)))
		}
		if resync || want.View != was.View {
			setValue(d.mode, fmt.Sprint(m.Views.Index(want.View)))
		}
	}

	nodes := 0
	if s.Result != nil {
		nodes = s.Result.Sim().Ring.Nodes
	}
	key := a11yKey{shown, m.Lesson, m.AverageView, s.Working, nodes}
	if d.keyed && key != d.shownKey && time.Since(d.changedAt) < rewriteEvery {
		return // mid-drag: the page's text follows a few times a second, not every frame
	}
	if d.keyed && key == d.shownKey {
		if d.pendingNote != "" && time.Since(d.changedAt) >= announceDelay {
			if d.pendingNote != d.announced {
				d.live.Set("textContent", d.pendingNote)
				d.announced = d.pendingNote
			}
			d.pendingNote = ""
			d.fillTable(s) // up to a thousand rows: once the figures have settled
		}
		return
	}
	d.shownKey, d.keyed, d.changedAt = key, true, time.Now()
	if s.Result == nil {
		d.summary.Set("textContent", lang.T("Working out the first ring…"))
		return
	}
	summary, note := view.DescribeOf(s.Result)
	if s.Working {
		summary += " " + lang.T("Working out new settings…")
	}
	d.summary.Set("textContent", summary)
	d.pendingNote = note

	// The lesson card.
	if want.Step > 0 {
		d.lessonButton.Set("textContent", lang.T("leave the lesson"))
	} else {
		d.lessonButton.Set("textContent", lang.T("start the guided lesson"))
	}
	d.lesson.Set("textContent", lang.T(m.LessonText(shown, s.Result)))
	d.choices.Set("innerHTML", "")
	d.reveal.Set("hidden", want.Step == 0)
	d.back.Set("hidden", want.Step == 0)
	if want.Step > 0 {
		step := lesson.Of(m.Views)[want.Step-1]
		if m.Lesson.Revealed {
			d.reveal.Set("textContent", lang.T("next step"))
		} else {
			d.reveal.Set("textContent", lang.T("reveal the answer"))
		}
		if !m.Lesson.Revealed {
			for i, c := range step.Choices {
				in := el("input", "type", "radio", "name", "a11y-choice", "value", fmt.Sprint(i), "id", fmt.Sprintf("a11y-choice-%d", i))
				in.Set("checked", i == m.Lesson.Choice)
				on(in, "change", func(e js.Value) (view.Intent, bool) {
					return view.Intent{Action: view.ActionChoose, Value: intValue(e)}, true
				})
				appendTo(d.choices, labelled(lang.T(c), in))
			}
		}
	}
}

// fillOwn writes the shown view's own controls as native ones: a select
// for each set of choices, a pair of buttons for each stepper, and the
// view's notes as text.
func (d *a11yDoc) fillOwn(v view.View, rows []view.Control) {
	d.own.Set("innerHTML", "")
	if len(rows) == 0 {
		return
	}
	group := el("fieldset")
	legend := el("legend")
	legend.Set("textContent", lang.T(v.Name()))
	appendTo(group, legend)
	text := func(s string) {
		p := el("p")
		p.Set("textContent", lang.T(s))
		appendTo(group, p)
	}
	button := func(label, name string, in view.Intent) js.Value {
		b := el("button", "type", "button", "id", "a11y-"+name)
		b.Set("textContent", lang.T(label))
		on(b, "click", func(js.Value) (view.Intent, bool) { return in, true })
		return b
	}
	for _, ctl := range rows {
		switch {
		case len(ctl.Choices) > 0:
			sel := el("select", "id", "a11y-"+ctl.Choices[0].Name)
			for i, ch := range ctl.Choices {
				o := el("option", "value", fmt.Sprint(i))
				o.Set("textContent", lang.T(ch.Label))
				o.Set("selected", ch.On)
				appendTo(sel, o)
			}
			choices := ctl.Choices
			on(sel, "change", func(e js.Value) (view.Intent, bool) {
				i := intValue(e)
				if i < 0 || i >= len(choices) {
					return view.Intent{}, false
				}
				return choices[i].Intent, true
			})
			appendTo(group, labelled(lang.T(ctl.Label), sel))
		case len(ctl.Knobs) > 0:
			for _, k := range ctl.Knobs {
				down, up := k.Intent, k.Intent
				down.Value, up.Value = -1, +1
				p := el("p")
				p.Set("textContent", lang.Sprintf("%s: %s", lang.T(k.Label), lang.T(k.Value))+" ")
				appendTo(p, button(lang.T("less"), k.Name+"Minus", down), button(lang.T("more"), k.Name+"Plus", up))
				appendTo(group, p)
			}
		case ctl.Button != nil:
			text(ctl.Note)
			appendTo(group, button(ctl.Button.Label, ctl.Button.Name, ctl.Button.Intent))
		case ctl.Note != "":
			text(ctl.Note)
		case ctl.Text != "":
			text(ctl.Text)
		}
	}
	appendTo(d.own, group)
}

// fillTable lists every node's load, as the bars show it.
func (d *a11yDoc) fillTable(s Showing) {
	if s.Result == nil {
		return
	}
	r := &s.Result.Sim().Ring
	d.table.Set("innerHTML", fmt.Sprintf("<caption>%s</caption><thead><tr><th scope=col>%s</th>"+
		"<th scope=col>%s</th><th scope=col>%s</th><th scope=col>%s</th></tr></thead><tbody></tbody>",
		html.EscapeString(lang.Sprintf("Load per node, seed %d", r.Seed)), html.EscapeString(lang.T("Node")),
		html.EscapeString(lang.T("Ranges")), html.EscapeString(lang.T("Share of the ring")), html.EscapeString(lang.T("Fair shares"))))
	ranges := make([]int, r.Nodes) // V each, or V·w for a node of size w
	for _, o := range r.Owners {
		if int(o) < len(ranges) {
			ranges[o]++
		}
	}
	d.rows = tableRows{body: d.table.Call("querySelector", "tbody"), of: s.Shown, ranges: ranges}
	d.fillRows(s)
}

// fillRows writes the next rows of the loads table, if the result they
// describe is still the one shown (a new one fills it afresh once it
// settles).
func (d *a11yDoc) fillRows(s Showing) {
	if d.rows.next < 0 || !d.rows.body.Truthy() || s.Result == nil {
		return
	}
	r := &s.Result.Sim().Ring
	if s.Shown != d.rows.of || d.rows.next >= len(r.Loads) {
		d.rows.next = -1
		return
	}
	var b strings.Builder
	end := min(d.rows.next+rowsPerRun, len(r.Loads))
	for i := d.rows.next; i < end; i++ {
		share := r.Share(i)
		fmt.Fprintf(&b, "<tr><th scope=row>%s</th><td>%d</td><td>%s</td><td>%s</td></tr>",
			sim.NodeName(i), d.rows.ranges[i], html.EscapeString(lang.Sprintf("%.1f%%", 100*share/float64(r.Nodes))), lang.Float(share, 'f', 2))
	}
	d.rows.body.Call("insertAdjacentHTML", "beforeend", b.String())
	d.rows.next = end
}
