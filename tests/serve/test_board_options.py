"""The structured board (/api/board: the command line's `board --json`), the options every
face offers (review's proof search, export, analyze's limits from api/limits.hpp) and a
position no table covers answered 400 with its reason."""
import json
import subprocess

from server import CLI


def cli(*args, data=None):
    extra = ["--data", str(data)] if data else []
    return subprocess.run([CLI, *args, *extra], capture_output=True, text=True)


def cli_json(*args, data=None):
    done = cli(*args, "--json", data=data)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_board_is_the_command_lines_document(server):
    for game, position in [("tatedrez", "start"), ("taktikl", "oxox/4/x3/1oxo o a1a2 -"), ("dobutsu", "start"),
                           ("tablut", "start"), ("chess", "8/5P2/8/8/2r5/8/2k5/K6Q w - - 0 1")]:
        status, board = server.get("/api/board", game=game, position=position)
        assert status == 200
        assert board == cli_json("board", game, position)
        b = board["board"]
        assert len(b["squares"]) == b["files"] * b["ranks"]
        names = {sq["name"] for sq in b["squares"]}
        # every legal move as squares the page can click, in the order of /api/position
        _, listed = server.get("/api/position", game=game, position=position)
        assert [m["move"] for m in board["moves"]] == listed["moves"]
        for m in board["moves"]:
            assert m.get("to") is None or m["to"] in names
            assert m.get("from") is None or m["from"] in names


def test_the_4x5_board_is_served_with_its_rule(server):
    rule = ["board=4x5", "no-return=off"]
    status, board = server.get("/api/board", game="taktikl", rule=rule, position="start")
    assert status == 200
    assert board == cli_json("board", "taktikl", "start", "--rule", "board=4x5", "--rule", "no-return=off")
    assert (board["board"]["files"], board["board"]["ranks"]) == (4, 5)
    assert board["position"] == "oxox/4/4/4/xoxo x - -"
    status, perft = server.get("/api/perft", game="taktikl", rule=rule, position="start", depth=4)
    assert status == 200 and perft["nodes"] == 1046
    for bad in ["board=5x5", "board=4x"]:
        status, answer = server.get("/api/board", game="taktikl", rule=[bad], position="start")
        assert status == 400 and "\n" not in answer["error"] and bad in answer["error"]
    status, answer = server.get("/api/board", game="taktikl", rule=rule, position="oxox/4/4/xoxo x")
    assert status == 400 and "expected 5 ranks" in answer["error"]


def test_board_of_a_bad_position_is_400(server):
    status, answer = server.get("/api/board", game="dobutsu", position="gle/1c1 s -")
    assert status == 400 and "\n" not in answer["error"]
    assert answer["error"] == cli("board", "dobutsu", "gle/1c1 s -").stderr.strip().split(": ", 1)[1]


def test_review_takes_the_proof_options(server, data):
    # Tablut beyond the tables: proof search within 3 plies finds the king's escape.
    body = {"game": "tablut", "start": "9/9/2K6/9/9/9/9/4B4/9 w", "moves": ["c3-c1"], "proof_plies": 3,
            "proof_nodes": 100000}
    status, review = server.post("/api/review", body)
    assert status == 200 and review["proof_plies"] == 3
    assert review == cli_json("review", "tablut", "9/9/2K6/9/9/9/9/4B4/9 w", "c3-c1", "--proof-plies", "3",
                              "--proof-nodes", "100000", data=data)
    for bad in [{"proof_plies": 65}, {"proof_plies": -1}, {"proof_nodes": 0}, {"proof_plies": 1.5}]:
        status, answer = server.post("/api/review", {**body, **bad})
        assert status == 400, bad
        assert "proof" in answer["error"], answer


def test_export_is_the_command_lines_rows(server, data):
    status, doc = server.get("/api/export", game="chess", material="KQvK", where="win", limit=5)
    assert status == 200 and doc["count"] == 5
    done = cli("export", "chess", "--material", "KQvK", "--where", "value=win", "--limit", "5", data=data)
    assert done.returncode == 0 and doc == json.loads(done.stdout)  # export's default format is one JSON document
    assert server.get("/api/export", game="chess", material="KQvK", where="maybe")[0] == 400
    assert server.get("/api/export", game="chess", material="KQvK", limit=-1)[0] == 400


def test_analyze_limits_are_the_results_layers(server):
    for body in [{"depth": 0}, {"depth": 201}, {"depth": 2.5}, {"seconds": 0}, {}, {"depth": 3, "seconds": 1}]:
        status, answer = server.post("/api/analyze", {"game": "tablut", "position": "start", **body})
        assert status == 400, body
    status, answer = server.post("/api/analyze", {"game": "tablut", "position": "start", "depth": 0})
    done = cli("analyze", "tablut", "start", "--depth", "0")
    assert done.returncode == 2 and answer["error"] == done.stderr.strip().split(": ", 1)[1]


def test_a_position_no_table_covers_is_400_with_its_reason(server, data):
    status, answer = server.get("/api/query", game="chess", position="start")
    assert status == 400 and answer["covered"] is False and "castling" in answer["error"]
    done = cli("query", "chess", "start", data=data)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "not covered" in done.stderr and "castling" in done.stderr
