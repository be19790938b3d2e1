package sim

import (
	"fmt"
	"math"
)

// LoadKind is the shape of the requests.
type LoadKind uint8

const (
	// Uniform requests are spread evenly over the ring, so a node's request
	// load is its data load: the exercise's own figures.
	Uniform LoadKind = iota
	// HotKey sends a share Hot of all requests to one key and the rest
	// uniformly over the ring.
	HotKey
	// Zipf spreads requests over Keys keys, the key of rank r taking a share
	// proportional to 1/r^s (s = Workload.Zipf), and nothing else.
	Zipf
)

var loadKinds = enum[LoadKind]{kind: "load", typ: "LoadKind", names: []string{"uniform", "hot", "zipf"},
	aliases: map[string]LoadKind{"hotkey": HotKey, "hot-key": HotKey}}

// String is the kind's name in links, flags and JSON; ParseLoadKind reads
// it back.
func (k LoadKind) String() string { return loadKinds.String(k) }

// Label is the kind's name for people.
func (k LoadKind) Label() string {
	if k == HotKey {
		return "hot key"
	}
	return k.String()
}

// ParseLoadKind reads the names that flags and links use.
func ParseLoadKind(s string) (LoadKind, error) { return loadKinds.Parse(s) }

// MarshalText and UnmarshalText let a LoadKind travel as its name in JSON.
func (k LoadKind) MarshalText() ([]byte, error) { return loadKinds.MarshalText(k) }

func (k *LoadKind) UnmarshalText(b []byte) error { return loadKinds.UnmarshalText(k, b) }

// FixKind is a remedy for request skew, applied to a workload's keys (the
// hot key's sub-keys, or every Zipf key). Uniform requests have no keys to
// act on, so every fix leaves them as they are.
type FixKind uint8

const (
	// NoFix serves each key from the node owning the range it hashes to.
	NoFix FixKind = iota
	// Bounded is consistent hashing with bounded loads (Mirrokni, Thorup and
	// Zadimoghaddam, 2016): a node takes keys only while its load is below
	// a capacity of (1+Eps) times the mean; a key whose node is full goes to
	// the next node clockwise that is still below it. A node can end over
	// the capacity by the last key it took (see placeBounded). Keys are placed in draw order,
	// which for Zipf is heaviest first. A hot key's uniform rest is not
	// moved: it stays where it hashes, and only the sub-keys are bounded.
	Bounded
	// Replicate serves each key from Replicas nodes, the first distinct
	// owners clockwise from where it hashes, which share its reads equally.
	Replicate
)

var fixKinds = enum[FixKind]{kind: "fix", typ: "FixKind", names: []string{"none", "bounded", "replicate"},
	aliases: map[string]FixKind{"no": NoFix, "off": NoFix, "bound": Bounded, "bounded-loads": Bounded,
		"replicated": Replicate, "replication": Replicate, "replicas": Replicate}}

// String is the fix's name in links, flags and JSON; ParseFixKind reads it
// back.
func (f FixKind) String() string { return fixKinds.String(f) }

// Label is the fix's name for people.
func (f FixKind) Label() string {
	switch f {
	case NoFix:
		return "no fix"
	case Bounded:
		return "bounded loads"
	case Replicate:
		return "replication"
	}
	return f.String()
}

// ParseFixKind reads the names that flags and links use.
func ParseFixKind(s string) (FixKind, error) { return fixKinds.Parse(s) }

// MarshalText and UnmarshalText let a FixKind travel as its name in JSON.
func (f FixKind) MarshalText() ([]byte, error) { return fixKinds.MarshalText(f) }

func (f *FixKind) UnmarshalText(b []byte) error { return fixKinds.UnmarshalText(f, b) }

// Limits on a workload's knobs. MaxHot leaves a tenth of the requests
// uniform; MaxKeys and MaxSalt bound the draws per seed, so that a slider
// step stays cheap in a browser tab.
const (
	MaxHot                   = 0.9
	MinSalt, MaxSalt         = 1, 256
	MaxZipf                  = 2.0
	MinKeys, MaxKeys         = 1, 100_000
	MaxEps                   = 4.0
	MinReplicas, MaxReplicas = 1, 16
)

// Defaults of the knobs: one key taking 30 % of the requests; a Zipf
// exponent a little above 1, where of 10,000 keys the first takes 15 % of
// the requests and the first ten 41 %; and 25 % of headroom above the mean
// for bounded loads.
const (
	DefaultHot      = 0.3
	DefaultSalt     = 1 // one sub-key: no salting
	DefaultZipf     = 1.1
	DefaultKeys     = 10_000
	DefaultEps      = 0.25
	DefaultReplicas = 3
)

// Workload is the requests' shape and the fix applied to them. Virtual
// nodes even out how much of the ring each node owns, its data load, and
// while keys are uniform that is its request load too; when requests bunch
// on a few keys, each key still lands on one node, and no V evens that out.
//
// Everything a workload adds to a seed is drawn from the seed's generator
// after the ring (see Generator), as a Python model of the seed would go on
// drawing from its rng:
//
//	# after the ring's points and, for the Random assignment, the shuffle:
//	hot = [rng.randrange(2**32) for _ in range(S)]   # HotKey: key#0 .. key#S-1
//	keys = [rng.randrange(2**32) for _ in range(K)]  # Zipf: ranks 1 .. K
//
// The unsalted hot key is key#0, the first draw: so Salt 1 is no salting,
// and more sub-keys add positions without moving those drawn before. A key
// at position x belongs to the range holding x, the last boundary at or
// before it (bisect_right(points, x) - 1, the wrapping last range below
// the first boundary), so range widths are exactly what uniform keys see.
// The top of workload_run.go spells out the rest step by step, and
// testdata/workload.py is the whole model in Python.
//
// Only the knobs of the chosen Kind and Fix matter, but all are checked, so
// that a setting carried along while another kind is shown stays valid.
// The zero Workload is uniform requests with no fix. A zero Salt, Keys or
// Replicas stands for its default (none of them can be 0); the float knobs
// mean what they say, 0 included.
type Workload struct {
	Kind LoadKind
	Hot  float64 // HotKey: the hot key's share of all requests, 0..MaxHot
	Salt int     // HotKey: S, the sub-keys key#0..key#S-1 it is split into, each taking Hot/S
	Zipf float64 // Zipf: the exponent s, 0..MaxZipf (0: every key alike)
	Keys int     // Zipf: K, how many keys

	Fix      FixKind
	Eps      float64 // Bounded: a node's capacity is (1+Eps) times the mean load, Eps in 0..MaxEps
	Replicas int     // Replicate: R, how many nodes serve each key (at most N are used)
}

// DefaultWorkload is uniform requests with every knob at its default, ready
// for a switch of Kind or Fix.
func DefaultWorkload() Workload {
	return Workload{
		Hot: DefaultHot, Salt: DefaultSalt, Zipf: DefaultZipf, Keys: DefaultKeys,
		Eps: DefaultEps, Replicas: DefaultReplicas,
	}
}

// withDefaults fills in the zero integer knobs.
func (w Workload) withDefaults() Workload {
	if w.Salt == 0 {
		w.Salt = DefaultSalt
	}
	if w.Keys == 0 {
		w.Keys = DefaultKeys
	}
	if w.Replicas == 0 {
		w.Replicas = DefaultReplicas
	}
	return w
}

// Validate reports the first knob that is out of range.
func (w Workload) Validate() error {
	w = w.withDefaults()
	if w.Kind > Zipf {
		return fmt.Errorf("unknown load kind %d", uint8(w.Kind))
	}
	if w.Fix > Replicate {
		return fmt.Errorf("unknown fix %d", uint8(w.Fix))
	}
	if err := checkFloat("hot", w.Hot, 0, MaxHot); err != nil {
		return err
	}
	if err := checkRange("salt", w.Salt, MinSalt, MaxSalt); err != nil {
		return err
	}
	if err := checkFloat("zipf", w.Zipf, 0, MaxZipf); err != nil {
		return err
	}
	if err := checkRange("keys", w.Keys, MinKeys, MaxKeys); err != nil {
		return err
	}
	if err := checkFloat("eps", w.Eps, 0, MaxEps); err != nil {
		return err
	}
	return checkRange("replicas", w.Replicas, MinReplicas, MaxReplicas)
}

func checkFloat(name string, got, lo, hi float64) error {
	if !(got >= lo && got <= hi) { // NaN fails both
		return fmt.Errorf("%s = %v is out of range: it must be between %v and %v", name, got, lo, hi)
	}
	return nil
}

// Clamp returns w with every knob pulled into its range: a NaN becomes the
// knob's default, a zero integer knob its default, and an unknown Kind or
// Fix Uniform or NoFix. Clamp(w) always passes Validate.
func (w Workload) Clamp() Workload {
	w = w.withDefaults()
	if w.Kind > Zipf {
		w.Kind = Uniform
	}
	if w.Fix > Replicate {
		w.Fix = NoFix
	}
	w.Hot = clampFloat(w.Hot, 0, MaxHot, DefaultHot)
	w.Zipf = clampFloat(w.Zipf, 0, MaxZipf, DefaultZipf)
	w.Eps = clampFloat(w.Eps, 0, MaxEps, DefaultEps)
	w.Salt = min(max(w.Salt, MinSalt), MaxSalt)
	w.Keys = min(max(w.Keys, MinKeys), MaxKeys)
	w.Replicas = min(max(w.Replicas, MinReplicas), MaxReplicas)
	return w
}

func clampFloat(x, lo, hi, def float64) float64 {
	if math.IsNaN(x) {
		return def
	}
	return min(max(x, lo), hi)
}
