"""What the record scripts of results/ read from a run: a table file's JSON header and SHA-256,
and the durations the progress lines print. Standard library only; each script beside a game's
results imports it from this folder (results/morris/run_record.py, results/tablut/attempt_record.py)."""
import hashlib
import json
import re
import sys


def seconds(text):
    """'1 h 02 min 03 s', '5 min 44 s' or '33.6 s' as seconds."""
    return sum(float(v) * {"h": 3600, "min": 60, "s": 1}[u] for v, u in re.findall(r"([0-9.]+) (h|min|s)\b", text))


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def header(path):
    """A table file's JSON header: the magic line, its length (4 bytes, little endian), the header."""
    with open(path, "rb") as f:
        magic, length = f.read(8), int.from_bytes(f.read(4), "little")
        if magic != b"ZZTABLE\n" or length > 1 << 24:
            sys.exit(f"{path}: not a zugzwang table")
        return json.loads(f.read(length))
