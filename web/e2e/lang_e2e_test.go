//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/sim"
)

// Each language's link opens the app in it: the state and the text
// version's lang attribute say so, and the summary writes sim's 20-seed
// busiest / mean with the language's decimal comma (1,378), in words that
// are not the English ones.
func TestEachLanguageLinkOpensTheAppInIt(t *testing.T) {
	res, err := sim.Run(sim.Params{Nodes: 10, V: 16, Seeds: view.Seeds, Seed: 0, Assign: sim.RoundRobin})
	if err != nil {
		t.Fatal(err)
	}
	english := fmt.Sprintf("%.3f", res.Average.Imbalance)
	comma := strings.Replace(english, ".", ",", 1)
	en := openApp(t, "?v=16")
	en.settle()
	englishSummary := en.text("#a11y-summary")
	if !strings.Contains(englishSummary, english) {
		t.Fatalf("the English summary %q lacks %s", englishSummary, english)
	}
	for _, tag := range []string{"es", "de", "fr", "pt-BR"} {
		p := openApp(t, "?lang="+tag+"&v=16")
		p.waitFor(fmt.Sprintf(`window.vnodes.state().lang === %q`, tag))
		p.settle()
		summary := p.text("#a11y-summary")
		if !strings.Contains(summary, comma) || strings.Contains(summary, english) {
			t.Errorf("%s: the summary %q should write %s, not %s", tag, summary, comma, english)
		}
		if words(summary) == words(englishSummary) {
			t.Errorf("%s: the summary is still in English: %q", tag, summary)
		}
		var attr, page string
		p.run(chromedp.Evaluate(`document.getElementById("a11y").lang`, &attr), chromedp.Evaluate(`document.documentElement.lang`, &page))
		if attr != tag || page != tag {
			t.Errorf("%s: the text version's lang is %q and the page's %q", tag, attr, page)
		}
		shoot(t, p, "lang-"+tag+".png")
	}
}

// A language the app does not have falls back to the browser's (English
// here) with a notice that names the ones it has.
func TestAnUnknownLanguageFallsBackWithANotice(t *testing.T) {
	p := openApp(t, "?lang=tlh&v=4")
	s := p.state()
	if s.Lang != "en" || s.V != 4 {
		t.Errorf("lang=tlh: language %q, V %d; want English and V 4", s.Lang, s.V)
	}
	if !strings.Contains(strings.Join(s.Notices, " | "), `lang="tlh"`) || !strings.Contains(strings.Join(s.Notices, " | "), "pt-BR") {
		t.Errorf("notices %q should say lang=tlh is not one of the app's languages and name them", s.Notices)
	}
}

// The globe button goes to the next language at once, and the link
// follows, so that a teacher can share it.
func TestTheGlobeChangesTheLanguageAndTheLink(t *testing.T) {
	p := openApp(t, "?v=16")
	p.click("language")
	p.waitFor(`window.vnodes.state().lang === "es"`)
	p.waitFor(`location.search.includes("lang=es")`)
	p.settle()
	if s := p.text("#a11y-summary"); !strings.Contains(s, "1,") {
		t.Errorf("after the globe, the summary is %q", s)
	}
	p.click("language")
	p.waitFor(`window.vnodes.state().lang === "de"`)
	p.waitFor(`location.search.includes("lang=de")`)
}

// With no lang in the link, the browser's preferred languages choose.
func TestTheBrowsersLanguageIsTheDefault(t *testing.T) {
	p := openAppWithActions(t, "?v=16", emulation.SetUserAgentOverride("Mozilla/5.0 vnodes-test").WithAcceptLanguage("it-IT,fr-CA,en"))
	p.waitFor(`window.vnodes.state().lang === "fr"`)
	var search string
	p.run(chromedp.Evaluate(`location.search`, &search))
	if strings.Contains(search, "lang=") {
		t.Errorf("a language taken from the browser should stay out of the link: %q", search)
	}
}

// words is s without its digits and marks: what is left of a sentence
// when the numbers are set aside.
func words(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '.' || r == ',' {
			return -1
		}
		return r
	}, s)
}

// text is the text content of the element sel selects.
func (p *page) text(sel string) string {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s))
	return s
}
