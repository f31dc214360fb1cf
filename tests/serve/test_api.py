"""The JSON API answers the command line's --json documents, refuses bad input with the
command line's one-line reason (400), names the solve command of a missing table (404), and
runs analyze as a job with progress that can be cancelled."""
import json
import subprocess
import time

from server import CLI


def cli_json(*args, data=None):
    extra = ["--data", str(data)] if data else []
    done = subprocess.run([CLI, *args, "--json", *extra], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_error(*args, data):
    done = subprocess.run([CLI, *args, "--data", str(data)], capture_output=True, text=True)
    assert done.returncode == 2
    return done.stderr.strip().split(": ", 1)[1]  # the reason, without "zugzwang COMMAND: "


def test_every_answer_is_the_command_lines_document(server, data):
    pass_rule = {"rule": "no-move=pass"}
    for position in ["start", "rN1/1R1/nbB w 4", "R1r/3/3 w"]:
        assert server.get("/api/query", game="tatedrez", position=position, **pass_rule) == \
            (200, cli_json("query", "tatedrez", position, "--rule", "no-move=pass", data=data))
        assert server.get("/api/line", game="tatedrez", position=position, **pass_rule) == \
            (200, cli_json("query", "tatedrez", position, "--line", "--rule", "no-move=pass", data=data))
    assert server.get("/api/query", game="chess", position="8/8/8/8/8/8/2k5/K6Q w - - 0 1") == \
        (200, cli_json("query", "chess", "8/8/8/8/8/8/2k5/K6Q w - - 0 1", data=data))
    assert server.get("/api/query", game="tablut", position="9/9/9/3W5/4K4/9/4B4/9/9 b") == \
        (200, cli_json("query", "tablut", "9/9/9/3W5/4K4/9/4B4/9/9 b", data=data))
    assert server.get("/api/move", game="tablut", position="start", move=["e3-f3", "d1-d3"]) == \
        (200, cli_json("move", "tablut", "start", "e3-f3", "d1-d3"))
    assert server.get("/api/games") == (200, cli_json("games"))
    assert server.get("/api/tables", game="chess", material="KQvK") == \
        (200, cli_json("tables", "chess", "--material", "KQvK", data=data))
    status, perft = server.get("/api/perft", game="chess", position="start", depth=3)
    assert status == 200 and perft["nodes"] == 8902
    review = server.post("/api/review", {"game": "tatedrez", "rules": ["no-move=pass"], "start": "start",
                                         "moves": ["R@b2", "r@a1", "N@c3"]})
    assert review == (200, cli_json("review", "tatedrez", "start", "R@b2", "r@a1", "N@c3", "--rule", "no-move=pass",
                                    data=data))
    status, position = server.get("/api/position", game="tatedrez", position="rN1/1R1/nbB w 4")
    assert status == 200 and sorted(position["moves"]) == ["b2a2", "b2c2"] and not position["over"]


def test_bad_input_is_400_with_the_command_lines_reason(server, data):
    for params, cli_args in [
        ({"game": "tatedrez", "position": "3/3/3 q"}, ["query", "tatedrez", "3/3/3 q"]),
        ({"game": "checkers", "position": "start"}, ["query", "checkers", "start"]),
        ({"game": "tatedrez", "position": "start", "rule": "speed=fast"},
         ["query", "tatedrez", "start", "--rule", "speed=fast"]),
        ({"game": "chess", "position": "8/8/8/8/8/8/8/8 w - - 0 1"}, ["query", "chess", "8/8/8/8/8/8/8/8 w - - 0 1"]),
    ]:
        status, answer = server.get("/api/query", **params)
        assert status == 400
        assert answer["error"] == cli_error(*cli_args, data=data)
        assert "\n" not in answer["error"]
    assert server.get("/api/query", game="tatedrez")[0] == 400  # no position
    assert server.get("/api/perft", game="chess", position="start", depth=9)[0] == 400
    assert server.get("/api/move", game="tatedrez", position="start", move="R@z9")[0] == 400
    assert server.request("POST", "/api/review", body=None)[0] == 400
    assert server.post("/api/analyze", {"game": "tablut", "position": "start"})[0] == 400
    assert server.get("/api/nothing")[0] == 404
    # Text that is not UTF-8 (or holds control characters) is refused like any other bad input,
    # its bytes escaped in a reason JSON can hold: the same reason the command line prints.
    for params, cli_args in [
        ({"game": b"\xff"}, ["query", "\udcff", "start"]),
        ({"game": "chess", "position": b"8/8/8/8/8/2k5/1R6/K7 w - - 0 1\xc3("},
         ["query", "chess", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1\udcc3("]),
        ({"game": "chess", "position": b"8/8/8/8/8/2k5/1R6/K7 w - - 0 1\x1b[31m\xed\xa0\x80"},
         ["query", "chess", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1\x1b[31m\udced\udca0\udc80"]),
    ]:
        status, answer = server.get("/api/query", **{"position": "start", **params})
        assert status == 400, params
        assert "\\x" in answer["error"] and "\n" not in answer["error"]
        assert answer["error"] == cli_error(*cli_args, data=data)


def test_a_missing_table_is_404_naming_its_solve_command(server, data):
    status, answer = server.get("/api/query", game="chess", position="8/8/8/8/2r5/8/2k5/K6Q w - - 0 1")
    assert status == 404
    assert answer["command"] == f"zugzwang solve chess --material KQvKR --data {data}"
    assert answer["bytes"] > 3_000_000
    assert answer["error"] == cli_error("query", "chess", "8/8/8/8/2r5/8/2k5/K6Q w - - 0 1", data=data)


def test_analyze_runs_as_a_job_with_progress_and_can_be_cancelled(server):
    status, job = server.post("/api/analyze", {"game": "tablut", "position": "start", "seconds": 60, "lines": 2})
    assert status == 202
    url = f"/api/analyze/{job['job']}"
    # The engine panel streams: the search's depth grows and its two lines show, the proven
    # horizon grows, while the job runs.
    deadline = time.time() + 30
    depths, horizons = set(), set()
    while time.time() < deadline:
        status, state = server.get(url)
        assert status == 200 and state["state"] == "running"
        progress = state.get("progress", {})
        if progress.get("depth", 0) >= 1:
            depths.add(progress["depth"])
            assert len(progress["lines"]) == 2
            assert all(line["pv"][0] == line["move"] for line in progress["lines"])
            assert progress["lines"][0]["score"] >= progress["lines"][1]["score"]
            assert progress["side_to_move"] == "White" and progress["nodes_per_second"] > 0
        if "no_forced_win_within" in progress:
            horizons.add(progress["no_forced_win_within"])
        if len(depths) >= 2 and len(horizons) >= 2:
            break
        time.sleep(0.05)
    assert len(depths) >= 2 and len(horizons) >= 2, (depths, horizons)
    assert server.request("DELETE", url)[0] == 200
    while state["state"] == "running":
        time.sleep(0.1)
        state = server.get(url)[1]
    assert state["state"] == "cancelled" and state["result"]["cancelled"] is True
    assert state["result"]["search_depth"] >= max(depths) and len(state["result"]["lines"]) == 2
    # Lines and threads are checked like the rest: at most the server's cores.
    for bad in [{"lines": 0}, {"lines": 65}, {"threads": 0}, {"threads": 100000}]:
        status, answer = server.post("/api/analyze", {"game": "tablut", "position": "start", "seconds": 1, **bad})
        assert status == 400 and "\n" not in answer["error"], bad
    # A short job runs to its end; each move gets its forced result.
    status, job = server.post("/api/analyze", {"game": "tablut", "position": "9/9/2K6/9/9/9/9/4B4/9 w", "depth": 3})
    while (state := server.get(f"/api/analyze/{job['job']}")[1])["state"] == "running":
        time.sleep(0.05)
    assert state["state"] == "done"
    assert state["result"]["proofs"][0]["result"] == "proven"
    assert "win" in {m["result"] for m in state["result"]["moves"]}
    assert server.get("/api/analyze/999999")[0] == 404


def test_the_page_is_served_and_nothing_else_is_read(server):
    status, page = server.get("/")
    assert status == 200 and "<html" in page.lower()
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/index.html/../../x",
                 "/etc/passwd", "/CMakeLists.txt"]:
        assert server.request("GET", path)[0] == 404, path
