#!/usr/bin/python3
"""Headless-browser test of games written in Python on the analysis board (web/).

    /usr/bin/python3 tests/browser/test_python_game.py [PATH/TO/zugzwang]

Starts `zugzwang serve --game-file` on 127.0.0.1 (port 0, the address read from what it
prints) with examples/games/tictactoe.py and connect4.py, and a Nim without view(); drives
headless Chromium (Selenium) as test_board.py does; stops both at the end, also on failure.
The page has no code for these games: their boards come from view() alone. It checks the
board's squares and discs, the verdict and every move's value against `zugzwang query
--game-file --json`, plays a move by clicking it in the move list, and saves screenshots to
$ZZ_SCREENSHOTS (default docs/screenshots). Exit status 1 and what failed on any failure.
"""
import json
import os
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_board as tb  # noqa: E402  (its helpers: the page, the browser, checks)
from test_board import Failed, check  # noqa: E402

EXAMPLES = os.path.join(tb.REPO, "examples", "games")
TICTACTOE = os.path.join(EXAMPLES, "tictactoe.py")
CONNECT4 = os.path.join(EXAMPLES, "connect4.py")
NIM = os.path.join(EXAMPLES, "nim.py") + ":Nim"  # no view(): the page shows the position as text


class GameFileServer(tb.Server):
    """The server with games written in Python, given by --game-file."""

    def __init__(self, data, game_files):
        super().__init__(data, extra=[a for f in game_files for a in ("--game-file", f)], wait=60)


def query(game_file, position, data):
    r = subprocess.run([tb.CLI, "query", "--game-file", game_file, position, "--data", data, "--json"],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise Failed(f"query {game_file} {position}: {r.stderr.strip()}")
    return json.loads(r.stdout)


def board_discs(page):
    """The discs drawn, as {square: label}."""
    return page.js("""
        const out = {};
        for (const g of document.querySelectorAll('#board .piece-disc')) {
          const square = g.closest('[data-square]');
          out[square ? square.getAttribute('data-square') : '?'] = g.textContent.trim();
        }
        return out;""")


def part_tictactoe(page, data):
    position = "'X...O....'"
    page.open("tictactoe", position)
    page.wait_position(position)
    squares = page.els("#board rect.square")
    check(len(squares) == 9, f"tictactoe: {len(squares)} squares drawn, not 9")
    discs = page.wait(lambda: len(page.els("#board .piece-disc")) == 2 and board_discs(page), "two discs")
    labels = sorted(page.js("return [...document.querySelectorAll('#board .piece-disc')].map(g => g.textContent.trim())"))
    check(labels == ["O", "X"], f"tictactoe: disc labels {labels} ({discs})")
    q = query(TICTACTOE, position, data)
    page.wait(lambda: page.attr("#verdict", "data-value") == q["value"], f"the verdict {q['value']}")
    shown = {b.get_attribute("data-move"): b.text for b in page.els("#move-list .move")}
    check(sorted(shown) == sorted(m["move"] for m in q["moves"]), f"tictactoe: move list {sorted(shown)}")
    for m in q["moves"]:
        badge = tb.badge(m["value"], m["remoteness"])
        check(badge in shown.get(m["move"], ""), f"tictactoe: move {m['move']} shows '{shown.get(m['move'])}', not {badge}")
    page.screenshot("python-tictactoe")
    page.click('#move-list .move[data-move="c3"]')
    page.wait_position("'X...O...X'")
    check(len(page.els("#board .piece-disc")) == 3, "tictactoe: the move c3 did not add a disc")


def part_connect4(page, data):
    page.open("connect4-4x4", "start", moves=["b", "b", "c"])
    position = "..../..../.o../.xx."
    page.wait_position(position)
    check(len(page.els("#board rect.square")) == 16, "connect4: not 16 squares")
    check(len(page.els("#board .piece-disc")) == 3, "connect4: not 3 discs")
    q = query(CONNECT4, position, data)
    page.wait(lambda: page.attr("#verdict", "data-value") == q["value"], f"the verdict {q['value']}")
    page.screenshot("python-connect4")


def part_no_view(page, data):
    page.open("nim-3-4-5", "start")
    page.wait_position("(3, 4, 5)")
    check(not page.els("#board .piece-disc"), "nim without view(): discs drawn")
    check(page.shown("#board-note") and "no view()" in page.text("#board-note"),
          "nim without view(): no note saying the game draws no board")
    check(not page.shown("#board svg"), "nim without view(): an empty board drawn")
    check(page.text("#verdict-text"), "nim without view(): no verdict")
    check(len(page.els("#move-list .move")) == 12, "nim without view(): not 12 moves listed")
    page.screenshot("python-no-view")


def main():
    with tb.BrowserRun("zz-browser-py-") as run:
        data = run.data
        server = run.serve(GameFileServer(data, [TICTACTOE, CONNECT4, NIM]))
        driver = run.start_browser()
        page = tb.Page(driver, server, None)
        status, games = server.api("/api/games")
        names = [g["game"] for g in games]
        check(status == 200 and names[:3] == ["tictactoe", "connect4-4x4", "nim-3-4-5"],
              f"/api/games lists {names[:4]} first")
        # A position the game cannot read is a 400 with one line, control characters escaped.
        status, answer = server.api("/api/query?game=tictactoe&position=" + urllib.parse.quote("'X\x1b'"))
        check(status == 400 and "\n" not in answer.get("error", "\n") and "\\x1b" in answer["error"],
              f"a bad position of a game file: {status} {answer}")
        # Without an address the page opens the first game the server lists: the game file's.
        driver.get(server.url)
        page.wait(lambda: page.attr("body", "data-ready") == "true", "the page to start")
        check(page.js("return document.getElementById('game-select').value") == "tictactoe",
              "the page does not open the game file's game first")
        tb.run_parts(page, (part_tictactoe, part_connect4, part_no_view), data)
        tb.check_console(driver)
    return tb.report("all browser checks of Python games passed")


if __name__ == "__main__":
    sys.exit(main())
