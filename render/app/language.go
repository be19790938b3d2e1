package app

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
)

// ambient is the language the reader's browser (or the desktop's locale)
// prefers among the app's: what a link without lang= shows.
var ambient = lang.English

// startLanguage sets the language before the settings are read, so that
// their notices and the first frame are in it: asked is what the link or
// the flags ask for (ok false for none the app has), prefs the browser's
// or the locale's languages. It returns a notice when a catalog could not
// be had and English is shown instead.
func startLanguage(asked string, ok bool, prefs []string) []string {
	ambient = lang.Prefer(prefs)
	tag := ambient
	if ok {
		tag = asked
	}
	if err := lang.Load(tag); err != nil {
		if tag == ambient {
			ambient = lang.English
		}
		lang.Use(lang.English)
		return []string{lang.Sprintf("%s could not be loaded (%v): showing English", lang.Name(tag), err)}
	}
	lang.Use(tag)
	return nil
}

// WindowTitle is the window's (or the browser tab's) title, in the
// current language.
func WindowTitle() string { return lang.T("vnodes: virtual nodes even out a hash ring") }

// wantedLanguage is the language settings s show.
func wantedLanguage(s view.Settings) string {
	if s.Lang != "" {
		return s.Lang
	}
	return ambient
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
			if was == ambient {
				g.model.Want.Lang = ""
			}
			g.say(lang.Sprintf("%s could not be loaded (%v): still in %s", lang.Name(r.tag), r.err, lang.Name(was)))
			return
		}
	default:
	}
	want := wantedLanguage(g.model.Want)
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
