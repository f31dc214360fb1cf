"""results/chess/all5/record_tables.py: the record of the set's files gathers parts built on
different runs, keeps what it recorded for tables no longer on disk, and refuses a table whose
bytes differ from the recorded ones unless the set was packed again on purpose (--repacked)."""
import hashlib
import json
import os
import pathlib
import subprocess
import sys

from conftest import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "results" / "chess" / "all5" / "record_tables.py"


def record(data, out, *extra):
    return subprocess.run([sys.executable, str(SCRIPT), os.environ["ZZ_CLI"], str(data), "--out", str(out), *extra],
                          capture_output=True, text=True)


def by_tier(out):
    return {t["tier"]: t for t in json.loads(out.read_text())["tables"]}


def test_parts_built_apart_gather_in_one_record(tmp_path):
    first, second, out = tmp_path / "first", tmp_path / "second", tmp_path / "tables.json"
    code, _, err = cli("solve", "chess", "--material", "KQvK", data=first)
    assert code == 0, err
    r = record(first, out)
    assert r.returncode == 0, r.stderr
    tables = by_tier(out)
    assert len(tables) == 146  # every table of all5, recorded or not
    kqvk = first / "chess" / "default" / "KQvK.zzt"
    assert tables["KQvK"]["bytes"] == kqvk.stat().st_size
    assert tables["KQvK"]["sha256"] == hashlib.sha256(kqvk.read_bytes()).hexdigest()
    assert "sha256" not in tables["KRvK"]

    # Another machine, another part: KQvK is gone from disk but stays recorded.
    code, _, err = cli("solve", "chess", "--material", "KRvK", data=second)
    assert code == 0, err
    r = record(second, out)
    assert r.returncode == 0, r.stderr
    tables = by_tier(out)
    assert "sha256" in tables["KQvK"] and "sha256" in tables["KRvK"]
    assert json.loads(out.read_text())["tables_recorded"] == 3  # KvK, KQvK, KRvK


def test_a_table_built_again_with_other_bytes_is_refused(tmp_path):
    data, out = tmp_path / "data", tmp_path / "tables.json"
    code, _, err = cli("solve", "chess", "--material", "KRvK", data=data)
    assert code == 0, err
    assert record(data, out).returncode == 0
    doc = json.loads(out.read_text())
    for t in doc["tables"]:
        if t["tier"] == "KRvK":
            t["sha256"] = "0" * 64
    out.write_text(json.dumps(doc))
    r = record(data, out)
    assert r.returncode == 1
    assert "KRvK" in r.stderr and "0" * 64 in r.stderr
    assert json.loads(out.read_text())["tables"] == doc["tables"]  # left as it was


def test_a_set_packed_again_on_purpose_is_recorded_anew(tmp_path):
    data, out = tmp_path / "data", tmp_path / "tables.json"
    code, _, err = cli("solve", "chess", "--material", "KQvKR", data=data)
    assert code == 0, err
    assert record(data, out).returncode == 0
    before = by_tier(out)
    code, _, err = cli("compress", "chess", "--material", "KQvKR", "--block-entries", "1048576", data=data)
    assert code == 0, err
    refused = record(data, out)
    assert refused.returncode == 1 and "KQvKR" in refused.stderr
    r = record(data, out, "--repacked")
    assert r.returncode == 0, r.stderr
    assert "KQvKR: " in r.stderr and "recorded anew" in r.stderr
    after = by_tier(out)
    kqvkr = data / "chess" / "default" / "KQvKR.zzt"
    assert after["KQvKR"]["sha256"] == hashlib.sha256(kqvkr.read_bytes()).hexdigest() != before["KQvKR"]["sha256"]
    assert after["KQvKR"]["bytes"] == kqvkr.stat().st_size < before["KQvKR"]["bytes"]
    assert record(data, out).returncode == 0  # now the record and the files agree
