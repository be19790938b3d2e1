package app

import (
	"time"

	"vnodes/render/view"
)

// noticeDuration is how long a notice about a clamped setting stays up.
const noticeDuration = 45 * time.Second

// noticeBoard holds messages about settings that were changed on the way
// in (a bad link or flag). They stay until the person changes something,
// or for noticeDuration.
type noticeBoard struct {
	list  []string
	until time.Time
	about view.Settings // the settings the notices describe
}

func (b *noticeBoard) show(notices []string, about view.Settings) {
	if len(notices) == 0 {
		return
	}
	b.list, b.until, b.about = notices, time.Now().Add(noticeDuration), about
}

func (b *noticeBoard) expire(now view.Settings) {
	if len(b.list) > 0 && (time.Now().After(b.until) || now != b.about) {
		b.list = nil
	}
}
