"""A plain-Python model of the vnodes experiment. `make bench` runs it to
compare speed with the Go simulator, and it made the golden files beside it
(the tests read those files; they do not run Python):

    python3 reference.py golden > loads.golden
    python3 reference.py after > after_ring.golden
    python3 reference.py table random   # the table golden_test.go holds"""
import math
import random
import statistics
import sys
import time

RING = 2**32


def loads_for(seed, nodes, v):
    rng = random.Random(seed)
    points = sorted(rng.randrange(RING) for _ in range(nodes * v))
    loads = [0] * nodes
    for i, start in enumerate(points):
        end = points[i + 1] if i + 1 < len(points) else points[0] + RING
        loads[i % nodes] += end - start
    return loads


def table(nodes=10, seeds=20, vs=(1, 2, 4, 16, 64, 256), assign="roundrobin"):
    fn = loads_for if assign == "roundrobin" else loads_random
    rows = []
    for v in vs:
        imb, cv = [], []
        for seed in range(seeds):
            loads = fn(seed, nodes, v)
            mean = RING / nodes
            imb.append(max(loads) / mean)
            cv.append(statistics.pstdev(loads) / mean)
        rows.append((v, sum(imb) / seeds, sum(cv) / seeds, 1 / math.sqrt(v)))
    return rows


# (seed, nodes, v, assignment) cases stored in sim/testdata/loads.golden
GOLDEN_CASES = [
    (0, 10, 1, "roundrobin"), (7, 10, 16, "roundrobin"),
    (19, 10, 256, "roundrobin"), (3, 1, 1, "roundrobin"),
    (5, 2, 3, "roundrobin"), (123456789, 7, 5, "roundrobin"),
    (2**40 + 5, 3, 4, "roundrobin"), (1, 1000, 2, "roundrobin"),
    (0, 10, 4, "random"), (11, 13, 7, "random"), (4, 50, 256, "random"),
    (2, 10, 1, "random"),
]


def loads_random(seed, nodes, v):
    rng = random.Random(seed)
    points = sorted(rng.randrange(RING) for _ in range(nodes * v))
    owners = [i % nodes for i in range(nodes * v)]
    rng.shuffle(owners)
    loads = [0] * nodes
    for i, start in enumerate(points):
        end = points[i + 1] if i + 1 < len(points) else points[0] + RING
        loads[owners[i]] += end - start
    return loads


def golden():
    print("# seed nodes v assignment: loads... (made by sim/testdata/reference.py golden)")
    for seed, nodes, v, assign in GOLDEN_CASES:
        fn = loads_for if assign == "roundrobin" else loads_random
        loads = fn(seed, nodes, v)
        assert sum(loads) == RING
        print(seed, nodes, v, assign + ":", " ".join(map(str, loads)))


# randrange(n) for these n follows the V extra points in after_ring.golden
BELOW_NS = [1, 2, 7, 10, 1000, 2**31, 2**31 + 1, 2**32 - 1, 2**32]


def after_ring():
    """What the generator draws after a ring: V more points (a node joining),
    then randrange(n) for each n in BELOW_NS."""
    print("# seed nodes v assignment: V points after the ring | randrange(n) for n in",
          BELOW_NS, "(made by sim/testdata/reference.py after)")
    for seed, nodes, v, assign in GOLDEN_CASES:
        rng = random.Random(seed)
        for _ in range(nodes * v):
            rng.randrange(RING)
        if assign == "random":
            rng.shuffle([i % nodes for i in range(nodes * v)])
        joined = [rng.randrange(RING) for _ in range(v)]
        below = [rng.randrange(n) for n in BELOW_NS]
        print(seed, nodes, v, assign + ":", " ".join(map(str, joined)), "|",
              " ".join(map(str, below)))


if __name__ == "__main__" and sys.argv[1:2] == ["golden"]:
    golden()
elif __name__ == "__main__" and sys.argv[1:2] == ["after"]:
    after_ring()
elif __name__ == "__main__" and sys.argv[1:2] == ["table"]:
    for v, imb, cv, g in table(assign=sys.argv[2] if len(sys.argv) > 2 else "roundrobin"):
        print(f"{v:6d} | {imb:.3f} | {cv:.3f} | {g:.3f}")
elif __name__ == "__main__":
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        rows = table()
        best = min(best, time.perf_counter() - t0)
    for v, imb, cv, g in rows:
        print(f"{v:6d} | {imb:.3f} | {cv:.3f} | {g:.3f}")
    print(f"python_table_seconds {best:.6f}")
