//go:build !js

package lang_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"vnodes/assets/lang"
	"vnodes/assets/lang/internal/extract"
	_ "vnodes/render/views" // the views' own texts, parts of each catalog
)

// use switches to tag for one test.
func use(t *testing.T, tag string) {
	t.Helper()
	if err := lang.Load(tag); err != nil {
		t.Fatal(err)
	}
	if !lang.Use(tag) {
		t.Fatalf("Use(%q) refused a loaded catalog", tag)
	}
	t.Cleanup(func() { lang.Use(lang.English) })
}

// Every language the picker offers has its catalog, and every catalog
// is offered: a language is its file and its line in Known.
func TestEveryKnownLanguageHasItsCatalog(t *testing.T) {
	var files []string
	for _, f := range lang.Files() {
		files = append(files, strings.TrimSuffix(f, ".json"))
	}
	var known []string
	for _, k := range lang.Known[1:] {
		known = append(known, k.Tag)
	}
	slices.Sort(files)
	slices.Sort(known)
	if !slices.Equal(files, known) {
		t.Fatalf("catalog files %v, but Known offers %v (English needs no file)", files, known)
	}
	for _, tag := range known {
		if err := lang.Load(tag); err != nil {
			t.Errorf("%s: %v", tag, err)
		}
		for en, tr := range catalog(t, tag).Text { // the browser's loader separates texts with NUL
			if strings.ContainsRune(en+tr, 0) {
				t.Errorf("%s: %q holds a NUL", tag, en)
			}
		}
	}
}

// Every text the code shows is translated in every catalog, with the same
// formatting verbs and line breaks, and no catalog keeps texts the code no
// longer uses. `go run ./assets/lang/internal/sync` adds the missing ones.
func TestEveryCatalogTranslatesEveryText(t *testing.T) {
	msgs, err := extract.Messages(filepath.Join("..", ".."), lang.SourceDirs...)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) < 300 {
		t.Fatalf("only %d texts found in the code: the extractor has lost its way", len(msgs))
	}
	used := map[string]bool{}
	for _, m := range msgs {
		used[m.Text] = true
	}
	for _, f := range lang.Files() {
		tag := strings.TrimSuffix(f, ".json")
		c := catalog(t, tag)
		var missing, badVerbs, badLines, stale []string
		for _, m := range msgs {
			tr := c.Text[m.Text] // may equal the English ("token" in Spanish), but must be written
			if tr == "" {
				if !sameInEveryLanguage(m.Text) {
					missing = append(missing, m.Text+"  ("+m.Where+")")
				}
				continue
			}
			if want, got := extract.Verbs(m.Text), extract.Verbs(tr); !mapsEqual(want, got) {
				badVerbs = append(badVerbs, m.Text+" → "+tr)
			}
			if strings.Count(m.Text, "\n") != strings.Count(tr, "\n") {
				badLines = append(badLines, m.Text+" → "+tr)
			}
		}
		for k := range c.Text {
			if !used[k] {
				stale = append(stale, k)
			}
		}
		for _, list := range []struct {
			what string
			s    []string
		}{{"untranslated", missing}, {"with other formatting verbs", badVerbs}, {"with other line breaks", badLines}, {"no longer used by the code", stale}} {
			if len(list.s) > 0 {
				t.Errorf("%s: %d texts %s, e.g.\n  %s", tag, len(list.s), list.what, strings.Join(list.s[:min(len(list.s), 8)], "\n  "))
			}
		}
	}
}

// A text that only one view's folder uses is translated in that folder's
// catalogs, beside the view's code; the rest in assets/lang. (sync puts
// each where it belongs.)
func TestEveryTextLivesBesideItsView(t *testing.T) {
	msgs, err := extract.Messages(filepath.Join("..", ".."), lang.SourceDirs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range lang.Files() {
		where := map[string]string{} // text → the folder whose catalog holds it
		central, err := lang.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for en := range central.Text {
			where[en] = "assets/lang"
		}
		parts, _ := filepath.Glob(filepath.Join("..", "..", "render", "views", "*", "lang", name))
		if len(parts) == 0 {
			t.Fatalf("%s: no view has a catalog of its own", name)
		}
		for _, p := range parts {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			c, err := lang.Parse(strings.TrimSuffix(name, ".json"), data)
			if err != nil {
				t.Fatal(err)
			}
			home := filepath.ToSlash(filepath.Dir(filepath.Dir(strings.TrimPrefix(p, filepath.Join("..", "..")+string(filepath.Separator)))))
			for en := range c.Text {
				if other, dup := where[en]; dup {
					t.Errorf("%s: %q is in %s and in %s", name, en, other, home)
				}
				where[en] = home
			}
		}
		for _, m := range msgs {
			if got, want := where[m.Text], extract.Home(m); got != want {
				t.Errorf("%s: %q is in %s's catalog, want %s's (used in %s): run go run ./assets/lang/internal/sync", name, m.Text, got, want, strings.Join(m.Files, ", "))
			}
		}
	}
}

// sameInEveryLanguage: texts made only of numbers, symbols and verbs
// (such as "%.3f" or "×") may stay as they are.
func sameInEveryLanguage(s string) bool {
	letters := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) {
			i++
			for i < len(s) && strings.IndexByte("+-# 0123456789.*[]", s[i]) >= 0 {
				i++
			}
			continue
		}
		if c := s[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			letters++
		}
	}
	return letters <= 2
}

func mapsEqual(a, b map[int]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func catalog(t *testing.T, tag string) *lang.Catalog {
	t.Helper()
	c, err := lang.Whole(tag)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestMatchFindsTheLanguageInAnyRegionAndSpelling(t *testing.T) {
	for asked, want := range map[string]string{
		"es": "es", "ES": "es", "es-MX": "es", "de-AT": "de", "fr_CA": "fr", "pt-BR": "pt-BR", "pt-br": "pt-BR",
		"pt": "pt-BR", "pt-PT": "pt-BR", "en-GB": "en", " de ": "de",
	} {
		if got, ok := lang.Match(asked); !ok || got != want {
			t.Errorf("Match(%q) = %q, %v; want %q", asked, got, ok, want)
		}
	}
	for _, asked := range []string{"", "xx", "klingon", "-"} {
		if got, ok := lang.Match(asked); ok {
			t.Errorf("Match(%q) = %q, want no match", asked, got)
		}
	}
	if got := lang.Prefer([]string{"it-IT", "de-CH", "en"}); got != "de" {
		t.Errorf("Prefer(it, de-CH, en) = %q, want de (the first the app has)", got)
	}
	if got := lang.Prefer([]string{"ja"}); got != lang.English {
		t.Errorf("Prefer(ja) = %q, want English", got)
	}
}

func TestNumbersFollowTheLanguage(t *testing.T) {
	if got := lang.Sprintf("%.3f×", 1.378); got != "1.378×" {
		t.Errorf("English: %q", got)
	}
	use(t, "es")
	for _, c := range []struct{ got, want string }{
		{lang.Sprintf("%.3f×", 1.378), "1,378×"},
		{lang.Sprintf("%6.2f|%g|%d", 2.5, 0.125, 1000), "  2,50|0,125|1000"},
		{lang.Sprintf("%d claves, %d nodos, %5d", 20000, 1024, 20000), "20.000 claves, 1024 nodos, 20000"},
		{lang.Float(0.8461, 'f', 3), "0,846"},
		{lang.Int(20000), "20.000"},
		{lang.Int(-1234567), "-1.234.567"},
		{lang.Int(1378), "1378"},
		{lang.Int(999), "999"},
		{lang.Num("1,000.5"), "1.000,5"},
	} {
		if c.got != c.want {
			t.Errorf("es: got %q, want %q", c.got, c.want)
		}
	}
	use(t, "fr")
	if got := lang.Int(65537); got != "65\u00a0537" {
		t.Errorf("fr: Int(65537) = %q, want 65 537 with a no-break space", got)
	}
	use(t, "de")
	if got := lang.Sprintf("%d Schlüssel", 1000000); got != "1.000.000 Schlüssel" {
		t.Errorf("de: %%d of a million = %q", got)
	}
}

func TestPluralFollowsTheLanguage(t *testing.T) {
	if lang.Plural(0, "range", "ranges") != "ranges" || lang.Plural(1, "range", "ranges") != "range" {
		t.Error("English: 0 ranges, 1 range")
	}
	use(t, "fr")
	if got := lang.Plural(0, "node", "nodes"); got != lang.T("node") {
		t.Errorf("French: 0 takes the singular, got %q", got)
	}
	if got := lang.Plural(2, "node", "nodes"); got != lang.T("nodes") || got == "nodes" {
		t.Errorf("French: 2 takes the plural, translated; got %q", got)
	}
}

func TestAnUnloadedLanguageIsRefused(t *testing.T) {
	if lang.Use("xx") {
		t.Fatal("Use accepted a language with no catalog")
	}
	if lang.Current() != lang.English {
		t.Fatalf("the language changed to %q", lang.Current())
	}
	if err := lang.Load("xx"); err == nil {
		t.Fatal("Load found a catalog for xx")
	}
}

// glossaryTerms are the product's words that every catalog's glossary
// must translate: the words a teacher would put on the board.
var glossaryTerms = []string{"busiest", "fair share", "hot key", "key", "load", "mean", "node", "quorum", "range", "replica", "request", "ring", "seed", "token", "virtual node"}

// notTheTerm: texts where a term's word is a link value (ring, hot,
// nodes) or means something else (keyboard keys).
var notTheTerm = regexp.MustCompile(`is not |: ring, jump|^keys \?$`)

// Every catalog names its word for each term and keeps to it: a text that
// mentions a term uses one of the glossary's forms. A label shortened to
// fit may drop the word, so one text in ten may miss it; a language that
// says it another way throughout fails.
func TestEveryCatalogKeepsToItsGlossary(t *testing.T) {
	for _, f := range lang.Files() {
		tag := strings.TrimSuffix(f, ".json")
		c := catalog(t, tag)
		var have []string
		for term, forms := range c.Glossary {
			have = append(have, term)
			if len(forms) == 0 || slices.Contains(forms, "") {
				t.Errorf("%s: the glossary's %q has an empty form: %q", tag, term, forms)
			}
		}
		slices.Sort(have)
		if !slices.Equal(have, glossaryTerms) {
			t.Errorf("%s: the glossary has the terms %q, want %q", tag, have, glossaryTerms)
			continue
		}
		for _, term := range glossaryTerms {
			word := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(term) + `(s|es)?\b`)
			var mentions int
			var misses []string
			for en, tr := range c.Text {
				if notTheTerm.MatchString(en) || !word.MatchString(en) {
					continue
				}
				mentions++
				if !containsAnyFold(tr, c.Glossary[term]) {
					misses = append(misses, en+" → "+tr)
				}
			}
			if mentions == 0 {
				t.Errorf("no text mentions %q: the glossary's term list is stale", term)
			}
			if len(misses)*10 > mentions {
				slices.Sort(misses)
				t.Errorf("%s: %d of %d texts that mention %q use none of %q:\n  %s", tag, len(misses), mentions, term, c.Glossary[term], strings.Join(misses, "\n  "))
			}
		}
	}
}

func containsAnyFold(s string, forms []string) bool {
	s = strings.ToLower(s)
	for _, f := range forms {
		if strings.Contains(s, strings.ToLower(f)) {
			return true
		}
	}
	return false
}

// countedNoun is a whole number followed by one of the things the app
// counts, maybe with a word between: "%d nodes", "%d heaviest keys".
var countedNoun = regexp.MustCompile(`%d (\w+ )?(nodes?|ranges?|keys?|sub-keys?|seeds?|copy|copies|tokens?|replicas?|ways?|sets?|peers?|others?|steps?|shares?|pieces?|rows?|pairs?)\b`)

// A count and its noun agree in every language ("1 node", "2 nodes";
// French and Portuguese say 0 in the singular too): every text that
// counts something is a form lang.Plural chooses by that count, and
// counts one thing (a text with two counts is two texts).
func TestEveryCountGoesThroughThePluralRule(t *testing.T) {
	msgs, err := extract.Messages(filepath.Join("..", ".."), lang.SourceDirs...)
	if err != nil {
		t.Fatal(err)
	}
	var bare, twice []string
	for _, m := range msgs {
		switch n := len(countedNoun.FindAllString(m.Text, -1)); {
		case n > 1:
			twice = append(twice, m.Text+"  ("+m.Where+")")
		case n == 1 && !m.Counted:
			bare = append(bare, m.Text+"  ("+m.Where+")")
		}
	}
	if len(bare) > 0 {
		t.Errorf("%d texts count something outside lang.Plural, e.g.\n  %s", len(bare), strings.Join(bare[:min(len(bare), 60)], "\n  "))
	}
	if len(twice) > 0 {
		t.Errorf("%d texts count two things, e.g.\n  %s", len(twice), strings.Join(twice[:min(len(twice), 60)], "\n  "))
	}
}

// percentAfterNumber is a number, or a verb that writes one, then the
// space before a percent sign, if any, then the sign.
var percentAfterNumber = regexp.MustCompile(`(\d|%[-+# 0]*\d*(?:\.\d+)?[dfgv])([ \x{a0}\x{202f}]?)(%%|%)`)

// A percentage is written each language's way (CLDR): German, Spanish
// and French put a no-break space between the number and the sign, so
// that a line never breaks inside "12 %"; Brazilian Portuguese, like
// English, none.
func TestPercentSignsFollowTheLanguage(t *testing.T) {
	want := map[string]string{"de": "\u00a0", "es": "\u00a0", "fr": "\u00a0", "pt-BR": ""}
	for _, name := range lang.Files() {
		tag := strings.TrimSuffix(name, ".json")
		var wrong []string
		for en, tr := range catalog(t, tag).Text {
			for _, at := range percentAfterNumber.FindAllStringSubmatchIndex(tr, -1) {
				sign, space := tr[at[6]:at[7]], tr[at[4]:at[5]]
				if sign == "%" && isVerbAt(tr[at[7]:]) {
					continue // "%d %s": a verb, not a percent sign
				}
				if space != want[tag] {
					wrong = append(wrong, fmt.Sprintf("%q in %q (for %q)", tr[at[0]:at[1]], tr, en))
				}
			}
		}
		if len(wrong) > 0 {
			t.Errorf("%s: %d percentages spaced otherwise than %q, e.g.\n  %s", tag, len(wrong), want[tag], strings.Join(wrong[:min(len(wrong), 8)], "\n  "))
		}
	}
}

// isVerbAt reports whether what follows a % makes it a formatting verb.
func isVerbAt(rest string) bool {
	rest = strings.TrimLeft(rest, "-+# 0123456789.")
	return rest != "" && ('a' <= rest[0] && rest[0] <= 'z' || 'A' <= rest[0] && rest[0] <= 'Z')
}

// A note for translators at the start of a text tells two meanings apart;
// English shows the text without it, and no translation keeps it.
func TestTranslatorsNotesStayOffScreen(t *testing.T) {
	if got := lang.T("[token scheme] random"); got != "random" {
		t.Errorf("English shows %q", got)
	}
	for _, name := range lang.Files() {
		for en, tr := range catalog(t, strings.TrimSuffix(name, ".json")).Text {
			if strings.HasPrefix(en, "[") && strings.HasPrefix(tr, "[") {
				t.Errorf("%s: %q is translated with its note: %q", name, en, tr)
			}
		}
	}
}
