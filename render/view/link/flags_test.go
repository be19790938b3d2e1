package link_test

import (
	"strings"
	"testing"
	"vnodes/render/view/link"

	"vnodes/render/view"
	"vnodes/sim"
)

func TestFlagsBecomeSettings(t *testing.T) {
	s, notices, help := link.ParseFlags(reg, []string{"-v", "16", "-n=12", "--seed", "3", "-assign", "random", "-theme", "light"})
	want := inSpread(view.Settings{V: 16, Nodes: 12, Seed: 3, Assign: sim.Random, Theme: view.Light})
	if help || len(notices) != 0 || s != want {
		t.Fatalf("good flags: %+v, %q", s, notices)
	}
}

// A bad flag costs only itself: the valid ones around it still count.
func TestUnknownFlagKeepsTheOthers(t *testing.T) {
	s, notices, _ := link.ParseFlags(reg, []string{"-v", "16", "-colour", "red", "-n", "12", "stray"})
	if s.V != 16 || s.Nodes != 12 {
		t.Fatalf("valid flags lost: %+v", s)
	}
	joined := strings.Join(notices, "\n")
	if len(notices) != 2 || !strings.Contains(joined, "-colour") || !strings.Contains(joined, `"stray"`) {
		t.Fatalf("notices %q: want one for -colour and one for the stray argument", notices)
	}
}

func TestBadFlagValuesAreClampedWithTheTrueReason(t *testing.T) {
	s, notices, _ := link.ParseFlags(reg, []string{"-v", "9000", "-n", "x", "-seed", "99999999999999999999999"})
	if s.V != view.MaxV || s.Nodes != reg.Default().Nodes || s.Seed != view.Seeds-1 {
		t.Fatalf("clamped settings %+v", s)
	}
	joined := strings.Join(notices, "\n")
	for _, want := range []string{"v=9000 is above", `n="x" is not a whole number`, "is too large"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notices %q do not say %q", notices, want)
		}
	}
	if strings.Contains(joined, "above 19") && strings.Contains(joined, "seed=20") {
		t.Errorf("an overflowing seed is reported as the maximum plus one: %q", notices)
	}
}

func TestHelpFlag(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		if _, _, help := link.ParseFlags(reg, []string{"-v", "4", arg}); !help {
			t.Errorf("%s is not help", arg)
		}
	}
	usage := link.FlagUsage(reg)
	for _, k := range keyNames() {
		if !strings.Contains(usage, "-"+k+" ") {
			t.Errorf("usage does not mention -%s:\n%s", k, usage)
		}
	}
}

func TestFlagWithoutAValue(t *testing.T) {
	s, notices, _ := link.ParseFlags(reg, []string{"-n", "12", "-v"})
	if s.Nodes != 12 || s.V != reg.Default().V || len(notices) != 1 || !strings.Contains(notices[0], "-v") {
		t.Fatalf("got %+v, %q", s, notices)
	}
}
