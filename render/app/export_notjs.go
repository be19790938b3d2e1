//go:build !js

package app

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"vnodes/assets/lang"
)

// savePNG writes the pixels (w × h, RGBA) as a PNG file named name in the
// working folder, and says where.
func savePNG(px []byte, w, h int, name string, say func(string)) {
	var buf bytes.Buffer
	img := &image.NRGBA{Pix: px, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	if err := png.Encode(&buf, img); err != nil {
		say(lang.Sprintf("The picture could not be saved: %v", err))
		return
	}
	writeExport(name, buf.Bytes(), true, say)
}

// exportText writes the figures as a file named name in the working
// folder (a desktop program has no page to hand the clipboard to), and
// says where.
func exportText(text, name string, say func(string)) {
	writeExport(name, []byte(text), false, say)
}

// writeExport writes data as name and says where: the picture, or (not
// picture) the figures.
func writeExport(name string, data []byte, picture bool, say func(string)) {
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
