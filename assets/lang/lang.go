// Package lang holds the app's languages: one catalog file each
// (es.json, de.json…, beside this file), the current language, and the
// few functions every user-visible string goes through.
//
//   - T translates a sentence or a label written in English in the code.
//   - Sprintf translates a format, then writes its numbers the language's
//     way (a decimal comma in Spanish: 1,378).
//   - Plural picks the singular or the plural by the language's rule.
//   - Num and Float write a number the language's way.
//
// A catalog maps each English text to its translation; a text it lacks
// stays in English. English is built in. The catalogs are embedded in the
// desktop program; the browser fetches only the one it needs (see
// load_js.go), so another language costs an English reader nothing.
//
// golang.org/x/text's message and language packages would do this and
// more, but add about 100 kB of brotli to the download (3.7 %, measured in
// BENCHMARKS.md): more than the 2 % that a library's help must cost at most
// before our own code stays.
package lang

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Info names one language: its tag (BCP 47, as in ?lang=) and its name in
// itself, as the picker shows it.
type Info struct {
	Tag, Name string
}

// Known are the languages the app has, English first. A new language is
// its catalog file and its line here; a test checks that the two agree.
var Known = []Info{
	{"en", "English"},
	{"es", "Español"},
	{"de", "Deutsch"},
	{"fr", "Français"},
	{"pt-BR", "Português (Brasil)"},
}

// English is the language of the code, and the fallback.
const English = "en"

// Catalog is one language's translations and number style.
type Catalog struct {
	Tag     string `json:"-"`
	Name    string `json:"name"`
	Decimal string `json:"decimal"` // the decimal mark: "." or ","
	Group   string `json:"group"`   // between groups of three digits: ",", "." or a no-break space
	Plural  string `json:"plural"`  // "1": only 1 is singular (en, es, de); "0,1": 0 and 1 are (fr, pt-BR)
	// Glossary gives, for each of the product's terms (node, range, fair
	// share…), the words a translation uses for it, preferred form first.
	// The app never reads it; the catalog test holds the texts to it.
	Glossary map[string][]string `json:"glossary,omitempty"`
	Text     map[string]string   `json:"messages"`
}

var english = &Catalog{Tag: English, Name: "English", Decimal: ".", Group: ",", Plural: "1"}

var (
	current atomic.Pointer[Catalog]
	mu      sync.Mutex
	loaded  = map[string]*Catalog{English: english}
)

func init() { current.Store(english) }

// Add makes c available to Use.
func Add(c *Catalog) {
	mu.Lock()
	defer mu.Unlock()
	loaded[c.Tag] = c
}

// Loaded reports whether tag's catalog is at hand.
func Loaded(tag string) bool {
	mu.Lock()
	defer mu.Unlock()
	return loaded[tag] != nil
}

// Use makes tag the current language; false if its catalog is not loaded
// (the language stays as it was).
func Use(tag string) bool {
	mu.Lock()
	c := loaded[tag]
	mu.Unlock()
	if c == nil {
		return false
	}
	current.Store(c)
	return true
}

// Current is the current language's tag.
func Current() string { return current.Load().Tag }

// Name is tag's name in itself ("Deutsch"), or tag if it is not known.
func Name(tag string) string {
	for _, k := range Known {
		if k.Tag == tag {
			return k.Name
		}
	}
	return tag
}

// Tags lists the known tags, English first.
func Tags() []string {
	out := make([]string, len(Known))
	for i, k := range Known {
		out[i] = k.Tag
	}
	return out
}

// Next is the language after tag in Known, for a picker that cycles.
func Next(tag string) string {
	i := slices.IndexFunc(Known, func(k Info) bool { return k.Tag == tag })
	return Known[(i+1)%len(Known)].Tag
}

// Match is the known tag for a language asked for as written in a link,
// a flag or a browser's list ("de-AT", "pt_br", "ES"): the same tag, or
// else the same language in another region. ok is false for none.
func Match(asked string) (tag string, ok bool) {
	a := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(asked), "_", "-"))
	if a == "" {
		return "", false
	}
	for _, k := range Known {
		if strings.ToLower(k.Tag) == a {
			return k.Tag, true
		}
	}
	base, _, _ := strings.Cut(a, "-")
	for _, k := range Known {
		kb, _, _ := strings.Cut(strings.ToLower(k.Tag), "-")
		if kb == base {
			return k.Tag, true
		}
	}
	return "", false
}

// Prefer is the first of a browser's preferred languages that the app
// has, or English.
func Prefer(prefs []string) string {
	for _, p := range prefs {
		if t, ok := Match(p); ok {
			return t
		}
	}
	return English
}

// T is s in the current language. A text may begin with a note for
// translators in brackets, to tell apart two meanings of the same English
// words ("[token scheme] random", which is masculine in Spanish where the
// assignment's "random" is feminine); English shows it without the note.
func T(s string) string {
	if t, ok := current.Load().Text[s]; ok && t != "" {
		return t
	}
	return withoutNote(s)
}

// withoutNote is s without a translators' note at its start.
func withoutNote(s string) string {
	if strings.HasPrefix(s, "[") {
		if _, rest, ok := strings.Cut(s, "] "); ok {
			return rest
		}
	}
	return s
}

// N marks s for translation without translating it, for text kept in
// variables and translated where it is shown (with T).
func N(s string) string { return s }

// Sprintf is fmt.Sprintf with the format translated and every number
// argument written the current language's way: floating-point ones with
// its decimal mark, whole ones printed with %d grouped by thousands from
// 10,000 up (see Int).
func Sprintf(format string, args ...any) string {
	c := current.Load()
	format = T(format)
	args = slices.Clone(args)
	for i, a := range args {
		switch x := a.(type) {
		case float64:
			args[i] = localFloat{x, c}
		case float32:
			args[i] = localFloat{float64(x), c}
		case int:
			args[i] = localInt{int64(x), c}
		case int64:
			args[i] = localInt{x, c}
		}
	}
	return fmt.Sprintf(format, args...)
}

// Plural is one or many, translated, by the current language's rule for n.
func Plural(n int, one, many string) string {
	if n == 1 || (n == 0 && current.Load().Plural == "0,1") {
		return T(one)
	}
	return T(many)
}

// Count is n written into the form of one and many that the current
// language's rule picks for it: Count(3, "%d node", "%d nodes").
func Count(n int, one, many string) string { return Sprintf(Plural(n, one, many), n) }

// Num rewrites a number written in English (3.737, 20,000) the current
// language's way.
func Num(s string) string {
	c := current.Load()
	if c.Decimal == "." && c.Group == "," {
		return s
	}
	return c.num(s)
}

// Float is strconv.FormatFloat, the current language's way.
func Float(x float64, format byte, prec int) string {
	return Num(strconv.FormatFloat(x, format, prec, 64))
}

// Int writes n the current language's way: grouped by thousands with its
// mark (20,000; 20.000; 20 000) from five digits up. Four digits stay
// whole (1024, as Spanish always writes them and teachers in the other
// languages commonly do), so that V and N read alike in every language.
func Int(n int) string { return current.Load().int(int64(n)) }

func (c *Catalog) int(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := len(strings.TrimPrefix(s, "-"))
	if digits < 5 {
		return s
	}
	g := c.Group
	if g == "" {
		g = ","
	}
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + g + s[i:]
	}
	return s
}

// localInt formats a whole number as fmt would; a plain %d groups it as
// Int does.
type localInt struct {
	n int64
	c *Catalog
}

func (l localInt) Format(f fmt.State, verb rune) {
	_, width := f.Width()
	_, prec := f.Precision()
	if verb != 'd' || width || prec || f.Flag('+') || f.Flag('-') || f.Flag('#') || f.Flag(' ') || f.Flag('0') {
		_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), l.n)
		return
	}
	_, _ = f.Write([]byte(l.c.int(l.n)))
}

// num swaps the English marks in a plain number for c's.
func (c *Catalog) num(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '.':
			b.WriteString(c.Decimal)
		case ',':
			b.WriteString(c.Group)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// localFloat formats a float as fmt would, then with c's decimal mark.
type localFloat struct {
	x float64
	c *Catalog
}

func (l localFloat) Format(f fmt.State, verb rune) {
	var spec strings.Builder
	spec.WriteByte('%')
	for _, flag := range "+-# 0" {
		if f.Flag(int(flag)) {
			spec.WriteRune(flag)
		}
	}
	if w, ok := f.Width(); ok {
		spec.WriteString(strconv.Itoa(w))
	}
	if p, ok := f.Precision(); ok {
		spec.WriteByte('.')
		spec.WriteString(strconv.Itoa(p))
	}
	spec.WriteRune(verb)
	s := fmt.Sprintf(spec.String(), l.x)
	if verb == 'v' || verb == 'e' || verb == 'E' || verb == 'f' || verb == 'F' || verb == 'g' || verb == 'G' {
		s = strings.Replace(s, ".", l.c.Decimal, 1)
	}
	_, _ = f.Write([]byte(s))
}

// SourceDirs are the folders, from the module's root, whose Go files hold
// the texts to translate.
var SourceDirs = []string{"main.go", "render"}

// Ordinal writes n as a rank the English way: 1st, 2nd, 3rd, 11th, 21st.
// Other languages' ranks are catalog formats (see panel.Ordinal).
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Parse reads a catalog file for tag: a language's whole catalog, or a
// part of one (a view's own texts: its messages alone).
func Parse(tag string, data []byte) (*Catalog, error) {
	c := &Catalog{}
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("catalog %s: %w", tag, err)
	}
	c.Tag = tag
	if c.Decimal == "" {
		c.Decimal = "."
	}
	if c.Plural == "" {
		c.Plural = "1"
	}
	return c, nil
}

// Merge adds part's translations to c. A text that both translate
// differently is an error: a text belongs to one catalog.
func (c *Catalog) Merge(part *Catalog) error {
	if c.Text == nil {
		c.Text = map[string]string{}
	}
	for en, tr := range part.Text {
		if have, ok := c.Text[en]; ok && have != tr {
			return fmt.Errorf("catalog %s: %q is translated twice, as %q and %q", c.Tag, en, have, tr)
		}
		c.Text[en] = tr
	}
	return nil
}

// parts are the catalog parts that views carry in their own folders, by
// language, merged into a language's catalog as it is loaded. (The site
// builder serves each language's catalog merged already.)
var (
	partsMu sync.Mutex
	parts   = map[string][]*Catalog{}
)

// AddPart adds a part of tag's catalog (a view's own texts): Load merges
// it into the catalog.
func AddPart(tag string, data []byte) error {
	c, err := Parse(tag, data)
	if err != nil {
		return err
	}
	partsMu.Lock()
	defer partsMu.Unlock()
	parts[tag] = append(parts[tag], c)
	return nil
}
