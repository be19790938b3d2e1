//go:build !js

package app

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// savePNG writes the pixels (w × h, RGBA) as a PNG file named name in the
// working folder, and says where.
func savePNG(px []byte, w, h int, name string, say func(string)) {
	var buf bytes.Buffer
	img := &image.NRGBA{Pix: px, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	if err := png.Encode(&buf, img); err != nil {
		say("The picture could not be saved: " + err.Error())
		return
	}
	writeExport(name, buf.Bytes(), "the picture", say)
}

// exportText writes the figures as a file named name in the working
// folder (a desktop program has no page to hand the clipboard to), and
// says where.
func exportText(text, name string, say func(string)) {
	writeExport(name, []byte(text), "the figures", say)
}

func writeExport(name string, data []byte, what string, say func(string)) {
	path, err := filepath.Abs(name)
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		say("Could not save " + what + ": " + err.Error())
		return
	}
	say("Saved " + what + " as " + path + ".")
}
