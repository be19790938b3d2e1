"""A plain-Python model of replication and failures, written independently
of sim/replicas.go. It made replicas.golden beside it (the Go tests read
that file; they do not run Python):

    python3 replicas_reference.py > replicas.golden

It works by brute force: it tries every set of k nodes down against every
range of the ring, with exact integer widths."""
import itertools
import random

RING = 2**32

# (seed, nodes, v, assignment, rf, down)
CASES = (
    [(s, 10, 1, "random", 3, 2) for s in range(2)]
    + [(s, 10, 4, "random", 3, 2) for s in range(2)]
    + [(0, 10, 16, "roundrobin", 3, 2), (1, 10, 16, "random", 3, 3)]
    + [(0, 8, 8, "random", 2, 1), (1, 8, 8, "random", 2, 2), (2, 8, 8, "roundrobin", 1, 1)]
    + [(0, 9, 5, "random", 5, 3), (1, 9, 5, "random", 4, 3), (2, 9, 5, "random", 4, 2)]
    + [(3, 3, 4, "random", 5, 2), (4, 2, 6, "roundrobin", 3, 1), (5, 12, 2, "random", 3, 3)]
    # Even copies: a quorum of 2 is lost with one copy down, of 4 with two.
    + [(s, 10, v, "random", 2, 1) for s in (0, 7) for v in (1, 16)]
    + [(6, 10, 4, "roundrobin", 2, 2), (2, 11, 3, "random", 2, 3)]
    + [(s, 10, v, "random", 4, d) for s, v, d in ((0, 1, 2), (3, 16, 2), (5, 4, 3), (9, 2, 1))]
    + [(4, 3, 5, "random", 4, 2), (8, 12, 6, "roundrobin", 4, 3)]
)


def ring(seed, nodes, v, assign):
    """The seed's ring: its tokens in order and the owner of each range."""
    rng = random.Random(seed)
    points = sorted(rng.randrange(RING) for _ in range(nodes * v))
    owners = [i % nodes for i in range(nodes * v)]
    if assign == "random":
        rng.shuffle(owners)
    return points, owners


def replicas(owners, nodes, rf):
    """Range i's replicas: the owners of tokens i, i+1, … the first rf
    distinct ones (every node when rf >= nodes)."""
    m, want = len(owners), min(rf, nodes)
    out = []
    for i in range(m):
        got, j = [], i
        while len(got) < want:
            o = owners[j % m]
            if o not in got:
                got.append(o)
            j += 1
        out.append(got)
    return out


def figures(seed, nodes, v, assign, rf, down):
    points, owners = ring(seed, nodes, v, assign)
    m = len(points)
    widths = [(points[(i + 1) % m] - points[i]) % RING for i in range(m)]
    reps = replicas(owners, nodes, rf)
    # A quorum is a majority of the r = min(rf, nodes) copies that must be
    # up: floor(r/2)+1 of them. A range is unavailable once fewer are up.
    r = min(rf, nodes)
    quorum = r // 2 + 1
    sets = list(itertools.combinations(range(nodes), down))
    bad = lost = total = most = 0
    worst = sets[0]
    for d in sets:
        dset = set(d)
        unavailable, anylost = 0, False
        for w, r in zip(widths, reps):
            up = sum(1 for o in r if o not in dset)
            if up < quorum:
                unavailable += w
            if up == 0:
                anylost = True
        bad += unavailable > 0
        lost += anylost
        total += unavailable
        if unavailable > most:
            most, worst = unavailable, d
    peers = 0
    for a in range(nodes):
        peers += sum(1 for b in range(nodes) if b != a and any(a in r and b in r for r in reps))
    return (len(sets), bad, lost, total, most, worst, peers)


print("# seed nodes v assignment rf down: sets | quorum lost | data lost | unavailable width summed over the sets | largest | worst set | peers summed over nodes (made by sim/testdata/replicas_reference.py)")
for c in CASES:
    sets, bad, lost, total, most, worst, peers = figures(*c)
    print("%d %d %d %s %d %d: %d | %d | %d | %d | %d | %s | %d" % (c + (sets, bad, lost, total, most, " ".join(map(str, worst)), peers)))
