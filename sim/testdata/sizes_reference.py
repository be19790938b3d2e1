"""A plain-Python model of nodes of different sizes, written from the
model in sim/sizes.go's comment and not from its code. It made
sizes.golden beside it (the Go tests read that file; they do not run
Python):

    python3 sizes_reference.py > sizes.golden

Cases are drawn from a generator of their own, so that nobody chose them:
sizes 1..8, V 1..40, 2..14 nodes, both assignments, 1..5 seeds."""
import math
import random

RING = 2**32


def figures(sizes, v, assign, seeds, selected):
    n, total = len(sizes), sum(sizes)
    imb = cv = 0.0
    dev, count = {}, {}
    chosen = None
    for seed in range(seeds):
        rng = random.Random(seed)
        t = v * total
        pts = sorted(rng.randrange(RING) for _ in range(t))
        owners = [i for r in range(v * max(sizes)) for i in range(n) if r < v * sizes[i]]
        if assign == "random":
            rng.shuffle(owners)
        loads = [0] * n
        for r in range(t):
            loads[owners[r]] += (pts[(r + 1) % t] - pts[r]) % RING
        rel = [(loads[i] / RING) / (sizes[i] / total) for i in range(n)]
        mean = sum(rel) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in rel) / n)
        imb += max(rel)
        cv += sd / mean
        for i in range(n):
            dev[sizes[i]] = dev.get(sizes[i], 0.0) + (rel[i] - 1) ** 2
            count[sizes[i]] = count.get(sizes[i], 0) + 1
        if seed == selected:
            chosen = loads
    rms = " ".join("%d=%r" % (w, math.sqrt(dev[w] / count[w])) for w in sorted(dev))
    return "%r %r %s | %s" % (imb / seeds, cv / seeds, rms, " ".join(map(str, chosen)))


pick = random.Random(20261203)
print("# nodes v assignment seeds selected sizes: mean imbalance, mean CV, size=RMS deviation… | the selected seed's loads (made by sim/testdata/sizes_reference.py)")
cases = [([1, 1, 1, 1, 1, 2, 2, 2, 4, 4], v, "random", 20, 0) for v in (1, 16, 256)]
cases.append(([1] * 10, 16, "roundrobin", 20, 3))
for _ in range(14):
    n = pick.randint(2, 14)
    sizes = [pick.randint(1, 8) for _ in range(n)]
    seeds = pick.randint(1, 5)
    cases.append((sizes, pick.randint(1, 40), pick.choice(["roundrobin", "random"]), seeds, pick.randrange(seeds)))
for sizes, v, assign, seeds, selected in cases:
    print("%d %d %s %d %d %s: %s" % (len(sizes), v, assign, seeds, selected, ",".join(map(str, sizes)), figures(sizes, v, assign, seeds, selected)))
