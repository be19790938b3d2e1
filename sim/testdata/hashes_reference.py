"""A plain-Python model of the four ways to place keys, written
independently of sim/hashes.go. It made hashes.golden beside it (the Go
tests read that file; they do not run Python):

    python3 hashes_reference.py > hashes.golden

For each case and algorithm it prints the keys per node, then how many
keys change node when node N joins and when node `leave` leaves. Jump
closes the leaver's gap by shifting every later node down a number; the
last part, "jump-last", counts the keys that change node when instead the
last node takes the leaver's number (and nothing is renamed when the
leaver is the last node)."""
import bisect
import random

RING = 2**32
MASK = 2**64 - 1
MAGLEV = 65537

# (seed, nodes, v, assignment, keys, leave)
CASES = [
    (0, 10, 1, "roundrobin", 20000, 5),
    (0, 10, 16, "roundrobin", 20000, 5),
    (1, 10, 4, "random", 5000, 2),
    (2, 7, 3, "random", 3000, 6),
    (3, 12, 2, "roundrobin", 2000, 0),
    (0, 3, 8, "random", 1000, 1),
    (4, 2, 5, "roundrobin", 1500, 1),
    (5, 60, 1, "random", 2000, 30),
    (6, 5, 7, "roundrobin", 4000, 4),
    (7, 16, 3, "random", 2500, 9),
]


def mix(x):
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & MASK
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & MASK
    x ^= x >> 31
    return x


def jump(key, n):
    b, j = -1, 0
    while j < n:
        b = j
        key = (key * 2862933555777941757 + 1) & MASK
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return b


def rendezvous(key, nodes):
    best, top = None, -1
    for i in nodes:
        s = mix(key ^ mix(i + 1))
        if s > top:
            best, top = i, s
    return best


def maglev(nodes):
    table = [-1] * MAGLEV
    offset = {i: mix(2 * i + 1) % MAGLEV for i in nodes}
    skip = {i: mix(2 * i + 2) % (MAGLEV - 1) + 1 for i in nodes}
    nxt = {i: 0 for i in nodes}
    filled = 0
    while True:
        for i in nodes:
            c = (offset[i] + nxt[i] * skip[i]) % MAGLEV
            while table[c] >= 0:
                nxt[i] += 1
                c = (offset[i] + nxt[i] * skip[i]) % MAGLEV
            table[c] = i
            nxt[i] += 1
            filled += 1
            if filled == MAGLEV:
                return table


def lookup(tokens, key):
    """tokens: sorted (point, tag, rank, owner); the owner of the last at or before key >> 32."""
    points = [t[0] for t in tokens]
    i = bisect.bisect_right(points, key >> 32) - 1
    return tokens[i][3]  # i = -1 wraps to the last token


def case(seed, n, v, assign, k, leave):
    rng = random.Random(seed)
    drawn = [rng.randrange(RING) for _ in range(n * v)]
    owners = [i % n for i in range(n * v)]
    if assign == "random":
        rng.shuffle(owners)
    newcomer = [rng.randrange(RING) for _ in range(v)]
    old = [(p, 0, r, owners[r]) for r, p in enumerate(sorted(drawn))]
    joined = sorted(old + [(p, 1, r, n) for r, p in enumerate(newcomer)])
    left = [t for t in old if t[3] != leave]
    krng = random.Random(seed + 1_000_000)
    keys = [krng.getrandbits(64) for _ in range(k)]
    rest = [i for i in range(n) if i != leave]
    tables = (maglev(list(range(n))), maglev(list(range(n + 1))), maglev(rest))
    out = []
    for algo in ("ring", "jump", "rendezvous", "maglev"):
        counts, mj, ml = [0] * n, 0, 0
        for key in keys:
            if algo == "ring":
                b, j, l = lookup(old, key), lookup(joined, key), lookup(left, key)
            elif algo == "jump":
                b, j = jump(key, n), jump(key, n + 1)
                l = jump(key, n - 1)
                l = l + 1 if l >= leave else l
            elif algo == "rendezvous":
                b, j, l = rendezvous(key, range(n)), rendezvous(key, range(n + 1)), rendezvous(key, rest)
            else:
                b, j, l = (t[key % MAGLEV] for t in tables)
            counts[b] += 1
            mj += j != b
            ml += l != b
        out.append("%s %s %d %d" % (algo, " ".join(map(str, counts)), mj, ml))
    # Jump again, the last node taking the leaver's bucket number.
    moved = 0
    for key in keys:
        before, bucket = jump(key, n), jump(key, n - 1)
        after = n - 1 if bucket == leave else bucket
        moved += after != before
    out.append("jump-last %d" % moved)
    return out


print("# seed nodes v assignment keys leave: per algorithm, its name, the keys per node, the keys moved by a join and by the leave (made by sim/testdata/hashes_reference.py)")
for c in CASES:
    print("%d %d %d %s %d %d: %s" % (c + (" | ".join(case(*c)),)))
