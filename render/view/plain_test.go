package view

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// roundTrip is what the page got when the app marshalled to JSON.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// randomFill sets every exported field of a struct to a random value, or
// leaves it zero, nil or empty, so both omitempty branches are exercised.
// A kind it does not know fails the test: a new field must be covered.
func randomFill(t *testing.T, r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				randomFill(t, r, v.Field(i))
			}
		}
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 1)
	case reflect.Int:
		v.SetInt(r.Int64N(2000) - 1000)
	case reflect.Uint64:
		v.SetUint(r.Uint64() >> 11)
	case reflect.Float64:
		v.SetFloat([]float64{0, r.Float64(), 1 / 3.0, r.NormFloat64() * 1e6}[r.IntN(4)])
	case reflect.String:
		v.SetString([]string{"", "v=16", "n<10 & \"x\" \\ \n\t\x01", "√N · 2×", "bad \xff byte"}[r.IntN(5)])
	case reflect.Slice:
		switch r.IntN(3) {
		case 0: // nil
		case 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			s := reflect.MakeSlice(v.Type(), 1+r.IntN(4), 5)
			for i := range s.Len() {
				randomFill(t, r, s.Index(i))
			}
			v.Set(s)
		}
	default:
		t.Fatalf("randomFill does not know %s", v.Type())
	}
}

// The page must see the same state it saw when the app sent JSON.
func TestPlainIsWhatJSONGave(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var st State
		randomFill(t, r, reflect.ValueOf(&st).Elem())
		want := roundTrip(t, st)
		if got := Plain(st); !reflect.DeepEqual(got, want) {
			t.Fatalf("Plain(%+v)\n = %v\nJSON gave %v", st, got, want)
		}
		var fromText any
		if err := json.Unmarshal([]byte(PlainJSON(st)), &fromText); err != nil || !reflect.DeepEqual(fromText, want) {
			t.Fatalf("PlainJSON(%+v) read back as %v (%v)\nJSON gave %v", st, fromText, err, want)
		}
	}
	boxes := map[string]struct {
		X float64 `json:"x"`
		Y float64 `json:"y"`
	}{"ring": {1.5, 2}, "bars": {0, -3.25}}
	if got, want := Plain(boxes), roundTrip(t, boxes); !reflect.DeepEqual(got, want) {
		t.Errorf("map: Plain gave %v, JSON %v", got, want)
	}
}

func TestPlainEdges(t *testing.T) {
	type inner struct {
		A int `json:"a"`
	}
	type outer struct {
		inner
		Skip   int     `json:"-"`
		Empty  []int   `json:"empty,omitempty"`
		Zero   float64 `json:"zero,omitempty"`
		Bad    float64 `json:"bad"`
		hidden int
		Named  string
		Ptr    *inner `json:"ptr"`
	}
	got := Plain(outer{inner: inner{A: 7}, Skip: 1, Empty: []int{}, Zero: math.Copysign(0, -1), Bad: math.NaN(), hidden: 2, Named: "n"})
	want := map[string]any{"a": 7.0, "bad": nil, "Named": "n", "ptr": nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
