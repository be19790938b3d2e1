package view

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Plain turns v into what encoding/json would make of it, read back into
// Go, for the kinds of values State and the layout use: structs (named by
// their json tags, with omitempty and "-"; untagged embedded structs lifted)
// and string-keyed maps become map[string]any, slices and arrays []any,
// numbers float64. syscall/js hands such a tree to the page as objects and
// arrays, so the browser build needs no encoding/json (150 kB of code, 41 kB
// of the compressed download). Numbers JSON cannot hold (NaN, ±Inf), on
// which json.Marshal fails, become nil, which the page sees as null. Not
// handled as JSON would: Marshaler types, []byte, float32, ",string",
// non-string map keys and field-name clashes.
func Plain(v any) any { return plain(reflect.ValueOf(v)) }

func plain(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return plain(v.Elem())
	case reflect.Bool:
		return v.Bool()
	case reflect.String:
		return validString(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
		return nil
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = plain(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() || v.Type().Key().Kind() != reflect.String {
			return nil
		}
		out := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			out[validString(it.Key().String())] = plain(it.Value())
		}
		return out
	case reflect.Struct:
		out := map[string]any{}
		plainFields(v, out)
		return out
	}
	return nil // functions and channels have no JSON form
}

// plainFields adds v's exported fields to out as encoding/json names them,
// with the fields of untagged embedded structs lifted into out.
func plainFields(v reflect.Value, out map[string]any) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			plainFields(v.Field(i), out)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(","+opts+",", ",omitempty,") && isEmpty(v.Field(i)) {
			continue
		}
		out[name] = plain(v.Field(i))
	}
}

// validString replaces each byte of s that is not UTF-8 by U+FFFD, as
// encoding/json does.
func validString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

// isEmpty is omitempty's rule: false, 0, nil and empty strings, slices
// and maps are left out; a struct never is.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Struct:
		return false
	}
	return v.IsZero()
}

// PlainJSON is Plain(v) as JSON text. The page parses it in one call;
// handing the tree to syscall/js instead would cross into JavaScript once
// per value, thousands of times for a thousand nodes, on every poll.
func PlainJSON(v any) string {
	return string(appendJSON(nil, Plain(v)))
}

func appendJSON(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case float64:
		return strconv.AppendFloat(b, v, 'g', -1, 64) // the shortest text that reads back as v
	case string:
		return appendJSONString(b, v)
	case []any:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, x)
		}
		return append(b, ']')
	case map[string]any:
		b = append(b, '{')
		first := true
		for k, x := range v {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSON(b, x)
		}
		return append(b, '}')
	}
	return append(b, "null"...) // Plain makes nothing else
}

// appendJSONString quotes s as JSON does: quotes, backslashes and control
// characters escaped, invalid UTF-8 as U+FFFD, the rest as it is.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
		default:
			b = utf8.AppendRune(b, r) // an invalid byte came out of range as U+FFFD
		}
	}
	return append(b, '"')
}
