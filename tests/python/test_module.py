"""import zugzwang: answers equal the command line's, tables are NumPy views of the files,
indices round-trip, errors are the documented exceptions, and nothing leaks."""
import json
import os
import pathlib
import random
import resource

import numpy as np
import pytest

import zugzwang
from conftest import cli, cli_json

# (game, table to sample positions from, rules)
TABLES = [("tatedrez", "movement", {}), ("tatedrez", "placement-4", {}), ("taktikl", "all", {}),
          ("chess", "KQvK", {}), ("chess", "KRvK", {}), ("tablut", "K1W1B", {})]


def sample_positions(game, tier, count, seed=1):
    table = game.table(tier)
    used = np.flatnonzero(table.used())
    picks = np.random.default_rng(seed).choice(used, size=min(count, used.size), replace=False)
    return [table.position(int(i)) for i in picks]


def test_games_lists_every_game_with_its_rules():
    games = {g.name: g for g in zugzwang.games()}
    assert set(games) == {"tatedrez", "taktikl", "tablut", "chess", "dobutsu", "quixo", "morris"}
    assert [o.name for o in games["taktikl"].rule_options] == ["board", "no-return", "moves", "no-move"]
    assert games["tatedrez"].solves_on_demand and games["chess"].tables_by_material
    assert [g.to_dict() for g in zugzwang.games()] == cli_json("games")


@pytest.mark.parametrize("name,tier,rules", TABLES)
def test_query_equals_the_command_line(data, name, tier, rules):
    game = zugzwang.Game(name, rules=rules, data=data)
    for position in sample_positions(game, tier, 25):
        answer = game.query(position)
        assert answer.to_dict() == cli_json("query", name, position, data=data)
        # The object's fields say the same as its document.
        doc = answer.to_dict()
        assert (answer.value, answer.remoteness, answer.over) == (doc["value"], doc["remoteness"], doc["over"])
        assert [(m.move, m.value, m.remoteness) for m in answer.moves] == \
            [(m["move"], m["value"], m["remoteness"]) for m in doc["moves"]]
        # Chess names its moves in SAN beside the UCI id; the other games have ids only.
        assert [m.name for m in answer.moves] == [m.get("name", "") for m in doc["moves"]]
        assert all(bool(m.name) == (name == "chess") for m in answer.moves)


def test_chess_moves_are_named_in_san_and_taken_in_san(data):
    g = zugzwang.Game("chess", data=data)
    played = g.move("start", "e4", "e7e5", "Nf3")
    assert played.moves == ["e2e4", "e7e5", "g1f3"] and played.names == ["e4", "e5", "Nf3"]
    assert played.to_dict() == cli_json("move", "chess", "start", "e4", "e7e5", "Nf3")
    line = g.principal_variation("k7/8/1K6/8/8/8/8/7R b - - 0 1")
    assert line.moves == ["a8b8", "h1h8"] and line.names == ["Kb8", "Rh8#"]
    assert [s.name for s in line.line] == line.names
    review = g.review("k7/8/1K6/8/8/8/8/7R b - - 0 1", ["Kb8", "h1h7"])
    assert [(p.move, p.name) for p in review.plies] == [("a8b8", "Kb8"), ("h1h7", "Rh7")]
    assert (review.plies[1].best_move, review.plies[1].best_move_name) == ("h1h8", "Rh8#")
    with pytest.raises(ValueError):
        g.move("start", "Nd4")


def test_move_line_perft_and_analyze_equal_the_command_line(data):
    g = zugzwang.Game("tatedrez", data=data)
    assert g.move("start", "R@b2", "r@a1").to_dict() == cli_json("move", "tatedrez", "start", "R@b2", "r@a1")
    assert g.principal_variation("rN1/1R1/nbB w 4").to_dict() == \
        cli_json("query", "tatedrez", "rN1/1R1/nbB w 4", "--line", data=data)
    assert g.perft("start", 4) == cli_perft("tatedrez", "start", 4)
    assert sum(g.perft("start", 3, divide=True).values()) == g.perft("start", 3)
    assert sorted(g.legal_moves("rN1/1R1/nbB w 4")) == ["b2a2", "b2c2"]
    review = g.review("start", ["R@b2", "r@a1"])
    assert review.to_dict() == cli_json("review", "tatedrez", "start", "R@b2", "r@a1", data=data)
    t = zugzwang.Game("taktikl", data=data)
    result = t.analyze("start", depth=10)
    assert result.proofs[1].attacker == "O" and result.proofs[1].result == "proven"
    assert {m.result for m in result.moves} == {"loss"}


def test_analyze_is_the_command_lines_analysis(data):
    # The same code path: the same document, but for the clock (seconds, nodes per second).
    def timeless(doc):
        return {k: v for k, v in doc.items() if k not in ("seconds", "nodes_per_second")}

    for name, position, depth, lines in [("tablut", "start", 5, 3), ("taktikl", "start", 6, 2),
                                         ("tablut", "4B4/6B2/W1B6/B4WB2/B2B1W1BB/B3W1B2/1B1K1B2W/2B4B1/3B5 w", 4, 1)]:
        ours = zugzwang.Game(name, data=data).analyze(position, depth=depth, lines=lines).to_dict()
        theirs = cli_json("analyze", name, position, "--depth", str(depth), "--lines", str(lines), data=data)
        assert timeless(ours) == timeless(theirs), (name, position)
        assert len(ours["lines"]) == lines
        # Tak Tikl's start is in the tables (the data has them): their lines, no search.
        assert (ours["source"], ours["search_depth"]) == (("tables", 0) if name == "taktikl" else ("search", depth))


def cli_perft(game, position, depth):
    code, out, err = cli("perft", game, position, str(depth))
    assert code == 0, err
    return int(out.split()[-1])


def test_a_tables_numpy_view_equals_what_export_writes(data):
    for name, tier, rules in [("tatedrez", "placement-3", {}), ("chess", "KQvK", {}), ("tablut", "K1W1B", {})]:
        game = zugzwang.Game(name, rules=rules, data=data)
        table = game.table(tier)
        codes = table.codes
        assert codes.dtype in (np.uint8, np.uint16) and not codes.flags.writeable
        assert len(codes) == len(table) == table.stats.entries
        with pytest.raises(ValueError):
            codes[0] = 1  # read-only: the view is the file's own bytes
        values, remoteness = table.values(), table.remoteness()
        code, out, err = cli("export", name, "--format", "jsonl", *(["--material", tier] if name in ("chess", "tablut") else []),
                             data=data)
        assert code == 0, err
        rows = [json.loads(line) for line in out.splitlines() if json.loads(line)["tier"] == tier]
        assert len(rows) == int(np.count_nonzero(table.used()))
        numeric = {"win": 1, "draw": 0, "loss": -1}
        for row in rows[:: max(1, len(rows) // 500)]:
            i = table.index(row["position"])
            assert numeric[row["value"]] == values[i]
            assert (row["remoteness"] if row["remoteness"] is not None else -1) == remoteness[i]
        # The whole table's counts agree with its header.
        assert int(np.count_nonzero(values == 1)) == table.stats.wins
        assert int(np.count_nonzero(values == -1)) == table.stats.losses
        assert int(np.count_nonzero(values == 0)) == table.stats.draws
        assert int(np.count_nonzero(values == zugzwang.UNUSED)) == len(table) - table.stats.positions
        assert np.bincount(remoteness[values == 1]).tolist() == table.stats.wins_by_remoteness


def test_indices_round_trip_through_position_and_index(data):
    for name, tier, rules in TABLES:
        game = zugzwang.Game(name, rules=rules, data=data)
        table = game.table(tier)
        used = np.flatnonzero(table.used())
        for i in np.random.default_rng(7).choice(used, size=min(300, used.size), replace=False):
            assert table.index(table.position(int(i))) == i
        first = next(iter(table))
        assert first[0] == table.position(int(used[0]))
        assert first[1] in ("win", "draw", "loss")


def test_errors_are_the_documented_exceptions(data, tmp_path):
    g = zugzwang.Game("tatedrez", data=data)
    with pytest.raises(zugzwang.InputError) as bad:
        g.query("3/3/3 q")
    assert isinstance(bad.value, ValueError)
    code, _, err = cli("query", "tatedrez", "3/3/3 q", data=data)
    assert code == 2 and err.strip().endswith(str(bad.value))  # the command line's one-line reason
    with pytest.raises(zugzwang.InputError) as bad:  # control characters escaped, as there
        zugzwang.Game("che\nss\x1b[31m")
    assert "\n" not in str(bad.value) and "\x1b" not in str(bad.value) and "che\\x0ass\\x1b[31m" in str(bad.value)
    # A position decoded from bytes that are not UTF-8 (os.fsdecode) is refused by those bytes.
    not_utf8 = os.fsdecode(b"3/3/3 w\xff")
    with pytest.raises(zugzwang.InputError) as bad:
        g.query(not_utf8)
    code, _, err = cli("query", "tatedrez", not_utf8, data=data)
    assert code == 2 and "\\xff" in str(bad.value) and err.strip().endswith(str(bad.value))
    # A lone surrogate no bytes were decoded to is refused by its own UTF-8 bytes, escaped; so is
    # every str argument, not only positions.
    with pytest.raises(zugzwang.InputError) as bad:
        g.query("3/3/3 w\ud800")
    assert "\\xed\\xa0\\x80" in str(bad.value)
    chess = zugzwang.Game("chess", data=tmp_path)
    for call in (lambda: zugzwang.Game("tate\ud800drez"), lambda: chess.tables(os.fsdecode(b"K\xffvK")),
                 lambda: chess.export("KQ\udcffvK"), lambda: g.move("start", "a\ud800"),
                 lambda: g.review("start", ["\ud800"]), lambda: g.solve(memory="8\ud800G"),
                 lambda: zugzwang.Game("tatedrez", rules={"no-move": "pa\udcffss"})):
        with pytest.raises(zugzwang.InputError) as bad:
            call()
        assert "\\x" in str(bad.value) and "\n" not in str(bad.value)
    with pytest.raises(TypeError, match="moves must be a list"):
        g.review("start", "a1")
    with pytest.raises(TypeError, match="material must be a str"):
        chess.tables(5)
    assert zugzwang.Game("tatedrez", data=pathlib.Path(data)).query().value == g.query().value
    with pytest.raises(zugzwang.InputError):
        g.move("start", "x@z9")
    with pytest.raises(zugzwang.InputError):
        zugzwang.Game("checkers")
    with pytest.raises(zugzwang.InputError):
        zugzwang.Game("tatedrez", rules={"rounds": "many"})
    with pytest.raises(zugzwang.InputError):
        g.table("movement").position(10**12)
    with pytest.raises(FileNotFoundError) as missing:
        zugzwang.Game("chess", data=tmp_path).query("8/8/8/8/2r5/8/2k5/K6Q w - - 0 1")
    assert "zugzwang solve chess --material KQvKR" in missing.value.command
    assert isinstance(missing.value, zugzwang.MissingTableError)
    with pytest.raises(zugzwang.InputError):
        g.analyze("start", depth=0)


def test_thousands_of_calls_neither_leak_nor_crash(data):
    g = zugzwang.Game("taktikl", data=data)
    positions = sample_positions(g, "all", 200, seed=3)
    table = g.table("all")

    def burst():
        for _ in range(10):
            for p in positions:
                g.query(p)
                table.index(p)
            try:
                g.query("garbage")
            except zugzwang.InputError:
                pass
            table.codes.sum()

    burst()  # warm: tables mapped, caches filled
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for _ in range(5):
        burst()
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 20_000, f"the process grew by {grown_kb} kB over 10,000 queries"


def test_solve_reports_progress_and_a_python_error_in_the_callback_stops_it(tmp_path):
    g = zugzwang.Game("tatedrez", rules={"no-move": "pass"}, data=tmp_path)
    seen, stored = [], []
    def note(p):
        seen.append((p.tier, p.level))
        if p.table_finished:
            stored.append((p.tables_done, p.tables, p.slots_done, p.slots, p.seconds_left,
                           p.table_seconds, p.table_cpu_seconds, p.coder))
    report = g.solve(progress=note)
    assert seen and report.start.value == "win" and report.start.remoteness == 15
    # One report per table stored, counting up to the whole set, its estimate known from the first on.
    assert [s[0] for s in stored] == list(range(1, len(report.tiers) + 1))
    assert all(s[1] == len(report.tiers) for s in stored)
    assert stored[-1][2] == stored[-1][3] > 0 and stored[-1][4] == 0
    assert all(s[4] is not None for s in stored)
    # Each stored table says what it cost: wall and CPU seconds, measured (not all zero).
    assert all(s[5] >= 0 and s[6] >= 0 for s in stored) and sum(s[6] for s in stored) > 0
    assert sum(t.cpu_seconds for t in report.tiers) > 0
    # ... and what coded its blocks (the better of LZMA2 9 and zstd 19 on a sample, for tables this small).
    assert all(s[7] in ("lzma9", "zstd19") for s in stored)
    assert report.to_dict()["tiers"] == cli_json("solve", "tatedrez", "--rule", "no-move=pass", data=tmp_path)["tiers"]

    def fail(progress):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        zugzwang.Game("taktikl", data=tmp_path).solve(progress=fail)
    assert not (tmp_path / "taktikl").exists() or not any((tmp_path / "taktikl").rglob("*.zzt"))


def test_solve_progress_names_the_sub_tables_it_decodes(tmp_path):
    zugzwang.Game("chess", data=tmp_path).solve(material="KQvK")
    reports = []
    # A new game object: the one that built KQvK still holds it in memory.
    zugzwang.Game("chess", data=tmp_path).solve(material="KQRvK", progress=reports.append)
    decoding = [(r.tier, r.decoding, r.dependency, r.dependencies) for r in reports if r.decoding]
    # KQvK is read back from its compressed file before KQRvK's first level; KRvK, built in this
    # call, is in memory already.
    assert any(d[0] == "KQRvK" and d[1] == "KQvK" and 1 <= d[2] <= d[3] for d in decoding), decoding
    assert all(d[1] != "KRvK" for d in decoding)
    assert all(r.decoding == "" for r in reports if r.table_finished)


def test_solve_in_the_compact_state_writes_the_same_tables_and_refuses_bad_sizes(tmp_path):
    memory = zugzwang.Game("tatedrez", data=tmp_path / "memory").solve(working_state="memory")
    reports = []
    compact = zugzwang.Game("tatedrez", data=tmp_path / "compact").solve(memory="1K", progress=reports.append)
    assert compact.to_dict()["tiers"] == memory.to_dict()["tiers"]
    # The compact state reports its scratch file's traffic.
    assert max(r.scratch_written for r in reports) > 0
    assert all(r.scratch_read >= 0 for r in reports)
    for a in sorted((tmp_path / "memory").rglob("*.zzt")):
        assert a.read_bytes() == (tmp_path / "compact" / a.relative_to(tmp_path / "memory")).read_bytes()
    g = zugzwang.Game("tatedrez", data=tmp_path / "bad")
    for bad in ("lots", "8X", 0, -5):
        with pytest.raises(zugzwang.InputError):
            g.solve(memory=bad)
    with pytest.raises(zugzwang.InputError, match="working state"):
        g.solve(working_state="disk")


def test_solve_with_a_codec_codes_every_table_so_and_refuses_bad_ones(tmp_path):
    plain = zugzwang.Game("tatedrez", data=tmp_path / "plain").solve()
    reports = []
    fast = zugzwang.Game("tatedrez", data=tmp_path / "fast").solve(codec="zstd", level=3, progress=reports.append)
    coders = {r.coder for r in reports if r.table_finished}
    assert coders == {"zstd3"}, coders
    # The same values in other bytes (the writer's own choice is lzma 9 or zstd 19).
    assert fast.to_dict()["tiers"] == plain.to_dict()["tiers"]
    files = sorted((tmp_path / "plain").rglob("*.zzt"))
    assert files and all(f.read_bytes() != (tmp_path / "fast" / f.relative_to(tmp_path / "plain")).read_bytes()
                         for f in files)
    g = zugzwang.Game("tatedrez", data=tmp_path / "bad")
    for bad in ({"codec": "brotli"}, {"codec": "zstd", "level": 99}, {"level": 6}, {"codec": "zstd", "level": "6"}):
        with pytest.raises(zugzwang.InputError):
            g.solve(**bad)
    assert not list((tmp_path / "bad").rglob("*.zzt"))


def test_the_4x5_board_solves_and_answers_as_the_command_line_does(tmp_path):
    rules = {"board": "4x5", "no-return": "off"}
    rule_args = ["--rule", "board=4x5", "--rule", "no-return=off"]
    g = zugzwang.Game("taktikl", rules=rules, data=tmp_path)
    report = g.solve()
    assert report.start.value == "draw"
    assert report.to_dict()["tiers"] == cli_json("solve", "taktikl", *rule_args, data=tmp_path)["tiers"]
    assert len(g.table("all")) == 2_205_812
    for position in ["start"] + sample_positions(g, "all", 25):
        assert g.query(position).to_dict() == cli_json("query", "taktikl", position, *rule_args, data=tmp_path)
    board = g.board("start")
    assert (board.board["files"], board.board["ranks"]) == (4, 5)
    assert board.to_dict() == cli_json("board", "taktikl", "start", *rule_args)
    with pytest.raises(zugzwang.InputError, match="expected 5 ranks"):
        g.query("oxox/4/4/xoxo x")
    with pytest.raises(zugzwang.InputError, match="board=5x5"):
        zugzwang.Game("taktikl", rules={"board": "5x5"}, data=tmp_path)


def test_compressed_tables_read_as_their_uncompressed_copies(tmp_path):
    # The solver writes format 3; `compress --format 2` writes the same table one code per slot,
    # whose `codes` is a view of the file. Every code, value and remoteness agrees.
    for args in (["solve", "chess", "--material", "KRvK"], ["solve", "tablut", "--material", "K1W1B"]):
        code, _, err = cli(*args, data=tmp_path)
        assert code == 0, err
    before = {}
    for name, tier in (("chess", "KRvK"), ("tablut", "K1W1B")):
        table = zugzwang.Game(name, data=tmp_path).table(tier)
        assert table.compressed
        before[name] = (table.codes.copy(), table.values(), table.remoteness(), table.used())
    for name, material in (("chess", "KRvK"), ("tablut", "K1W1B")):
        code, _, err = cli("compress", name, "--material", material, "--format", "2", data=tmp_path)
        assert code == 0, err
    for name, tier in (("chess", "KRvK"), ("tablut", "K1W1B")):
        table = zugzwang.Game(name, data=tmp_path).table(tier)
        assert not table.compressed
        codes, values, remoteness, used = before[name]
        assert np.array_equal(table.codes, codes)
        assert np.array_equal(table.values(), values)
        assert np.array_equal(table.remoteness(), remoteness)
        assert np.array_equal(table.used(), used)
