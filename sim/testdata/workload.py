"""The request workloads of sim (workload_run.go) in plain Python: a hot key,
salted or not, and Zipf popularity, with bounded loads or replication. It
made workload.golden beside it, which workload_test.go reads:

    python3 workload.py > workload.golden

Every figure is computed in the same order as the Go code, so the two agree
to the last bit, except for 1/r**s, where C's pow and Go's math.Pow may
differ in the last place."""
import bisect
import random

RING = 2**32


def ring(seed, nodes, v, assign):
    rng = random.Random(seed)
    points = sorted(rng.randrange(RING) for _ in range(nodes * v))
    owners = [i % nodes for i in range(nodes * v)]
    if assign == "random":
        rng.shuffle(owners)
    return rng, points, owners


def data_loads(points, owners, nodes):
    loads = [0] * nodes
    for i, start in enumerate(points):
        end = points[i + 1] if i + 1 < len(points) else points[0] + RING
        loads[owners[i]] += end - start
    return loads


def key_range(points, x):
    """The range holding x: the last point at or before it; below the first
    point, the last range, which wraps."""
    i = bisect.bisect_right(points, x) - 1
    return i if i >= 0 else len(points) - 1


def place_bounded(owners, load, i, w, limit):
    """The first node clockwise from range i whose load is below limit."""
    for _ in range(len(owners)):
        node = owners[i]
        if load[node] < limit:
            load[node] += w
            return node
        i = (i + 1) % len(owners)
    load[owners[i]] += w  # rounding left no room: stay where it hashes
    return owners[i]


def replica_nodes(owners, i, r):
    """The first r distinct nodes clockwise from range i."""
    found = []
    while len(found) < r:
        if owners[i] not in found:
            found.append(owners[i])
        i = (i + 1) % len(owners)
    return found


def requests(seed, nodes, v, assign, kind, hot, salt, s, keys, fix, eps, replicas):
    """Request loads in fair shares, the number of keys displaced, and the
    key positions, all for one seed."""
    rng, points, owners = ring(seed, nodes, v, assign)
    share = [l * nodes / RING for l in data_loads(points, owners, nodes)]
    if kind == "uniform" or (kind == "hot" and hot == 0):
        return share, 0, []
    if kind == "hot":
        req = [(1 - hot) * x for x in share]
        pos = [rng.randrange(RING) for _ in range(salt)]  # key#0 .. key#S-1
        weights = [hot * nodes / salt] * salt
        limit = 1 + eps
    else:
        req = [0.0] * nodes
        pos = [rng.randrange(RING) for _ in range(keys)]  # rank 1 .. K
        weights = [1 / r**s for r in range(1, keys + 1)]
        total = 0.0
        for x in weights:  # left to right (sum() compensates from 3.12 on)
            total += x
        limit = (1 + eps) * total / nodes
    displaced = 0
    per_range = {}  # replicate: the keys' weight per range, in order of first key
    for j, x in enumerate(pos):
        i = key_range(points, x)
        if fix == "none":
            req[owners[i]] += weights[j]
        elif fix == "bounded":
            displaced += place_bounded(owners, req, i, weights[j], limit) != owners[i]
        else:
            per_range[i] = per_range.get(i, 0.0) + weights[j]
    r = min(replicas, nodes)
    for i, weight in per_range.items():
        part = weight / r
        for node in replica_nodes(owners, i, r):
            req[node] += part
    if kind == "zipf":
        req = [x * nodes / total for x in req]
    return req, displaced, pos


# seed nodes v assign kind hot salt s keys fix eps replicas
CASES = [
    (0, 10, 1, "roundrobin", "hot", 0.3, 1, 0, 1, "none", 0, 1),
    (7, 10, 16, "roundrobin", "hot", 0.3, 8, 0, 1, "none", 0, 1),
    (19, 10, 256, "random", "hot", 0.5, 8, 0, 1, "bounded", 0.25, 1),
    (3, 10, 64, "roundrobin", "hot", 0.3, 4, 0, 1, "replicate", 0, 3),
    (9, 3, 2, "roundrobin", "hot", 0.9, 20, 0, 1, "bounded", 0.0, 1),
    (6, 2, 1, "roundrobin", "hot", 0.6, 3, 0, 1, "replicate", 0, 16),
    (12, 10, 1, "roundrobin", "hot", 0.2, 5, 0, 1, "bounded", 0.1, 1),
    (5, 7, 5, "random", "zipf", 0, 1, 1.1, 1000, "none", 0, 1),
    (2, 10, 16, "roundrobin", "zipf", 0, 1, 0.0, 500, "none", 0, 1),
    (11, 13, 7, "roundrobin", "zipf", 0, 1, 1.5, 2000, "bounded", 0.1, 1),
    (4, 10, 256, "roundrobin", "zipf", 0, 1, 0.8, 10000, "bounded", 0.0, 1),
    (1, 10, 4, "random", "zipf", 0, 1, 1.1, 3000, "replicate", 0, 3),
    (8, 1, 3, "roundrobin", "zipf", 0, 1, 2.0, 100, "bounded", 0.25, 1),
]


def main():
    print("# seed nodes v assign kind hot salt s keys fix eps replicas:"
          " request loads | displaced | first key positions (made by sim/testdata/workload.py)")
    for case in CASES:
        req, displaced, pos = requests(*case)
        print(" ".join(map(str, case)) + ":", " ".join(map(repr, req)), "|", displaced,
              "|", " ".join(map(str, pos[:4])))


if __name__ == "__main__":
    main()
