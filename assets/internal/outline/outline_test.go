package outline

import (
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

func TestEncodeRefusesWhatItCannotKeep(t *testing.T) {
	for _, c := range []struct {
		ttf   []byte
		runes string
		want  string
	}{
		{goregular.TTF, "a中", "no glyph"}, // not in the Go fonts
		{goregular.TTF, "a\U0001F600", "16-bit range"},
		{[]byte("not a font"), "a", "outline:"},
		{goregular.TTF, "a\x00", "not a character"}, // rune 0 stands for the missing-character glyph
	} {
		if _, err := Encode(c.ttf, []rune(c.runes)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.runes, err, c.want)
		}
	}
}

// The characters are stored once each, in order, whatever order and
// repeats they are given in.
func TestEncodeIsCanonical(t *testing.T) {
	a, err := Encode(goregular.TTF, []rune("b×ab"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Encode(goregular.TTF, []rune("ab×"))
	if err != nil || string(a) != string(b) {
		t.Errorf("order or repeats changed the file (%v)", err)
	}
	if !strings.HasPrefix(string(a), Magic) {
		t.Error("the file does not start with the magic")
	}
}
