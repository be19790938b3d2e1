package main

import (
	"strings"
	"testing"
)

// A mark added for a diagnosis (here "ring") shows up in a load's line and
// in the steps, in the order the marks came, with no list to update; a
// mark that only some loads made is in their lines but is not a step.
func TestStepsFollowEveryMarkInTheOrderItCame(t *testing.T) {
	loads := []startup{
		{goStart: 300, marks: map[string]float64{"main": 400, "ring": 430, "new": 410, "first-draw": 500, "late": 700}},
		{goStart: 310, marks: map[string]float64{"new": 420, "main": 412, "first-draw": 520, "ring": 450}},
	}
	if got, want := strings.Join(markOrder(loads), ","), "main,new,ring,first-draw,late"; got != want {
		t.Errorf("marks in the order %s, want %s", got, want)
	}
	steps := stepsText(loads)
	for _, want := range []string{"go.run→main ", "main→new ", "new→ring ", "ring→first-draw "} {
		if !strings.Contains(steps, want) {
			t.Errorf("steps %q lack %q", steps, want)
		}
	}
	if strings.Contains(steps, "late") {
		t.Errorf("steps %q count a mark the second load did not make", steps)
	}
	if line := loads[0].marksText(); line != "; main 400; new 410; ring 430; first-draw 500; late 700" {
		t.Errorf("the first load's marks read %q", line)
	}
}
