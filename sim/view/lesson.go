package view

// Lesson is filled in by the classroom-mode work; an empty lesson means the
// app opens straight into the sandbox.
var Lesson []LessonStep

// LessonStep is one predict-then-observe step.
type LessonStep struct {
	Title string
}
