package fontface

import (
	"bytes"
	"image"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"vnodes/assets/internal/outline"
)

func pair(t *testing.T, ttf []byte, o Options) (ours, theirs font.Face, f *Font) {
	t.Helper()
	data, err := outline.Encode(ttf, outline.AppCharacters())
	if err != nil {
		t.Fatal(err)
	}
	if f, err = Parse(data); err != nil {
		t.Fatal(err)
	}
	src, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err = opentype.NewFace(src, &opentype.FaceOptions{Size: o.Size, DPI: o.DPI, Hinting: o.Hinting})
	if err != nil {
		t.Fatal(err)
	}
	return f.NewFace(o), theirs, f
}

// Text must come out exactly as x/image's opentype faces draw the full
// TrueType font: same metrics, advances, bounds and glyph masks, for every
// character the app prints, at the sizes a window, a projector and the
// zoom give, at fractional positions, and for a missing character. (A
// character the TrueType file has but the app does not print, such as Ж,
// is missing here; TestMissingCharactersShowTheBox covers it.)
func TestDrawsExactlyAsTheTrueTypeFont(t *testing.T) {
	runes := append(outline.AppCharacters(), '中', '\U0001F600') // the last two are in neither
	dots := []fixed.Point26_6{{X: 0, Y: 0}, {X: 17, Y: 5}, {X: fixed.I(3) + 40, Y: fixed.I(-2) + 63}}
	for name, ttf := range map[string][]byte{"regular": goregular.TTF, "bold": gobold.TTF} {
		for _, o := range []Options{{8, 72, font.HintingNone}, {13.5, 72, font.HintingNone}, {21.25, 72, font.HintingNone},
			{37.8, 72, font.HintingNone}, {96, 72, font.HintingNone}, {12, 96, font.HintingFull}} {
			ours, theirs, _ := pair(t, ttf, o)
			if a, b := ours.Metrics(), theirs.Metrics(); a != b {
				t.Fatalf("%s %+v: metrics %+v, want %+v", name, o, a, b)
			}
			for _, r := range runes {
				b1, a1, ok1 := ours.GlyphBounds(r)
				b2, a2, ok2 := theirs.GlyphBounds(r)
				if b1 != b2 || a1 != a2 || ok1 != ok2 {
					t.Fatalf("%s %+v %q: bounds %v %v %v, want %v %v %v", name, o, r, b1, a1, ok1, b2, a2, ok2)
				}
				if a1, ok1 := ours.GlyphAdvance(r); a1 != a2 || ok1 != ok2 {
					t.Fatalf("%s %+v %q: advance %v %v, want %v %v", name, o, r, a1, ok1, a2, ok2)
				}
				if k := ours.Kern('A', r); k != theirs.Kern('A', r) {
					t.Fatalf("%s: kern A%q %v", name, r, k)
				}
				for _, dot := range dots {
					dr1, m1, mp1, adv1, ok1 := ours.Glyph(dot, r)
					dr2, m2, mp2, adv2, ok2 := theirs.Glyph(dot, r)
					if dr1 != dr2 || mp1 != mp2 || adv1 != adv2 || ok1 != ok2 {
						t.Fatalf("%s %+v %q at %v: glyph %v %v %v %v, want %v %v %v %v", name, o, r, dot, dr1, mp1, adv1, ok1, dr2, mp2, adv2, ok2)
					}
					if !bytes.Equal(m1.(*image.Alpha).Pix, m2.(*image.Alpha).Pix) {
						t.Fatalf("%s %+v %q at %v: the mask's pixels differ", name, o, r, dot)
					}
				}
			}
		}
	}
}

func TestMissingCharactersShowTheBox(t *testing.T) {
	ours, theirs, f := pair(t, goregular.TTF, Options{20, 72, font.HintingNone})
	if f.Has('Ж') {
		t.Fatal("Ж is not one of the app's characters")
	}
	_, m1, _, adv1, ok1 := ours.Glyph(fixed.Point26_6{}, 'Ж')
	_, m2, _, adv2, _ := theirs.Glyph(fixed.Point26_6{}, '中') // .notdef in the TrueType file
	if ok1 || adv1 != adv2 || !bytes.Equal(m1.(*image.Alpha).Pix, m2.(*image.Alpha).Pix) {
		t.Errorf("Ж: ok %v, advance %v; want the box (advance %v)", ok1, adv1, adv2)
	}
}

func TestBadFiles(t *testing.T) {
	good, err := outline.Encode(goregular.TTF, []rune("ab"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(good); err != nil {
		t.Fatalf("a good file was refused: %v", err)
	}
	for name, data := range map[string][]byte{
		"empty":       nil,
		"TrueType":    goregular.TTF,
		"truncated":   good[:len(good)-3],
		"trailing":    append(append([]byte{}, good...), 0),
		"bad op":      withByte(good, len(magic)+18+6, 4),                       // glyph 0's first segment
		"tiny em":     withByte(withByte(good, len(magic), 1), len(magic)+1, 0), // 1 unit per em
		"header only": good[:len(magic)+18],
	} {
		if _, err := Parse(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func withByte(data []byte, at int, b byte) []byte {
	out := bytes.Clone(data)
	out[at] = b
	return out
}

func TestHas(t *testing.T) {
	data, err := outline.Encode(gobold.TTF, []rune("x×"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Has('x') || !f.Has('×') || f.Has('y') || f.Has(0) {
		t.Error("Has disagrees with the characters written")
	}
}

// A damaged file is refused or read; it never panics, and what is read
// can be measured and drawn.
func FuzzParse(f *testing.F) {
	good, err := outline.Encode(goregular.TTF, []rune("a×"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(magic)+18])
	f.Fuzz(func(t *testing.T, data []byte) {
		parsed, err := Parse(data)
		if err != nil {
			return
		}
		face := parsed.NewFace(Options{Size: 12, DPI: 72})
		_ = face.Metrics()
		for _, r := range "a×?" {
			face.GlyphBounds(r)
			face.GlyphAdvance(r)
			face.Glyph(fixed.Point26_6{X: 17, Y: 5}, r)
		}
	})
}
