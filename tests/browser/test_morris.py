#!/usr/bin/python3
"""Headless-browser test of the Morris board on the analysis page (web/, issue 53).

    /usr/bin/python3 tests/browser/test_morris.py [PATH/TO/zugzwang]

Starts `zugzwang serve` on 127.0.0.1 (port 0, the address read from what it prints) and
headless Chromium (Selenium) as test_board.py does, and stops both at the end, also on
failure. Morris needs no tables here: the board is what is checked. The board must be drawn
as a board of points: the lines the API's board lists (`zugzwang board --json`) between the
points' centres, a dot on each point, no grid and no visible squares; a stone in a closed
mill ringed; Morabaraba's diagonals and the Six Men's two squares. Moves are played by
clicking: a placement on an empty point without taking a stone from the hand, a placement
that closes a mill and then a click on the stone it removes, and slides by clicks and by
dragging. Screenshots (the start, a mill, the removal, a slide, Morabaraba, Six Men's, the
unstyled board) go to $ZZ_SCREENSHOTS (default docs/screenshots). Exit status 1 and what
failed on any failure.
"""
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402

import test_board as tb  # noqa: E402  (its helpers: the server, the page, the browser, checks)
from test_board import Failed, check  # noqa: E402

GAME = "morris"
POINTS = "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7".split()  # the notation's order


def position(white, black, rest):
    """Nine Men's Morris position text: White's and Black's points, then side and hands."""
    cells = ["W" if p in white.split() else "B" if p in black.split() else "." for p in POINTS]
    return "".join(cells) + " " + rest


# A placement game with White's mill a1 d1 g1 closed, Black to move.
MILL = position("a1 d1 g1 b4 f6", "d2 e4 d6", "b 4 5")
# White to move with a1 and d1: g1 closes the mill, then a4 or d7 goes.
CLOSING = position("a1 d1", "a4 d7", "w 7 7")
# Both hands empty: stones slide along the lines.
SLIDING = position("a1 d1 b4 f4", "g4 d7 g7 e5", "w 0 0")  # four stones each: none flies


def drawn(page):
    """What the board shows: lines, points, grid lines, visible squares, stones, mill rings."""
    return page.js("""
        const b = document.querySelector('#board svg');
        const visible = [...b.querySelectorAll('rect.square')].filter((r) => {
          const f = getComputedStyle(r).fill;
          return f !== 'none' && f !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(f);
        });
        return {
          cls: b.getAttribute('class'),
          // lines drawn with a visible stroke (an SVG line has none of its own)
          lines: [...b.querySelectorAll('.board-line')].filter((l) => getComputedStyle(l).stroke !== 'none')
            .map((l) => l.dataset.line),
          points: [...b.querySelectorAll('.board-point')].map((p) => p.dataset.point),
          grid: b.querySelectorAll('line.grid').length,
          squares: b.querySelectorAll('rect.square').length,
          visible: visible.map((r) => r.dataset.square),
          dots: b.querySelectorAll('.mark-dot').length,
          stones: Object.fromEntries([...b.querySelectorAll('.piece')].map((p) => [p.dataset.square, p.dataset.piece])),
          // a ring that shows: stroked round the stone, not filled over the board
          mills: [...b.querySelectorAll('.marks .mark-mill')].filter((m) => {
            const ring = m.querySelector('.point-ring');
            const st = ring && getComputedStyle(ring);
            return st && st.stroke !== 'none' && st.fill === 'none' && parseFloat(st.strokeWidth) >= 4;
          }).map((m) => m.dataset.square).sort(),
        };""")


def centre(page, sq):
    """The centre of a square's area, in board units."""
    r = page.js("const r = document.querySelector(`#board rect.square[data-square='${arguments[0]}']`);"
                "return r ? [r.x.baseVal.value + r.width.baseVal.value / 2, r.y.baseVal.value + r.height.baseVal.value / 2] : null;", sq)
    if not r:
        raise Failed(f"no area for {sq}")
    return r


def check_points_board(page, rules, position, what):
    """The board of `position` drawn as points and lines, as `zugzwang board --json` says."""
    b = page.cli.board(GAME, position, rules)
    page.wait_position(b["position"], f"{what}: {b['position']}")
    board = b["board"]
    want = {f"{l['from']}-{l['to']}" for l in board["lines"]}
    ends = {sq for l in board["lines"] for sq in (l["from"], l["to"])}
    d = page.wait(lambda: (lambda d: d if d["lines"] else None)(drawn(page)), f"{what}: the lines drawn")
    check("points" in d["cls"].split(), f"{what}: the board is not drawn as points ({d['cls']})")
    check(set(d["lines"]) == want and len(d["lines"]) == len(want), f"{what}: lines {sorted(d['lines'])}, expected {sorted(want)}")
    check(set(d["points"]) == ends and len(d["points"]) == len(ends), f"{what}: points {sorted(d['points'])}")
    check(d["grid"] == 0, f"{what}: {d['grid']} grid lines drawn")
    check(d["squares"] == board["files"] * board["ranks"], f"{what}: {d['squares']} areas to press")
    check(not d["visible"], f"{what}: squares drawn as squares: {d['visible']}")
    check(d["dots"] == 0, f"{what}: marks drawn as corner dots")
    # each line joins the centres of its points
    for line in board["lines"][:4]:
        el = f'#board .board-line[data-line="{line["from"]}-{line["to"]}"]'
        got = [float(page.attr(el, a)) for a in ("x1", "y1", "x2", "y2")]
        check(got == centre(page, line["from"]) + centre(page, line["to"]), f"{what}: line {line} drawn at {got}")
    pieces = {sq["name"]: f'{sq["piece"]["owner"]}:{sq["piece"]["kind"]}' for sq in board["squares"] if sq["piece"]}
    check(d["stones"] == pieces, f"{what}: stones {d['stones']}, expected {pieces}")
    mills = sorted(sq["name"] for sq in board["squares"] if "mill" in sq["marks"])
    check(d["mills"] == mills, f"{what}: stones ringed as in a mill {d['mills']}, expected {mills}")
    return b


def part_values_only(page):
    """Tables that keep values only (`compress --values-only`): the verdict and every move say
    who wins without a distance, and the line's panel says why it has none."""
    full = page.cli.data + "-full"
    r = page.cli.run("solve", GAME, "--material", "3-3-1-1", "--data", full, timeout=150)
    check(r.returncode == 0, f"solve 3-3-1-1: {r.stderr.strip()}")
    r = page.cli.run("compress", GAME, "--material", "3-3-1-1", "--data", full, "--values-only", page.cli.data)
    check(r.returncode == 0, f"compress --values-only: {r.stderr.strip()}")
    shutil.rmtree(full, ignore_errors=True)
    # A position of 3-3-0-0 (stored) and one of 3-4-1-0 (valued from its moves), both won.
    for where in (position("a1 d1 g1", "a4 d7 b2", "w 0 0"), "WBWB.B...............W.W b 0 1"):
        page.open(GAME, where)
        q = tb.check_position(page, GAME, where)
        check(q["value"] != "draw" and q["remoteness"] is None, f"{where}: {q['value']} {q['remoteness']} from the set")
        text = page.el("#verdict-text").text
        check(" in " not in text and " plies" not in text, f"{where}: the verdict '{text}' gives a distance")
        page.wait(lambda: "values only" in (page.text("#pv-list") or ""), "the line's panel to say the tables keep values only")
    page.screenshot("morris-values-only")


def part_start(page):
    page.open(GAME, "start")
    start = check_points_board(page, (), "start", "nine men's start")
    check(len(start["board"]["lines"]) == 32 and len(drawn(page)["points"]) == 24, "nine men's: not 32 lines and 24 points")
    page.screenshot("morris")
    # A placement: a click on an empty point, no stone taken from the hand first.
    after = page.cli.move(GAME, start["position"], ["d2"])["position"]
    page.click_square("d2")
    page.wait_position(after, "a click on d2 to place a stone there")
    check(drawn(page)["stones"] == {"d2": "0:stone"}, "the stone placed on d2 is not drawn there")
    check(bool(page.els('#board circle.last-move[data-last-move="d2"]')), "the placement on d2 is not shown as the last move")
    # A click on a taken point plays nothing (Black has no stone there to pick up).
    page.click_square("d2")
    time.sleep(0.5)
    check(page.shown_position() == after and not page.shown("#promotion"), "a click on a taken point did something")
    # Taking the stone from the hand first still works.
    tb.board_move(page, GAME, after, "d6", valued=False)


def part_mill(page):
    page.open(GAME, MILL)
    check_points_board(page, (), MILL, "a closed mill")
    d = drawn(page)
    check(d["mills"] == ["a1", "d1", "g1"], f"the mill a1 d1 g1 is not ringed: {d['mills']}")
    check(page.els('#board rect.square.mark-mill[data-square="d1"]') != [], "d1's area lacks the mill class")
    check(bool(page.els('#board-legend [data-legend="mill"]')), "the key does not explain the mill's ring")
    page.screenshot("morris-mill")
    # Closing a mill by a click: the stones it may take off are marked on the board, and a
    # click on one plays the move that removes it; a click elsewhere cancels.
    page.open(GAME, CLOSING)
    b = check_points_board(page, (), CLOSING, "before the mill")
    legal = sorted(m["remove"] for m in b["moves"] if m.get("to") == "g1")
    check(legal == ["a4", "d7"], f"the API's removals of g1: {legal}")

    def marked():
        return sorted(e.get_attribute("data-dest") for e in page.els("#board .dest"))
    page.click_square("g1")
    page.wait(lambda: marked() == legal, "the stones g1 may take off marked")
    check(bool(page.els('#board circle.selected[data-selected="g1"]')), "g1 is not shown as the point played")
    check(not page.shown("#promotion"), "a dialog asks for the removal")
    moves = sorted(e.get_attribute("data-move") for e in page.els("#board .dest"))
    check(moves == ["g1xa4", "g1xd7"], f"the marked stones play {moves}")
    page.screenshot("morris-remove")
    page.click_square("b2")  # no stone to take: nothing played, the choice dropped
    page.wait(lambda: not page.els("#board .dest"), "the removal cancelled")
    check(page.shown_position() == b["position"], "a click off the stones played a move")
    page.click_square("g1")
    page.wait(lambda: marked() == legal, "the stones g1 may take off marked again")
    page.click_square("d7")
    after = page.cli.move(GAME, CLOSING, ["g1xd7"])["position"]
    page.wait_position(after, "g1xd7 to be played by a click on d7")
    d = drawn(page)
    check(d["mills"] == ["a1", "d1", "g1"] and "d7" not in d["stones"], f"after g1xd7: {d}")
    # A slide: press a stone, then the point it goes to.
    page.open(GAME, SLIDING)
    check_points_board(page, (), SLIDING, "the sliding phase")
    page.click_square("b4")  # a stone picked up: its destinations, for the screenshot
    page.wait(lambda: sorted(e.get_attribute("data-dest") for e in page.els("#board .dest")) == ["a4", "b2", "b6", "c4"],
              "b4's destinations along its lines: a4, b2, b6, c4")
    check(bool(page.els('#board circle.selected[data-selected="b4"]')), "b4 is not shown picked up")
    page.screenshot("morris-slide")
    page.click_square("b4")
    # A stone dragged along its line (f4 to f2), then Black's reply by two clicks.
    start = page.cli.move(GAME, SLIDING, [])["position"]
    dragged = page.cli.move(GAME, start, ["f4-f2"])["position"]
    src = page.el('#board rect.square[data-square="f4"]')
    a, b = src.rect, page.el('#board rect.square[data-square="f2"]').rect
    # (the board redraws when the stone is picked up: aim by offset, not at an element)
    ActionChains(page.d).click_and_hold(src).move_by_offset(0, 5).move_by_offset(
        int(b["x"] - a["x"]), int(b["y"] - a["y"]) - 5).release().perform()
    page.wait_position(dragged, "the stone dragged from f4 to f2")
    tb.board_move(page, GAME, dragged, "d7-d6", valued=False)


def part_plain(page):
    """Without the page's Morris styling (?plain), as a game new to the page: the same board of
    points from the API's lines, stones as labelled discs, the mill ringed."""
    page.open(GAME, MILL, plain=True)
    b = check_points_board(page, (), MILL, "plain morris")
    stones = sum(1 for sq in b["board"]["squares"] if sq["piece"])
    check(len(page.els("#board .piece-disc")) == stones, "plain morris: stones not drawn as discs")
    page.screenshot("morris-plain")


def part_variants(page):
    page.open(GAME, "start", rules=("variant=morabaraba",))
    b = check_points_board(page, ("variant=morabaraba",), "start", "morabaraba")
    lines = {f"{l['from']}-{l['to']}" for l in b["board"]["lines"]}
    check(len(lines) == 40 and {"a1-b2", "b2-c3"} <= lines, f"morabaraba: lines {sorted(lines)}")
    page.screenshot("morris-morabaraba")
    page.open(GAME, "start", rules=("variant=six",))
    b = check_points_board(page, ("variant=six",), "start", "six men's")
    check(len(b["board"]["lines"]) == 20 and len(drawn(page)["points"]) == 16, "six men's: not 20 lines and 16 points")
    page.screenshot("morris-six")


def part_other_boards(page):
    """A board of squares keeps its squares: no lines, no points (the lines are Morris's)."""
    page.open("tatedrez", "start")
    page.wait(lambda: page.els("#board rect.square"), "tatedrez's squares")
    d = drawn(page)
    check(not d["lines"] and not d["points"] and "points" not in d["cls"].split(), f"tatedrez drawn with lines: {d}")
    check(len(d["visible"]) == 9, f"tatedrez: {len(d['visible'])} squares visible, not 9")
    # The mark classes of a board of points style nothing else: Quixo's ring squares (mark
    # "ring") keep their look, no stroke.
    page.open("quixo", "start", rules=("size=4",))
    page.wait(lambda: page.els("#board rect.square.mark-ring"), "quixo's ring squares")
    strokes = set(page.js("return [...document.querySelectorAll('#board rect.square')].map((r) => getComputedStyle(r).stroke)"))
    check(strokes == {"none"}, f"quixo's squares are stroked: {strokes}")


def main():
    if not os.access(tb.CLI, os.X_OK):
        print(f"no zugzwang binary at {tb.CLI} (give it as the first argument or ZZ_CLI)")
        return 1
    with tb.BrowserRun("zz-browser-morris-") as run:
        server = run.serve(tb.Server(run.data))
        page = tb.Page(run.start_browser(), server, tb.Cli(run.data))
        tb.run_parts(page, (part_start, part_mill, part_variants, part_plain, part_other_boards, part_values_only))
        tb.check_console(page.d)
    return tb.report("all browser checks of the Morris board passed")


if __name__ == "__main__":
    sys.exit(main())
