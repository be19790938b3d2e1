package sim

import (
	"fmt"
	"strings"
)

// enum is the names of a small enumeration, by value: how each is
// written, what else parses as it, and what to call the kind in errors.
type enum[T ~uint8] struct {
	kind    string       // "change", "scheme"…: the start of a parse error
	typ     string       // the Go type's name, for a value out of range
	names   []string     // by value
	aliases map[string]T // other spellings, lower-case
}

func (e enum[T]) String(v T) string {
	if int(v) < len(e.names) {
		return e.names[v]
	}
	return fmt.Sprintf("%s(%d)", e.typ, uint8(v))
}

// Parse reads a name or an alias, whatever the case and the spaces around.
func (e enum[T]) Parse(s string) (T, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range e.names {
		if t == n {
			return T(i), nil
		}
	}
	if v, ok := e.aliases[t]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("%s %q: want %s", e.kind, s, e.choices())
}

// choices are the names a parse error offers ("join, leave or fail"); an
// empty name (the default) is left out.
func (e enum[T]) choices() string {
	var out []string
	for _, n := range e.names {
		if n != "" {
			out = append(out, n)
		}
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// MarshalText lets a value travel as its name in JSON.
func (e enum[T]) MarshalText(v T) ([]byte, error) {
	if int(v) >= len(e.names) {
		return nil, fmt.Errorf("unknown %s %d", e.kind, uint8(v))
	}
	return []byte(e.names[v]), nil
}

// UnmarshalText reads a name back into dst.
func (e enum[T]) UnmarshalText(dst *T, b []byte) error {
	v, err := e.Parse(string(b))
	if err == nil {
		*dst = v
	}
	return err
}
