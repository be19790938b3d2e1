package host

// In the browser ebiten calls Update and Draw on a new goroutine every
// frame, whose stack starts small and is copied to a larger one several
// times on the way down to the scene's deepest calls (a view's panels
// through the canvas into the label atlas). RunFrame runs them instead
// on one goroutine that lives as long as the page, whose stack has already
// grown. Handing over costs two goroutine switches.
var warm struct {
	do   chan func()
	done chan struct{}
}

// RunFrame runs f on the long-lived goroutine and waits for it.
func (*browser) RunFrame(f func()) {
	if warm.do == nil {
		warm.do, warm.done = make(chan func()), make(chan struct{})
		go func() {
			for f := range warm.do {
				f()
				warm.done <- struct{}{}
			}
		}()
	}
	warm.do <- f
	<-warm.done
}
