#!/usr/bin/env python3
"""Writes LogGOPSim GOAL schedules of common collectives, for import tests and measurements.

usage: tools/goalgen.py PATTERN RANKS > out.goal
PATTERN: bcast (binomial tree from rank 0), dissemination (log2 rounds, rank r sends to
(r + 2^k) mod P and receives from (r - 2^k) mod P), alltoall (linear: step i sends to
(r + i) mod P and receives from (r - i) mod P). Messages are 8 bytes with tag 0.
"""
import sys


def bcast(p, r, out):
    ops, deps = [], []
    low = 1
    if r > 0:
        h = r.bit_length() - 1
        ops.append(f"recv 8b from {r - (1 << h)} tag 0")
        low = 1 << (h + 1)
    k = low if r > 0 else 1
    while r + k < p:
        ops.append(f"send 8b to {r + k} tag 0")
        if r > 0:
            deps.append((len(ops) - 1, 0))
        k <<= 1
    return ops, deps


def dissemination(p, r, out):
    ops, deps = [], []
    k = 1
    while k < p:
        ops.append(f"send 8b to {(r + k) % p} tag 0")
        ops.append(f"recv 8b from {(r - k) % p} tag 0")
        if len(ops) > 2:
            deps.append((len(ops) - 2, len(ops) - 3))
            deps.append((len(ops) - 1, len(ops) - 3))
        k <<= 1
    return ops, deps


def alltoall(p, r, out):
    ops = []
    for i in range(1, p):
        ops.append(f"send 8b to {(r + i) % p} tag 0")
        ops.append(f"recv 8b from {(r - i) % p} tag 0")
    return ops, []


def main():
    pattern, p = sys.argv[1], int(sys.argv[2])
    gen = {"bcast": bcast, "dissemination": dissemination, "alltoall": alltoall}[pattern]
    out = sys.stdout
    out.write(f"num_ranks {p}\n")
    for r in range(p):
        ops, deps = gen(p, r, out)
        lines = [f"rank {r} {{"]
        lines += [f"l{i}: {op}" for i, op in enumerate(ops)]
        lines += [f"l{a} requires l{b}" for a, b in deps]
        lines.append("}")
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
