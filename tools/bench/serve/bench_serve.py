#!/usr/bin/env python3
"""Query latency of stored tables: a warm HTTP server under concurrent clients on loopback
(requests per second, p50/p99 latency), and cold command-line queries (a fresh process each,
the table files evicted from the page cache first). One JSON line per case.

    PYTHONPATH=build/python tools/bench/serve/bench_serve.py build/tools/cli/zugzwang DATA tablut K2W3B
    ... chess KQvKR --clients 8 --seconds 10 --cold 30

Positions are drawn uniformly from the table's used slots (through the Python module), so
every query touches its own, mostly distinct, blocks of the table file.
"""
import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

import zugzwang


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def sample(game, tier, count, seed):
    table = game.table(tier)
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        i = rng.randrange(len(table))
        try:
            positions.append(table.position(i))
        except zugzwang.InputError:
            continue  # an unused slot
    return positions, table


def evict_tables(data):
    """Drops the table files' pages from the page cache (not the program's): the next query
    reads its blocks from disk."""
    for folder, _, files in os.walk(data):
        for name in files:
            if name.endswith(".zzt"):
                fd = os.open(os.path.join(folder, name), os.O_RDONLY)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                os.close(fd)


def block_entries(file):
    """The codes per block of a table file (its header), or None for a file of format 2."""
    with open(file, "rb") as f:
        head = f.read(4096)
    found = re.search(rb'"block_entries":([0-9]+)', head)
    return int(found.group(1)) if found else None


def serve_case(zz, data, name, rules, positions, clients, seconds):
    server = subprocess.Popen([zz, "serve", "--port", "0", "--data", data], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        rule_params = [("rule", r) for r in rules]

        def path(position):
            return "/api/query?" + urllib.parse.urlencode([("game", name), ("position", position)] + rule_params)

        warm = http.client.HTTPConnection("127.0.0.1", port)
        for p in positions:  # every table opened, every block checked once
            warm.request("GET", path(p))
            answer = warm.getresponse()
            answer.read()
            assert answer.status == 200, answer.status
        warm.close()
        latencies = []
        lock = threading.Lock()
        stop_at = time.perf_counter() + seconds

        def client(seed):
            rng = random.Random(seed)
            connection = http.client.HTTPConnection("127.0.0.1", port)
            mine = []
            while time.perf_counter() < stop_at:
                start = time.perf_counter()
                connection.request("GET", path(rng.choice(positions)))
                answer = connection.getresponse()
                answer.read()
                mine.append(time.perf_counter() - start)
                if answer.status != 200:
                    raise RuntimeError(f"HTTP {answer.status}")
            connection.close()
            with lock:
                latencies.extend(mine)

        threads = [threading.Thread(target=client, args=(s,)) for s in range(clients)]
        began = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - began
    finally:
        server.terminate()
        server.wait()
    return {"requests": len(latencies), "requests_per_second": round(len(latencies) / elapsed),
            "p50_ms": round(percentile(latencies, 50) * 1e3, 3), "p99_ms": round(percentile(latencies, 99) * 1e3, 3),
            "max_ms": round(max(latencies) * 1e3, 3), "clients": clients}


def cold_case(zz, data, name, rules, positions):
    rule_args = [a for r in rules for a in ("--rule", r)]
    times = []
    for p in positions:
        evict_tables(data)
        start = time.perf_counter()
        done = subprocess.run([zz, "query", name, p, "--json", "--data", data, *rule_args], capture_output=True)
        times.append(time.perf_counter() - start)
        assert done.returncode == 0, done.stderr
    return {"queries": len(times), "p50_ms": round(statistics.median(times) * 1e3, 2),
            "p99_ms": round(percentile(times, 99) * 1e3, 2), "max_ms": round(max(times) * 1e3, 2),
            "tables_evicted_from_page_cache": True}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("zugzwang")
    parser.add_argument("data")
    parser.add_argument("game")
    parser.add_argument("tier")
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--cold", type=int, default=30, help="cold command-line queries")
    args = parser.parse_args()
    rules = {r.split("=", 1)[0]: r.split("=", 1)[1] for r in args.rule}
    game = zugzwang.Game(args.game, rules=rules, data=args.data)
    positions, table = sample(game, args.tier, args.positions, seed=1)
    file = game.tables(args.tier if game.info.tables_by_material else None).tables[-1].file
    size = os.path.getsize(file) if game.info.tables_by_material else None
    base = {"game": args.game, "tier": args.tier, "entries": len(table), "table_bytes": size,
            "values_only": table.values_only, "block_entries": block_entries(file)}
    print(json.dumps({"case": "serve-warm-query", **base,
                      **serve_case(args.zugzwang, args.data, args.game, args.rule, positions, args.clients,
                                   args.seconds)}), flush=True)
    print(json.dumps({"case": "cli-cold-query", **base,
                      **cold_case(args.zugzwang, args.data, args.game, args.rule, positions[:args.cold])}), flush=True)


if __name__ == "__main__":
    sys.exit(main())
