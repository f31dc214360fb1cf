#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz harnesses (corpus/<harness>/seed-*).

    tests/fuzz/make_seeds.py build/tools/cli/zugzwang

Game seeds are positions of random games played through the program (a position line, then
a few legal moves), plus the notation variants each parser accepts. Table seeds are written
by the table_seeds() below straight from the format of docs/table-format.md, not by the
program, so they also check that the format is specified completely. Files found by fuzzing
that once failed are kept in corpus/<harness>/regression-* and never regenerated.
"""
import json
import lzma
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
zz = sys.argv[1]
rng = random.Random(20261201)


def run(*args):
    return subprocess.run([zz, *args], capture_output=True, text=True, check=True).stdout


def legal_moves(game, position):
    out = run("perft", game, position, "1", "--divide")
    return [line.split(":")[0] for line in out.splitlines() if ":" in line]


def random_game(game, start, plies):
    line, position = [], start
    for _ in range(plies):
        moves = legal_moves(game, position)
        if not moves:
            break
        move = rng.choice(moves)
        position = json.loads(run("move", game, position, move, "--json"))["position"]
        line.append((position, move))
    return line


def write(harness, name, data):
    folder = os.path.join(HERE, "corpus", harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def game_seeds(game, start, games, plies, extra):
    n = 0
    for g in range(games):
        history = random_game(game, start, plies)
        for i in range(0, len(history) - 3, 3):
            position = history[i][0]
            moves = [m for _, m in history[i + 1:i + 4]]
            write(game, f"{n:03d}", position + "\n" + " ".join(moves) + "\n")
            n += 1
    for text in extra:
        write(game, f"{n:03d}", text)
        n += 1


def checksum(data):
    def mix(x):
        x ^= x >> 30
        x = (x * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        x ^= x >> 27
        x = (x * 0x94D049BB133111EB) & (2**64 - 1)
        return x ^ (x >> 31)
    lane = [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5]
    i = 0
    while i + 32 <= len(data):
        for k in range(4):
            lane[k] = mix(lane[k] ^ int.from_bytes(data[i + 8 * k:i + 8 * k + 8], "little"))
        i += 32
    k = 0
    while i + 8 <= len(data):
        lane[k] = mix(lane[k] ^ int.from_bytes(data[i:i + 8], "little"))
        i += 8
        k += 1
    tail = int.from_bytes(data[i:], "little")
    h = mix(lane[0] ^ mix(lane[1] ^ mix(lane[2] ^ mix(lane[3] ^ tail))))
    return mix(h ^ len(data))


def table(codes, width, version):
    payload = b"".join(c.to_bytes(width, "little") for c in codes)
    wins = [(c - 3) // 2 for c in codes if c >= 3 and c % 2 == 1]
    losses = [(c - 2) // 2 for c in codes if c >= 2 and c % 2 == 0]
    draws = sum(1 for c in codes if c == 1)
    header = {"format_version": version, "game": "fuzz", "rules": {}, "tier": "t", "entries": len(codes),
              "encoding": "u8" if width == 1 else "u16", "program_version": "seed",
              "positions": len(wins) + len(losses) + draws, "wins": len(wins), "losses": len(losses),
              "draws": draws, "longest_win": max(wins, default=-1), "longest_loss": max(losses, default=-1)}
    if version == 2:
        header["wins_by_remoteness"] = [wins.count(r) for r in range(header["longest_win"] + 1)]
        header["losses_by_remoteness"] = [losses.count(r) for r in range(header["longest_loss"] + 1)]
    if version == 1:
        header["checksum"] = "%016x" % checksum(payload)
        text = json.dumps(header).encode()
        return b"ZZTABLE\n" + struct.pack("<I", len(text)) + text + payload
    blocks = [payload[b:b + 65536] for b in range(0, len(payload), 65536)]
    sums = b"".join(struct.pack("<Q", checksum(b)) for b in blocks)
    header["block_bytes"] = 65536
    header["checksum"] = "%016x" % checksum(sums)
    text = json.dumps(header).encode()
    text += b" " * ((64 - (12 + len(text)) % 64) % 64)
    return b"ZZTABLE\n" + struct.pack("<I", len(text)) + text + payload + sums


def packed_table(codes, width, block_entries=4096, fill=True, stored=None):
    """Format 3 from docs/table-format.md: symbols by frequency, unused slots filled with the
    symbol before them, blocks of raw LZMA2 with a block index and checksums."""
    first, end = stored or (0, len(codes))
    head = table(codes, width, 2)
    header = json.loads(head[12:12 + struct.unpack("<I", head[8:12])[0]])
    counts = {}
    for c in codes[first:end]:
        if not (fill and c == 0):
            counts[c] = counts.get(c, 0) + 1
    symbols = sorted(counts, key=lambda c: (-counts[c], c)) or [0]
    symbol_of = {c: s for s, c in enumerate(symbols)}
    sb = 1 if len(symbols) <= 256 else 2
    blocks = []
    for b in range(first, end, block_entries):
        out, previous = bytearray(), 0
        for c in codes[b:min(end, b + block_entries)]:
            s = previous if fill and c == 0 else symbol_of[c]
            previous = s
            out += s.to_bytes(sb, "little")
        filters = [{"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": max(4096, len(out))}]
        blocks.append(lzma.compress(bytes(out), format=lzma.FORMAT_RAW, filters=filters))
    offsets, at = [0], 0
    for blk in blocks:
        at += len(blk)
        offsets.append(at)
    index = b"".join(struct.pack("<Q", o) for o in offsets) + b"".join(struct.pack("<Q", checksum(b)) for b in blocks)
    for k in ("block_bytes",):
        header.pop(k, None)
    header.update({"format_version": 3, "codec": "lzma", "block_entries": block_entries, "stored": [first, end],
                   "unused": "filled" if fill else "kept", "symbols": symbols, "blocks": len(blocks),
                   "dictionary_bytes": 0, "compressed_bytes": at, "checksum": "%016x" % checksum(index),
                   "dictionary_checksum": "%016x" % checksum(b"")})
    text = json.dumps(header).encode()
    text += b" " * ((64 - (12 + len(text)) % 64) % 64)
    return b"ZZTABLE\n" + struct.pack("<I", len(text)) + text + index + b"".join(blocks)


def table_seeds():
    small = [rng.choice([0, 1, 2, 3, 4, 5, 40, 41]) for _ in range(70000)]
    wide = [rng.choice([0, 1, 2, 3, 900, 901]) for _ in range(70000)]
    write("table_loader", "v2-u8", table(small, 1, 2))
    write("table_loader", "v2-u16", table(wide, 2, 2))
    write("table_loader", "v1-u8", table(small, 1, 1))
    write("table_loader", "v2-draws", table([1] * 70000, 1, 2))
    write("table_loader", "v3-u8", packed_table(small, 1, fill=False))
    write("table_loader", "v3-u16", packed_table(wide, 2, block_entries=16384, fill=False))
    write("table_loader", "v3-u8-filled", packed_table(small, 1))
    write("table_loader", "v3-half", packed_table(small, 1, fill=False, stored=(0, 35000)))


game_seeds("tatedrez", "3/3/3 w", 6, 24, ["3/3/3 w", "rN1/1R1/nbB w 4\nb2a2", "3/nNb/RBr b 7\n", "start"])
game_seeds("taktikl", "oxox/4/4/xoxo x - -", 6, 30,
           ["oxox/4/4/xoxo x - -", "oxox/4/x3/o1xo x a1a2 b1a1 2\nc1b1", "oxox/4/4/xoxo x"])
game_seeds("tablut", "start", 4, 40,
           ["3BBB3/4B4/4W4/B3W3B/BBWWKWWBB/B3W3B/4W4/4B4/3BBB3 w\ne3f3 d5d6",
            "OOOBBBOOOOOOOBOOOOOOOOWOOOOBOOOWOOOBBBWWKWWBBBOOOWOOOBOOOOWOOOOOOOOBOOOOOOOBBBOOOW\nE3-F3",
            "9/9/9/3W5/2BBK4/9/9/9/9 w", "9/9/9/9/9/9/9/9/9 w"])
game_seeds("chess", "startpos", 4, 40,
           ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ne2e4 e7e5 g1f3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ne1g1 a8b8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\ne2e4 c7c5 b5c6",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8\nd7c8q",
            "8/8/8/8/2r5/8/2k5/K6Q w - - 104 80\nh1h2", "startpos",
            # SAN and its variants
            "startpos\ne4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6 Re1 Be7",
            "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1\nbxa8=Q+ 0-0-0 Qa8xd8 Kxd8 e1g1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\nexd6e.p. Kd7 Kd2 Kxd6"])
for i, text in enumerate(["no-move=pass\nrounds=0", "no-return=off\nmoves=150\nno-move=loss", "rounds=030",
                          "moves=x", "no-move=draw\nno-move=pass", "=", ""]):
    write("rules", f"{i:03d}", text)


def frame(payload):
    data = payload.encode()
    return struct.pack(">I", len(data)) + data


start_board = [["EMPTY"] * 9 for _ in range(9)]
start_board[4][4] = "KING"
state = json.dumps({"board": start_board, "turn": "WHITE"})
write("protocol_framing", "000", frame(state) + frame(state))
write("protocol_framing", "001", frame('"name"'))
write("protocol_framing", "002", struct.pack(">I", 5) + b"ab")
write("protocol_messages", "000", state)
write("protocol_messages", "001", json.dumps({"board": start_board, "turn": "WHITEWIN"}))
write("protocol_messages", "002", '{"board": [], "turn": "BLACK"}')
table_seeds()
