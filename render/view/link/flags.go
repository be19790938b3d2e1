package link

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
)

// FlagUsage is the desktop program's help text.
func FlagUsage(r *view.Registry) string {
	var b strings.Builder
	// The flags' names and values stay as written; the second line lines
	// up under the first's after "usage: vnodes ", in any language.
	usage := lang.T("usage:")
	b.WriteString(usage + " vnodes [-v V] [-n N] [-seed S] [-assign roundrobin|random] [-step K] [-theme dark|light|projector]\n")
	b.WriteString(strings.Repeat(" ", utf8.RuneCountInString(usage)+8) + "[-change join|leave|fail [-node C]] [-load uniform|hot|zipf [-hot 0.3] [-salt 8] ...]\n")
	b.WriteString(lang.T("The same settings as a link's ?v=16&n=10…; a bad value is clamped and shown as a notice.") + "\n\n")
	for _, k := range Keys(r) {
		help := lang.T(k.Help)
		if k.Name == "step" {
			help = lang.Sprintf("open the lesson at this step, 1..%d (0 = free exploring)", lesson.Len(r))
		}
		fmt.Fprintf(&b, "  -%-9s %s\n", k.Name, help)
	}
	return b.String()
}

// ParseFlags reads the desktop program's command line: the keys a link
// carries, as -key value, -key=value or --key value. It never fails: a bad
// value is clamped as in a link, and an unknown flag or a stray argument is
// skipped with a notice while every valid flag still counts. help is true
// when -h, -help or --help was given.
func ParseFlags(r *view.Registry, args []string) (s view.Settings, notices []string, help bool) {
	q := url.Values{}
	keys := Keys(r)
	known := func(name string) bool { return slices.ContainsFunc(keys, func(k Key) bool { return k.Name == name }) }
	var extra []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			extra = append(extra, args[i+1:]...)
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			extra = append(extra, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		switch {
		case name == "h" || name == "help":
			return r.Default(), nil, true
		case !known(name):
			if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++ // its value goes with it
			}
			notices = append(notices, lang.Sprintf("unknown flag -%s ignored (vnodes -h lists the flags)", view.Shorten(name)))
			continue
		case !hasValue && i+1 < len(args):
			i++
			value = args[i]
		case !hasValue:
			notices = append(notices, lang.Sprintf("flag -%s has no value: ignored", name))
			continue
		}
		q.Set(name, value)
	}
	s, parsed := Parse(r, q)
	notices = append(parsed, notices...)
	for _, a := range extra {
		notices = append(notices, lang.Sprintf("ignored argument %s", view.Quote(a)))
	}
	return s, notices, false
}
