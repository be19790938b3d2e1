package paint

import (
	"testing"

	"vnodes/render/ebitentest"
)

// TestMain runs the tests inside ebiten's loop; make test provides Xvfb.
func TestMain(m *testing.M) { ebitentest.Main(m) }
