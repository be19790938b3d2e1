package app

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
)

// WindowTitle is the window's (or the browser tab's) title, in the
// current language.
func WindowTitle() string { return lang.T("vnodes: virtual nodes even out a hash ring") }

// wantedLanguage is the language settings s show.
func (g *Game) wantedLanguage(s view.Settings) string {
	if s.Lang != "" {
		return s.Lang
	}
	return g.ambient
}

// languageSwitch loads a language asked for in the background (in a
// browser, its catalog is fetched the first time), and switches to it
// when it is there; the frames go on meanwhile.
type languageSwitch struct {
	loading string            // the language being loaded, or ""
	done    chan languageLoad // its outcome
}

type languageLoad struct {
	tag string
	err error
}

// followLanguage shows the language the settings ask for, loading it
// first if need be. A catalog that cannot be had leaves the language as it
// was, with a notice.
func (g *Game) followLanguage() {
	select {
	case r := <-g.language.done:
		g.language.loading = ""
		if r.err != nil {
			was := lang.Current()
			g.model.Want.Lang = was
			if was == g.ambient {
				g.model.Want.Lang = ""
			}
			g.say(lang.Sprintf("%s could not be loaded (%v): still in %s", lang.Name(r.tag), r.err, lang.Name(was)))
			return
		}
	default:
	}
	want := g.wantedLanguage(g.model.Want)
	if want == lang.Current() || g.language.loading != "" {
		return
	}
	if lang.Use(want) {
		return
	}
	if g.language.done == nil {
		g.language.done = make(chan languageLoad, 1)
	}
	g.language.loading = want
	go func() { g.language.done <- languageLoad{want, lang.Load(want)} }()
}
