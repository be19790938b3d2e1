"""A plain-Python model of the vnodes experiment, used only by `make bench`
to compare speed with the Go simulator (and, while developing, to check its
numbers). Nothing in the test suite needs it."""
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


def table(nodes=10, seeds=20, vs=(1, 2, 4, 16, 64, 256)):
    rows = []
    for v in vs:
        imb, cv = [], []
        for seed in range(seeds):
            loads = loads_for(seed, nodes, v)
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


if __name__ == "__main__" and sys.argv[1:2] == ["golden"]:
    golden()
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
