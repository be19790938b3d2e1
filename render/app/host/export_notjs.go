//go:build !js

package host

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"vnodes/assets/lang"
)

// SavePicture writes the pixels as a PNG file named name in the working
// folder, and says where.
func (desktop) SavePicture(px []byte, w, h int, name string, say func(string)) {
	var buf bytes.Buffer
	img := &image.NRGBA{Pix: px, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	if err := png.Encode(&buf, img); err != nil {
		say(lang.Sprintf("The picture could not be saved: %v", err))
		return
	}
	writeFile(name, buf.Bytes(), true, say)
}

// SaveFigures writes the figures as a file named name in the working
// folder (a desktop program has no page to hand the clipboard to), and
// says where.
func (desktop) SaveFigures(text, name string, say func(string)) {
	writeFile(name, []byte(text), false, say)
}

// writeFile writes data as name and says where: the picture, or (not
// picture) the figures.
func writeFile(name string, data []byte, picture bool, say func(string)) {
	path, err := filepath.Abs(name)
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	switch {
	case err != nil && picture:
		say(lang.Sprintf("Could not save the picture: %v", err))
	case err != nil:
		say(lang.Sprintf("Could not save the figures: %v", err))
	case picture:
		say(lang.Sprintf("Saved the picture as %s.", path))
	default:
		say(lang.Sprintf("Saved the figures as %s.", path))
	}
}
