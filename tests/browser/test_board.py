#!/usr/bin/python3
"""Headless-browser test of the analysis board (web/) against `zugzwang serve`.

    /usr/bin/python3 tests/browser/test_board.py [PATH/TO/zugzwang]

The binary comes from the first argument, else $ZZ_CLI, else build/tools/cli/zugzwang.
The test solves the tables it needs into a fresh temporary directory, starts the server
on 127.0.0.1 with port 0 (reading the address it prints) serving the page from web/
($ZZ_WEB: another folder, or "builtin" for the copy built into the program), drives
headless Chromium with Selenium, and stops both at the end, also on failure. For each
game it checks the verdict and every legal move's colour class and badge against
`zugzwang query --json`, plays moves by clicking the board, undoes and redoes, edits a
position and sees the parser's reason for an illegal one, and saves a screenshot to
$ZZ_SCREENSHOTS (default docs/screenshots). It also plays a whole TateDrez game against
perfect play, reviews it, and runs and cancels a Tablut analysis. Exit status 1 and a
list of what failed on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = (sys.argv[1] if len(sys.argv) > 1 else None) or os.environ.get("ZZ_CLI") or os.path.join(
    REPO, "build", "tools", "cli", "zugzwang")
WEB = os.environ.get("ZZ_WEB", os.path.join(REPO, "web"))
SHOTS = os.environ.get("ZZ_SCREENSHOTS", os.path.join(REPO, "docs", "screenshots"))
WAIT = 20  # seconds for any one thing to appear

DOBUTSU_DATA = os.environ.get("ZZ_DOBUTSU_DATA")
CHESS_POSITION = "8/8/8/8/2r5/8/2k5/K6Q w - - 0 1"
TABLUT_POSITION = "9/9/9/3W5/2BBK4/9/9/9/9 w"

failures = []
started = time.time()


def log(msg):
    print(f"[{time.time() - started:6.1f}s] {msg}", flush=True)


def check(cond, msg):
    if not cond:
        failures.append(msg)
        log(f"FAIL: {msg}")
    return cond


class Failed(Exception):
    """A step that cannot go on; the test moves to the next part."""


# ---- the command line --------------------------------------------------------------------

class Cli:
    def __init__(self, data):
        self.data = data

    def run(self, *args, timeout=120):
        r = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=timeout)
        return r

    def solve(self, *args):
        r = self.run("solve", *args, "--data", self.data, timeout=150)
        if r.returncode != 0:
            raise Failed(f"solve {' '.join(args)} failed: {r.stderr.strip()}")

    def json_of(self, what, *args, rules=()):
        """One command's --json answer; `what` names it in the failure."""
        r = self.run(*args, "--json", *[a for rule in rules for a in ("--rule", rule)])
        if r.returncode != 0:
            raise Failed(f"{what} failed: {r.stderr.strip()}")
        return json.loads(r.stdout)

    def query(self, game, position, rules=()):
        return self.json_of(f"query {game} '{position}'", "query", game, position, "--data", self.data, rules=rules)

    def move(self, game, position, moves, rules=()):
        return self.json_of(f"move {game} '{position}' {moves}", "move", game, position, *moves, rules=rules)

    def board(self, game, position, rules=()):
        return self.json_of(f"board {game} '{position}'", "board", game, position, rules=rules)

    def line(self, game, position, rules=()):
        return self.json_of(f"query --line {game} '{position}'", "query", game, position, "--line", "--data", self.data,
                            rules=rules)


# ---- the server --------------------------------------------------------------------------

class Server:
    # extra: more arguments for `serve` (test_python_game.py's --game-file); wait: seconds for
    # the address, longer when the server lists a game's states first.
    def __init__(self, data, extra=(), wait=20):
        args = [CLI, "serve", "--host", "127.0.0.1", "--port", "0", "--data", data, *extra]
        if WEB != "builtin":
            args += ["--web", WEB]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = None
        found = threading.Event()
        self.output = []

        def reader():
            for line in self.proc.stdout:
                self.output.append(line)
                m = re.search(r"listening on (http://127\.0\.0\.1:\d+/)", line)
                if m and not self.url:
                    self.url = m.group(1)
                    found.set()
            found.set()

        threading.Thread(target=reader, daemon=True).start()
        if not found.wait(wait) or not self.url:
            self.stop()
            raise Failed("the server did not say where it listens: " + "".join(self.output))

    def api(self, path, method="GET", body=None):
        req = urllib.request.Request(self.url + path.lstrip("/"), method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ---- the browser -------------------------------------------------------------------------

def start_browser(profile):
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              f"--user-data-dir={profile}", "--window-size=1400,1000"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


class BrowserRun:
    """A test's data folder, browser profile, server and headless browser (`with` it): at the
    end the browser and the server are stopped and the folders removed whatever happened, and
    an exception the test did not expect is recorded as a failure instead of ending the run."""

    def __init__(self, data_prefix):
        self.data = tempfile.mkdtemp(prefix=data_prefix)
        self.profile = tempfile.mkdtemp(prefix="zz-chromium-")
        self.server = self.driver = None

    def serve(self, server):
        self.server = server
        return server

    def start_browser(self):
        self.driver = start_browser(self.profile)
        return self.driver

    def __enter__(self):
        return self

    def __exit__(self, kind, e, trace):
        if isinstance(e, Failed):
            check(False, str(e))
        elif isinstance(e, Exception):  # the browser or server would not start: say so, clean up
            check(False, f"{type(e).__name__}: {e}")
            traceback.print_exception(kind, e, trace)
        if self.driver:
            self.driver.quit()
        if self.server:
            self.server.stop()
        shutil.rmtree(self.data, ignore_errors=True)
        shutil.rmtree(self.profile, ignore_errors=True)
        return e is None or isinstance(e, Exception)


def run_parts(page, parts, *args):
    """Each part(page, *args) in turn; a failing part is recorded with a screenshot and does
    not hide the parts after it."""
    for part in parts:
        log(part.__name__)
        try:
            part(page, *args)
        except Failed as e:
            check(False, f"{part.__name__}: {e}")
            page.d.save_screenshot(os.path.join(tempfile.gettempdir(), f"zz-browser-{part.__name__}.png"))
        except Exception as e:  # a broken step must not hide the other parts
            check(False, f"{part.__name__}: {type(e).__name__}: {e}")
            traceback.print_exc()


def check_console(driver):
    """400 and 404 answers are expected (refused positions, missing tables); anything else
    severe in the browser's console, a script error above all, is a failure."""
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and not (
        e["source"] == "network" and re.search(r"status of 40[04]", e["message"]))]
    check(not errors, f"errors in the browser console: {errors}")


def report(passed):
    """The test's exit code: 1 with the failures listed, else 0 after the line `passed`."""
    if failures:
        print(f"\n{len(failures)} failure(s):")
        for f in failures:
            print(f"  - {f}")
        return 1
    print(f"\n{passed}")
    return 0


class Page:
    def __init__(self, driver, server, cli):
        self.d = driver
        self.server = server
        self.cli = cli

    # waiting and finding
    def wait(self, cond, what, timeout=WAIT):
        end = time.time() + timeout
        last = None
        while time.time() < end:
            try:
                v = cond()
                if v:
                    return v
            except WebDriverException as e:
                last = e
            time.sleep(0.05)
        raise Failed(f"timed out waiting for {what}" + (f" ({last.msg})" if last else ""))

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def click(self, css):
        # the page re-renders a panel when an answer arrives; an element found just before
        # that is gone, so find it again rather than fail on a race the user never sees
        for attempt in range(20):
            try:
                self.el(css).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        self.el(css).click()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    # The page redraws panels while an analysis runs: an element found by one WebDriver call
    # may be gone by the next, so attributes and text are read in a single script call.
    def attr(self, css, name):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return e ? e.getAttribute(arguments[1]) : null;", css, name)

    def shown(self, css):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return !!e && e.getClientRects().length > 0;", css)

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return e ? e.innerText.trim() : null;", css)

    # navigation
    def open(self, game, position, rules=(), moves=(), plain=False):
        params = [("game", game)] + [("rule", r) for r in rules] + [("pos", position)]
        if moves:
            params.append(("moves", " ".join(moves)))
        self.d.get("about:blank")
        # ?plain: no game's styling module, the board drawn from the API alone
        self.d.get(self.server.url + ("?plain" if plain else "") + "#" + urllib.parse.urlencode(params))
        self.wait(lambda: self.attr("body", "data-ready") == "true", "the page to start")

    def shown_position(self):
        return self.attr("#verdict", "data-position")

    def wait_position(self, position, what=None):
        self.wait(lambda: self.shown_position() == position and self.attr("#move-list", "data-position") == position,
                  what or f"the page to show {position}")

    def tab(self, name):
        self.click(f'[role=tab][data-tab="{name}"]')
        self.wait(lambda: self.el(f"#tab-{name}").is_displayed(), f"the {name} tab")

    def key(self, k):
        # keys go to the page, not to a control that has the focus
        self.js("if (document.activeElement) document.activeElement.blur()")
        ActionChains(self.d).send_keys(k).perform()

    def click_square(self, sq):
        self.click(f'#board rect.square[data-square="{sq}"]')

    def screenshot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, f"{name}.png")
        self.d.save_screenshot(path)
        log(f"screenshot {path}")


# ---- what the page should say ------------------------------------------------------------

def badge(value, remoteness):
    r = "" if remoteness is None else remoteness  # tables that keep values only: no distance
    return {"win": f"W{r}", "loss": f"L{r}", "draw": "D"}.get(value, "?")


def in_plies(n):
    return "" if n is None else f" in {n} {'ply' if n == 1 else 'plies'}"


def verdict_text(game, q):
    side, value, r = q["side_to_move"], q["value"], q["remoteness"]
    chess = game == "chess" and r is not None
    if value == "win":
        return f"{side} wins{in_plies(r)}" + (f" — mate in {(r + 1) // 2}" if chess else "")
    if value == "loss":
        return f"{side} to move loses{in_plies(r)}" + (f" — mated in {r // 2}" if chess else "")
    return "Draw"


RANK = {"win": 0, "draw": 1, "loss": 2}


def order_key(m):
    r = m["remoteness"] or 0
    return (RANK[m["value"]], r if m["value"] == "win" else -r)


def check_position(page, game, position, rules=()):
    """The verdict and every move of the list against `zugzwang query --json`."""
    q = page.cli.query(game, position, rules)
    page.wait_position(q["position"])
    where = f"{game} {q['position']}"
    if q["over"]:
        check(page.attr("#verdict", "data-state") == "over", f"{where}: verdict should say the game is over")
        return q
    check(page.attr("#verdict", "data-state") == "ok", f"{where}: verdict state {page.attr('#verdict', 'data-state')}")
    text = page.el("#verdict-text").text
    check(text == verdict_text(game, q), f"{where}: verdict '{text}', expected '{verdict_text(game, q)}'")
    check(page.attr("#verdict", "data-value") == q["value"], f"{where}: verdict value")
    rows = page.js("""return [...document.querySelectorAll('#move-list .move')].map(b => ({
        move: b.dataset.move, name: b.dataset.name, value: b.dataset.value, cls: b.className,
        badge: b.querySelector('.badge').textContent}))""")
    shown = {r["move"]: r for r in rows}
    expected = {m["move"]: m for m in q["moves"]}
    check(len(rows) == len(shown), f"{where}: a move is listed twice")
    check(set(shown) == set(expected), f"{where}: moves {sorted(shown)} differ from {sorted(expected)}")
    for mv, m in expected.items():
        r = shown.get(mv)
        if not r:
            continue
        check(r["value"] == m["value"], f"{where}: {mv} data-value {r['value']}, expected {m['value']}")
        check(f"v-{m['value']}" in r["cls"].split(), f"{where}: {mv} class '{r['cls']}' lacks v-{m['value']}")
        check(r["badge"] == badge(m["value"], m["remoteness"]),
              f"{where}: {mv} badge {r['badge']}, expected {badge(m['value'], m['remoteness'])}")
        # the move's name (chess: SAN) where the query gives one, else its id
        check(r["name"] == m.get("name", mv), f"{where}: {mv} is named {r['name']}, expected {m.get('name', mv)}")
    # best first: the list's order of values follows fastest win ... slowest loss
    keys = [order_key(expected[r["move"]]) for r in rows if r["move"] in expected]
    check(keys == sorted(keys), f"{where}: moves are not listed best first")
    # the "only move" marker: exactly the single move keeping the value, when there is one
    keeping = [m["move"] for m in q["moves"] if m["value"] == q["value"]]
    only = [b.get_attribute("data-move") for b in page.els('#move-list .move[data-only="true"]')]
    want = keeping if len(keeping) == 1 and len(q["moves"]) > 1 else []
    check(only == want, f"{where}: only-move markers {only}, expected {want}")
    return q


def board_move(page, game, position, move, rules=(), machine=False, valued=True):
    """Plays one move by clicking the board where the command line's `board --json` says
    the move goes (a drop or placement: the piece in hand, then a square)."""
    q = page.cli.query(game, position, rules) if valued else {"moves": []}
    value = {m["move"]: m for m in q["moves"]}.get(move)
    after = page.cli.move(game, position, [move], rules)["position"]
    squares = {m["move"]: m for m in page.cli.board(game, position, rules)["moves"]}[move]
    if "drop" in squares:
        drop, to = squares["drop"], squares["to"]
        page.click(f'#reserve [data-reserve="{drop["kind"]}"][data-owner="{drop["owner"]}"]')
        page.wait(lambda: page.els(f'#board [data-heat="{to}"]'), f"the heat map for {move}")
        heat = page.attr(f'#board [data-heat="{to}"]', "data-value")
        check(value is None or heat == value["value"], f"{game}: heat of {move} is {heat}, expected {value and value['value']}")
        page.click_square(to)
    elif "from" not in squares:
        page.click("#pass-button")
    else:
        frm, to = squares["from"], squares["to"]
        page.click_square(frm)
        page.wait(lambda: page.els(f'#board .dest[data-dest="{to}"]'), f"a destination mark on {to}")
        mark = page.attr(f'#board .dest[data-dest="{to}"]', "data-value")
        check(value is None or mark == value["value"], f"{game}: mark of {move} is {mark}, expected {value and value['value']}")
        check(bool(page.els(f'#board [data-selected="{frm}"]')), f"{game}: {frm} not shown selected")
        page.click_square(to)
    if machine:
        # the machine may answer at once: the move has been seen once the position moved on
        page.wait(lambda: page.shown_position() not in (position, "", None), f"{move} to be played")
        return after
    page.wait_position(after, f"{move} to reach {after}")
    if "to" in squares:
        check(bool(page.els(f'#board [data-last-move="{squares["to"]}"]')), f"{game}: last move {move} not highlighted")
    return after


def undo_redo(page, before, after):
    page.click("#nav-back")
    page.wait_position(before, "undo (the back button)")
    page.key(Keys.ARROW_RIGHT)
    page.wait_position(after, "redo (the right arrow key)")
    page.key(Keys.HOME)
    page.wait(lambda: page.attr('#ply-list .ply.current', "data-ply") == "0", "Home to go to the first position")
    page.key(Keys.END)
    page.wait_position(after, "End to go to the last position")


def editor_check(page, game, clicks_bad, clicks_good, rules=()):
    """Edits the board: the clicks of clicks_bad give a position the parser refuses (its
    reason must show), then clicks_good make it legal and the position is analysed."""
    page.tab("edit")
    page.wait(lambda: page.attr("#editor-status", "data-valid") == "true", f"{game}: the editor to accept the start")

    def do(clicks):
        for kind, arg in clicks:
            if kind == "piece":
                page.click(f'#editor-palette [data-piece="{arg}"]')
            elif kind == "square":
                page.click_square(arg)
            elif kind == "side":
                Select(page.el("#editor-side")).select_by_value(arg)
            elif kind == "preset":
                page.click(f'#editor-presets [data-preset="{arg}"]')

    do(clicks_bad)
    page.wait(lambda: page.attr("#editor-status", "data-valid") == "false", f"{game}: the editor to refuse the position")
    text = page.el("#position-text").get_attribute("value")
    status, answer = page.server.api(f"api/position?game={game}&position={urllib.parse.quote(text)}"
                                     + "".join(f"&rule={urllib.parse.quote(r)}" for r in rules))
    shown = page.el("#editor-status").text
    check(status == 400 and answer["error"] in shown, f"{game}: editor shows '{shown}', the parser says '{answer.get('error')}'")
    do(clicks_good)
    page.wait(lambda: page.attr("#editor-status", "data-valid") == "true", f"{game}: the editor to accept the edited position")
    text = page.el("#position-text").get_attribute("value")
    page.click("#editor-apply")
    canonical = page.cli.move(game, text, [], rules)["position"]
    page.wait_position(canonical, f"{game}: the edited position {canonical}")
    return canonical


# ---- the parts ---------------------------------------------------------------------------

def check_chart_dot(page, ply, first_player_view):
    """The value history's dot for `ply` lies in its winner's band, at least a third of the
    band's height from the draw line (a draw: on it). first_player_view is the value for
    the first player: win, loss or draw."""
    css = f'#chart .chart-point[data-ply="{ply}"] circle'
    page.wait(lambda: page.els(css), f"the value history's dot for ply {ply}")
    cy = float(page.attr(css, "cy"))
    mid = float(page.attr("#chart .chart-mid", "y1"))
    top = float(page.attr("#chart .band-first", "y"))
    half = mid - top
    where = {"win": "first player's band", "loss": "second player's band", "draw": "draw line"}[first_player_view]
    if first_player_view == "draw":
        ok = abs(cy - mid) < 0.5
    else:
        off = (mid - cy) if first_player_view == "win" else (cy - mid)
        ok = off >= half / 3
    check(ok, f"chart: ply {ply} ({first_player_view} for the first player) drawn at y={cy}, "
              f"draw line {mid}, half band {half}: not clearly in the {where}")


def part_tatedrez(page):
    game = "tatedrez"
    page.open(game, "start")
    start = check_position(page, game, "3/3/3 w")
    check(bool(page.els('#reserve [data-reserve="rook"][data-owner="0"]')), "tatedrez: the white rook is not in hand")
    # TateDrez placements show a heat map for the chosen piece
    p1 = board_move(page, game, start["position"], "R@b2")
    check_position(page, game, p1)
    p2 = board_move(page, game, p1, "R@a1")
    check_position(page, game, p2)
    undo_redo(page, p1, p2)
    # a movement position, clicked from square to square
    page.open(game, "rN1/1R1/nbB w 4")
    q = check_position(page, game, "rN1/1R1/nbB w 4")
    m = board_move(page, game, q["position"], "b2a2")
    check_position(page, game, m)
    page.click("#nav-back")
    page.wait_position(q["position"], "tatedrez undo")
    page.click_square("b2")  # a piece picked up shows its destinations for the screenshot
    page.wait(lambda: page.els('#board .dest[data-dest="a2"]'), "tatedrez destinations")
    page.open(game, "3/1R1/r2 w")
    # the page is ready before its first board is drawn: wait for the hand, then pick from it
    page.wait(lambda: page.els('#reserve [data-reserve="knight"][data-owner="0"]'), "the white knight in hand")
    page.click('#reserve [data-reserve="knight"][data-owner="0"]')
    page.wait(lambda: len(page.els("#board [data-heat]")) == 7, "the heat map of the white knight (7 empty squares)")
    page.screenshot(game)
    page.open(game, "start")
    editor_check(page, game, [("piece", "R"), ("square", "a1")], [("side", "b")])


def part_taktikl(page):
    game = "taktikl"
    page.open(game, "start")
    start = check_position(page, game, "oxox/4/4/xoxo x - -")
    check(page.els("#mutual-zugzwang") != [] if start.get("mutual_zugzwang") else not page.els("#mutual-zugzwang"),
          "taktikl: the mutual zugzwang flag does not match the query")
    p1 = board_move(page, game, start["position"], "a1a2")
    check_position(page, game, p1)
    p2 = board_move(page, game, p1, "b1b2")
    q2 = check_position(page, game, p2)
    # X's memory a1a2: the way back is marked and a2a1 is not offered
    check(bool(page.els('#board [data-mark="no-return"][data-square="a1"]')),
          "taktikl: the forbidden return square a1 is not marked")
    check(len(page.els("#board .arrow")) == 2, "taktikl: both memories should be arrows")
    check(bool(page.els('#board-legend [data-legend="no-return"]')), "taktikl: the key does not explain the mark")
    page.click_square("a2")
    page.wait(lambda: page.els("#board .dest"), "taktikl destinations from a2")
    dests = {e.get_attribute("data-dest") for e in page.els("#board .dest")}
    want = {m["move"][2:] for m in q2["moves"] if m["move"].startswith("a2")}
    check(dests == want, f"taktikl: destinations from a2 {dests}, expected {want}")
    page.screenshot(game)
    page.click_square("a2")
    undo_redo(page, p1, p2)
    # the principal variation: clicking its first move plays it
    page.wait(lambda: page.els('#pv-list [data-pv-index="0"]'), "the principal variation")
    pv0 = page.attr('#pv-list [data-pv-index="0"]', "data-move")
    check(pv0 == q2["moves"][0]["move"] or any(m["move"] == pv0 and m["value"] == q2["moves"][0]["value"]
                                                and m["remoteness"] == q2["moves"][0]["remoteness"] for m in q2["moves"]),
          f"taktikl: the principal variation starts with {pv0}, not a best move")
    page.click('#pv-list [data-pv-index="0"]')
    page.wait_position(page.cli.move(game, p2, [pv0])["position"], "the principal variation's first move")
    # the value history chart: clicking ply 1 jumps there
    page.wait(lambda: len(page.els("#chart .chart-point")) == 4, "4 points in the value history")
    page.click('#chart .chart-point[data-ply="1"]')
    page.wait_position(p1, "the chart's ply 1")
    page.open(game, "start")
    editor_check(page, game, [("piece", "erase"), ("square", "a1")], [("piece", "x"), ("square", "a2")])


def part_quixo(page):
    game, rules = "quixo", ("size=4",)
    page.open(game, "start", rules)
    start = check_position(page, game, "4/4/4/4 x", rules)
    # the start's value (X, the first player, to move) in the value history: a long win is
    # still drawn in X's band, not near the draw line
    check_chart_dot(page, 0, start["value"])
    # a blank ring cube is picked like a piece; the ends it can be pushed in at are marked
    page.click_square("b1")
    page.wait(lambda: page.els("#board .dest"), "quixo destinations from b1")
    dests = {e.get_attribute("data-dest") for e in page.els("#board .dest")}
    want = {m["move"][2:] for m in start["moves"] if m["move"].startswith("b1")}
    check(dests == want, f"quixo: ends for b1 {dests}, expected {want}")
    page.click_square("b1")
    check(not page.els("#board .dest"), "quixo: b1 stays selected after a second click")
    p1 = board_move(page, game, start["position"], "b1d1", rules)
    check_position(page, game, p1, rules)
    p2 = board_move(page, game, p1, "a4a1", rules)
    check_position(page, game, p2, rules)
    # O's cube on a1 cannot be taken by X
    page.click_square("a1")
    check(not page.els("#board .dest"), "quixo: X was offered O's cube on a1")
    page.screenshot(game)
    page.open(game, "start", rules)
    editor_check(page, game, [("side", "o")], [("side", "x")], rules)


def part_tablut(page):
    game = "tablut"
    page.open(game, TABLUT_POSITION)
    q = check_position(page, game, TABLUT_POSITION)
    best = q["moves"][0]["move"]
    p1 = board_move(page, game, q["position"], best)
    check_position(page, game, p1)
    undo_redo(page, q["position"], p1)
    page.click("#nav-back")
    page.wait_position(q["position"], "tablut undo")
    # a move clicked in the move list is played (here the last, a different one)
    last = q["moves"][-1]["move"]
    page.click(f'#move-list .move[data-move="{last}"]')
    page.wait_position(page.cli.move(game, q["position"], [last])["position"], f"{last} from the move list")
    page.key(Keys.ARROW_LEFT)
    page.wait_position(q["position"], "back with the left arrow key")
    page.click_square("e5")
    page.wait(lambda: page.els("#board .slide-line"), "the king's lines")
    page.screenshot(game)
    page.click_square("e5")
    # a white pawn on a camp square: refused with the parser's reason
    editor_check(page, game, [("piece", "W"), ("square", "a4")], [("piece", "erase"), ("square", "a4")])


def part_chess(page):
    game = "chess"
    page.open(game, CHESS_POSITION)
    q = check_position(page, game, CHESS_POSITION)
    check("mate in 35" in page.el("#verdict-text").text, "chess: the verdict does not say mate in 35")
    # drag and drop: the queen from h1 to g2
    p1 = page.cli.move(game, q["position"], ["h1g2"])["position"]
    # (the board redraws when the piece is picked up: aim by offset, not at an element)
    src = page.el('#board rect.square[data-square="h1"]')
    a, b = src.rect, page.el('#board rect.square[data-square="g2"]').rect
    ActionChains(page.d).click_and_hold(src).move_by_offset(0, -5).move_by_offset(
        int(b["x"] - a["x"]), int(b["y"] - a["y"]) + 5).release().perform()
    page.wait_position(p1, "the queen dragged to g2")
    check_position(page, game, p1)
    # SAN: the ply list shows the move as players read it (h1g2 checks the king on c2), the
    # id stays in data-move; the move list's buttons carry it too (check_position)
    check(page.cli.move(game, q["position"], ["h1g2"])["names"] == ["Qg2+"], "chess: the API does not name h1g2 Qg2+")
    ply = page.el('#ply-list .ply[data-ply="1"]')
    check(ply.get_attribute("data-move") == "h1g2" and ply.get_attribute("data-name") == "Qg2+"
          and "Qg2+" in ply.text, f"chess: the ply list shows '{ply.text}', not Qg2+")
    # the principal variation in SAN, step by step as the command line names it
    line = page.cli.line(game, p1)["line"]
    page.wait(lambda: len(page.els('#pv-list .pv-step')) == len(line), "the chess principal variation")
    steps = page.js("""return [...document.querySelectorAll('#pv-list .pv-step')].map(b => ({
        move: b.dataset.move, text: b.querySelector('.move-text').textContent}))""")
    check([s["move"] for s in steps] == [s["move"] for s in line], "chess: the principal variation's moves differ")
    check([s["text"] for s in steps] == [s["name"] for s in line],
          f"chess: the principal variation shows {[s['text'] for s in steps][:4]}..., not SAN {[s['name'] for s in line][:4]}...")
    check(all(re.fullmatch(r"(K|Q|R|B|N)?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?|O-O(-O)?[+#]?", s["text"]) for s in steps),
          f"chess: a principal variation step is not SAN: {[s['text'] for s in steps]}")
    undo_redo(page, q["position"], p1)
    page.click("#nav-back")
    page.wait_position(q["position"], "chess undo")
    page.click_square("h1")
    page.wait(lambda: len(page.els("#board .dest")) > 10, "the queen's destinations")
    page.screenshot(game)
    page.click_square("h1")
    # the tables view of this material
    page.tab("tables")
    page.wait(lambda: page.els('#tables-out [data-table="KQvKR"][data-present="true"] .wdl-bar'), "the KQvKR table's bars")
    check(bool(page.els('#tables-out [data-table="KQvKR"] .rem-chart')), "chess: no remoteness chart for KQvKR")
    page.js("document.querySelector('#tables-out [data-table=\"KQvKR\"]').scrollIntoView()")
    page.screenshot("chess-tables")
    page.js("window.scrollTo(0, 0)")
    page.tab("moves")
    # a pawn on the last rank is refused with the parser's reason
    editor_check(page, game, [("piece", "P"), ("square", "a8")], [("piece", "erase"), ("square", "a8")])
    # a table that is not built: the 404's solve command is shown
    page.open(game, "8/8/8/8/2r5/8/2k5/K5RQ w - - 0 1")
    page.wait(lambda: page.attr("#verdict", "data-state") == "missing", "chess: the missing-table notice")
    check("zugzwang solve chess --material KQRvKR" in page.el("#missing-command").text, "chess: no solve command shown")


def part_dobutsu(page):
    """Dobutsu Shogi, when solved tables are given ($ZZ_DOBUTSU_DATA: a data folder holding
    dobutsu/; the solve takes minutes, too long for this test to run itself): the verdict and
    moves against the command line, a capture, and a drop by clicking the hand then a square."""
    if not DOBUTSU_DATA:
        log("part_dobutsu skipped: set ZZ_DOBUTSU_DATA to a folder with solved dobutsu tables")
        return
    page.open("dobutsu", "start")
    check_position(page, "dobutsu", "gle/1c1/1C1/ELG s -")
    pos = board_move(page, "dobutsu", "gle/1c1/1C1/ELG s -", "b3b2")
    pos = board_move(page, "dobutsu", pos, "c1b2")
    check(pos == "gl1/1e1/3/ELG s Cc", f"dobutsu: after the chick exchange {pos}")
    check(bool(page.els('#reserve [data-reserve="chick"][data-owner="0"]')), "dobutsu: Sente's chick is not in hand")
    check(bool(page.els('#reserve [data-reserve="chick"][data-owner="1"]')), "dobutsu: Gote's chick is not in hand")
    q = check_position(page, "dobutsu", pos)
    value = {m["move"]: m for m in q["moves"]}["C*b3"]
    page.click('#reserve [data-reserve="chick"][data-owner="0"]')
    page.wait(lambda: page.els('#board [data-heat="b3"]'), "the heat map of the chick drop")
    heat = page.attr('#board [data-heat="b3"]', "data-value")
    check(heat == value["value"], f"dobutsu: heat of C*b3 is {heat}, expected {value['value']}")
    page.click_square("b3")
    after = page.cli.move("dobutsu", pos, ["C*b3"])["position"]
    page.wait_position(after, "the drop C*b3")
    check_position(page, "dobutsu", after)
    page.screenshot("dobutsu")


def part_plain(page):
    """Every game drawn from the API's board alone (?plain: no styling module, as a game new
    to the page): every square and piece where the command line's `board --json` says, the
    hands, the marks and their key; then Dobutsu Shogi played by clicks, without tables:
    a capture, and a drop from the hand."""
    for game, position in [("tatedrez", "rN1/1R1/nbB w 4"), ("taktikl", "oxox/4/x3/1oxo o a1a2 -"),
                           ("tablut", TABLUT_POSITION), ("chess", CHESS_POSITION), ("dobutsu", "gl1/1e1/3/ELG s Cc")]:
        page.open(game, position, plain=True)
        b = page.cli.board(game, position)
        page.wait_position(b["position"], f"plain {game}")
        board = b["board"]
        check(len(page.els("#board rect.square")) == board["files"] * board["ranks"], f"plain {game}: squares")
        pieces = {sq["name"]: sq["piece"] for sq in board["squares"] if sq["piece"]}
        shown = {e.get_attribute("data-square"): e.get_attribute("data-piece") for e in page.els("#board .piece")}
        check(shown == {sq: f'{p["owner"]}:{p["kind"]}' for sq, p in pieces.items()}, f"plain {game}: pieces {shown}")
        check(len(page.els("#board .piece-disc")) == len(pieces), f"plain {game}: pieces not drawn as labelled discs")
        marks = sum(len(sq["marks"]) for sq in board["squares"])
        check(len(page.els("#board .marks [data-mark]")) == marks, f"plain {game}: {marks} marks expected")
        check(len(page.els("#board-legend [data-legend]")) == len(board["legend"]), f"plain {game}: the key")
        in_hand = sum(len(hand) for hand in board["hands"])
        check(len(page.els("#reserve [data-reserve]")) == in_hand, f"plain {game}: {in_hand} pieces in hand expected")
        if game == "tablut":
            page.screenshot("plain-tablut")
    page.open("dobutsu", "start", plain=True)
    pos = page.cli.move("dobutsu", "start", [])["position"]
    page.wait_position(pos, "plain dobutsu start")
    pos = board_move(page, "dobutsu", pos, "b3b2", valued=False)
    pos = board_move(page, "dobutsu", pos, "c1b2", valued=False)
    pos = board_move(page, "dobutsu", pos, "C*b3", valued=False)
    check(pos == page.cli.move("dobutsu", "start", ["b3b2", "c1b2", "C*b3"])["position"], f"plain dobutsu: {pos}")
    page.screenshot("plain-dobutsu")


def part_full_game(page):
    """TateDrez with no-move=pass against perfect play: the human (White) clicks the first
    move of each list on the board; the machine must answer with its list's first move."""
    game, rules = "tatedrez", ("no-move=pass",)
    page.open(game, "start", rules)
    page.tab("play")
    Select(page.el("#play-delay")).select_by_value("250")
    Select(page.el("#play-side")).select_by_value("0")
    page.tab("moves")
    position = page.cli.move(game, "start", [], rules)["position"]
    played = []
    for _ in range(40):
        page.wait_position(position)
        q = page.cli.query(game, position, rules)
        if q["over"]:
            break
        move = q["moves"][0]["move"]
        position = board_move(page, game, position, move, rules, machine=True)
        played.append(move)
        q = page.cli.query(game, position, rules)
        if q["over"]:
            break
        reply = q["moves"][0]["move"]
        # the machine's reply: any move as good as the list's first
        best = q["moves"][0]
        page.wait(lambda: page.shown_position() not in (position, "", None) and page.attr("#verdict", "data-state") != "loading",
                  "the machine's reply")
        after = page.shown_position()
        options = {page.cli.move(game, position, [m["move"]], rules)["position"]: m["move"] for m in q["moves"]
                   if m["value"] == best["value"] and m["remoteness"] == best["remoteness"]}
        check(after in options, f"full game: the machine played into {after}, not a best move ({reply})")
        played.append(options.get(after, reply))
        position = after
    page.wait(lambda: page.attr("#verdict", "data-state") == "over", "the game to end")
    check(page.el("#verdict").text == "Game over: White wins", f"full game: verdict '{page.el('#verdict').text}'")
    check(len(played) == 15, f"full game: {len(played)} plies, expected 15 (White wins in 15)")
    page.tab("play")
    check("You won" in page.el("#play-status").text, f"full game: play status '{page.el('#play-status').text}'")
    # the review of the game just played: every move optimal, the result forced from ply 1
    page.tab("review")
    page.click("#review-use-played")
    page.click("#review-run")
    page.wait(lambda: page.els("#review-table tbody tr"), "the review")
    verdicts = [e.get_attribute("data-verdict") for e in page.els("#review-table tbody tr")]
    check(verdicts == ["optimal"] * len(played), f"full game: review verdicts {verdicts}")
    check(page.attr("#review-decided", "data-decided-from") == "1", "full game: the result should be forced from ply 1")
    page.click('#review-table tr[data-ply="7"]')
    page.wait(lambda: page.attr('#ply-list .ply.current', "data-ply") == "7", "a review row to jump to its ply")
    page.screenshot("tatedrez-review")
    page.key(Keys.END)
    page.wait_position(position, "End to go back to the end of the game")
    # the address holds the game: reloading it shows the same position
    url = page.d.current_url
    page.d.get("about:blank")
    page.d.get(url)
    page.wait(lambda: page.attr("#verdict", "data-state") == "over", "the game to come back from its address")
    check(page.shown_position() == position, "full game: the address did not restore the final position")
    Select(page.el("#play-side")).select_by_value("none")


def part_tablut_analysis(page):
    """The Tablut start is beyond the tables: the engine panel shows three lines and the
    evaluation bar, updated live while the depth grows, and the analysis is stopped."""
    page.open("tablut", "start")
    page.wait(lambda: page.attr("#verdict", "data-state") == "missing", "tablut start: the 'not in the tables' notice")
    check(page.el("#missing").is_displayed(), "tablut start: the missing-table box is hidden")
    page.tab("search")
    for field, value in [("#analyze-seconds", "30"), ("#analyze-lines", "3")]:
        page.el(field).clear()
        page.el(field).send_keys(value)
    page.click("#analyze-start")
    page.wait(lambda: page.attr("#analyze-state", "data-state") == "running", "the analysis to run")
    horizon = '#analyze-progress [data-progress="horizon"] dd'
    page.wait(lambda: re.match(r"\d+ plies", page.text(horizon) or ""), "the analysis' progress (its horizon)")
    depth = '#analyze-progress [data-progress="depth"] dd'
    page.wait(lambda: re.match(r"\d+ plies", page.text(depth) or ""), "the search's first depth")

    def shown_depth():
        shown = re.match(r"(\d+) plies", page.text(depth) or "")
        return int(shown.group(1)) if shown else 0
    first = shown_depth()
    page.wait(lambda: shown_depth() > first, "the search's depth to grow while it runs", timeout=25)
    # One read of the lines (they are redrawn as the search deepens).
    lines = page.js("return [...document.querySelectorAll('#analyze-lines-out li')]"
                    ".map((li) => [Number(li.dataset.score), li.querySelector('.line-move').textContent])")
    check(len(lines) == 3, f"tablut analysis: {len(lines)} lines shown, not 3")
    scores = [score for score, _ in lines]
    check(scores == sorted(scores, reverse=True), f"tablut analysis: lines not best first: {scores}")
    legal = {m["move"] for m in page.cli.board("tablut", "start")["moves"]}
    moves = [move for _, move in lines]
    check(len(set(moves)) == 3 and set(moves) <= legal, f"tablut analysis: lines' moves {moves}")
    check(page.shown("#analyze-eval"), "tablut analysis: no evaluation bar")
    width = page.attr("#analyze-eval-fill", "style") or ""
    check("width" in width, f"tablut analysis: evaluation bar has no width ({width})")
    nodes = page.text('#analyze-progress [data-progress="nodes"] dd') or ""
    check(bool(re.match(r"[\d,]+$", nodes)), f"tablut analysis: nodes shown as '{nodes}'")
    page.screenshot("tablut-analysis")
    page.click("#analyze-cancel")
    page.wait(lambda: page.attr("#analyze-state", "data-state") == "cancelled", "the analysis to be stopped", timeout=15)
    check(bool(page.els("#analyze-result .proofs li")), "tablut analysis: no result after stopping")
    check(len(page.els("#analyze-lines-out li")) == 3, "tablut analysis: the lines went away when stopped")


def part_storage(page):
    """The colour-blind palette is remembered; a save slot restores game and position."""
    page.open("chess", CHESS_POSITION)
    Select(page.el("#palette-select")).select_by_value("cb")
    page.d.refresh()
    page.wait(lambda: page.attr("body", "data-ready") == "true", "the page to reload")
    check(page.attr("body", "data-palette") == "cb", "the colour-blind palette was not remembered")
    win = page.js("return getComputedStyle(document.body).getPropertyValue('--win').trim()")
    check(win.lower() == "#2166ac", f"colour-blind palette: --win is {win}")
    page.wait_position(CHESS_POSITION)
    page.click_square("h1")
    page.wait(lambda: len(page.els("#board .dest")) > 10, "the queen's destinations")
    page.screenshot("chess-colour-blind")
    page.click_square("h1")
    Select(page.el("#palette-select")).select_by_value("standard")
    page.tab("slots")
    page.click('#slots [data-slot="1"] [data-action="save"]')
    page.open("taktikl", "start")
    page.tab("slots")
    page.click('#slots [data-slot="1"] [data-action="load"]')
    page.wait_position(CHESS_POSITION, "slot 1 to restore the chess position")


def main():
    if not os.access(CLI, os.X_OK):
        print(f"no zugzwang binary at {CLI} (give it as the first argument or ZZ_CLI)")
        return 1
    with BrowserRun("zz-browser-data-") as run:
        cli = Cli(run.data)
        log("solving the tables the test needs")
        cli.solve("tatedrez")
        cli.solve("tatedrez", "--rule", "no-move=pass")
        cli.solve("taktikl")
        cli.solve("chess", "--material", "KQvKR")
        cli.solve("tablut", "--material", "K1W2B")
        cli.solve("quixo", "--rule", "size=4")
        if DOBUTSU_DATA:
            os.symlink(os.path.join(os.path.abspath(DOBUTSU_DATA), "dobutsu"), os.path.join(run.data, "dobutsu"))
        server = run.serve(Server(run.data))
        log(f"server at {server.url}")
        page = Page(run.start_browser(), server, cli)
        run_parts(page, (part_tatedrez, part_taktikl, part_quixo, part_tablut, part_chess, part_dobutsu, part_plain,
                         part_full_game, part_tablut_analysis, part_storage))
        check_console(page.d)
    # How long it took is reported, not judged: CTest's timeout catches a hang, and speed is
    # the benchmarks' business (a busy machine must not fail a correct page).
    log(f"done in {time.time() - started:.0f} s")
    return report(f"all browser checks passed in {time.time() - started:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
