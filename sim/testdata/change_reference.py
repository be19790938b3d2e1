"""A plain-Python model of a node joining or leaving the ring, written
independently of sim/change.go. It made change.golden beside it (the Go
tests read that file; they do not run Python):

    python3 change_reference.py > change.golden

It works by brute force: it cuts the ring at every token, before and after
the change, and asks who owns each piece on both sides."""
import bisect
import random

RING = 2**32

# (seed, nodes, v, assignment)
CASES = (
    [(s, 10, 1, "roundrobin") for s in range(3)]
    + [(s, 10, 16, "roundrobin") for s in range(3)]
    + [(s, 7, 4, "random") for s in range(3)]
    + [(5, 2, 3, "random")]
)


def ring_and_rng(seed, nodes, v, assign):
    """The seed's ring as (position, owner) in ring order, and its generator
    just after the ring's draws."""
    rng = random.Random(seed)
    points = sorted(rng.randrange(RING) for _ in range(nodes * v))
    owners = [i % nodes for i in range(nodes * v)]
    if assign == "random":
        rng.shuffle(owners)
    return list(zip(points, owners)), rng


def owner_at(tokens, x):
    """Who owns position x: the owner of the last token at or before x (the
    last in the list among equal positions), or of the very last token if x
    lies before them all."""
    positions = [p for p, _ in tokens]
    i = bisect.bisect_right(positions, x) - 1
    return tokens[i][1]  # i == -1 wraps to the last token


def compare(before, after, nodes):
    """The width that changes owner, and per node (0..nodes-1) the width it
    gave away or received."""
    cuts = sorted({p for p, _ in before} | {p for p, _ in after})
    moved, gave, got = 0, [0] * (nodes + 1), [0] * (nodes + 1)
    for i, start in enumerate(cuts):
        end = cuts[i + 1] if i + 1 < len(cuts) else cuts[0] + RING
        a, b = owner_at(before, start), owner_at(after, start)
        if a != b:
            moved += end - start
            gave[a] += end - start
            got[b] += end - start
    return moved, gave, got


def loads_of(tokens, nodes):
    loads = [0] * nodes
    for i, (start, owner) in enumerate(tokens):
        end = tokens[i + 1][0] if i + 1 < len(tokens) else tokens[0][0] + RING
        loads[owner] += end - start
    return loads


def case_line(seed, nodes, v, assign):
    before, rng = ring_and_rng(seed, nodes, v, assign)
    joined = [rng.randrange(RING) for _ in range(v)]
    # sorted() is stable and old tokens come first, so a new token at an
    # old one's position sorts after it.
    after = sorted(before + [(p, nodes) for p in joined], key=lambda t: t[0])
    moved, gave, got = compare(before, after, nodes)
    assert moved == got[nodes] == loads_of(after, nodes + 1)[nodes]
    line = f"{seed} {nodes} {v} {assign}: {' '.join(map(str, joined))} | {moved} | {' '.join(map(str, gave[:nodes]))}"

    loads = loads_of(before, nodes)
    leaver = loads.index(max(loads))  # the busiest, lowest index on ties
    left = [t for t in before if t[1] != leaver]
    moved, gave, got = compare(before, left, nodes)
    assert moved == gave[leaver] == loads[leaver]
    return line + f" | {leaver} | {moved} | {' '.join(map(str, got[:nodes]))}"


if __name__ == "__main__":
    print("# seed nodes v assignment: newcomer's V points | moved | given by each old node"
          " | busiest node | moved when it leaves | received by each node"
          " (made by sim/testdata/change_reference.py)")
    for case in CASES:
        print(case_line(*case))
