"""zugzwang.chess.Tablebase, python-chess's tablebase interface on the chess tables: signs and
units of probe_dtm / probe_wdl, the published longest mates of KQvK and KRvK, KeyError where no
table answers (get_* return None), any object with fen(), and threads."""
import threading

import pytest

import zugzwang
import zugzwang.chess


def every_position(data, material):
    return [row["position"] for row in zugzwang.Game("chess", data=data).export(material)
            if row["tier"] == material]


def test_dtm_and_wdl_agree_with_query_and_the_published_longest_mates(data):
    tb = zugzwang.chess.Tablebase(data)
    game = zugzwang.Game("chess", data=data)
    # Published: the longest KQvK mate is 10 moves, KRvK 16 (white to move: 19 and 31 plies).
    for material, longest in (("KQvK", 19), ("KRvK", 31)):
        positions = every_position(data, material)
        dtm = [tb.probe_dtm(p) for p in positions]
        assert max(dtm) == longest
        assert min(dtm) == -(longest + 1)  # black to move: one move, then mated as fast
        for p, d in list(zip(positions, dtm))[::97]:
            q = game.query(p)
            wdl = tb.probe_wdl(p)
            if q.value == "draw":
                assert d == 0 and wdl == 0
            else:
                assert abs(d) == q.remoteness
                assert (d > 0) == (q.value == "win") == (wdl == 1)
                assert (wdl == -1) == (q.value == "loss")


def test_a_mated_side_has_dtm_zero_and_loses(data):
    tb = zugzwang.chess.Tablebase(data)
    mate = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"
    assert tb.probe_dtm(mate) == 0
    assert tb.probe_wdl(mate) == -1


def test_no_table_raises_key_error_and_get_returns_none(data):
    tb = zugzwang.chess.Tablebase(data)
    pawn = "8/8/8/8/8/2k5/4P3/K7 w - - 0 1"  # KPvK is not built in this data directory
    castling = "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"
    for position, error in ((pawn, zugzwang.MissingTableError), (castling, zugzwang.NotCoveredError)):
        for probe in (tb.probe_dtm, tb.probe_wdl):
            with pytest.raises(KeyError):
                probe(position)
            with pytest.raises(error):
                probe(position)
        assert tb.get_dtm(position) is None and tb.get_wdl(position) is None
        assert tb.get_dtm(position, default=-99) == -99
    with pytest.raises(zugzwang.InputError):
        tb.probe_dtm("8/8/8/8 w")
    with pytest.raises(zugzwang.InputError, match=r"\\xed\\xa0\\x80"):  # a lone surrogate: its bytes
        tb.get_dtm("8/8/8/8/8/2k5/1R6/K7 w - - 0 1\ud800")


def test_a_board_object_with_fen_is_accepted(data):
    class Board:  # what python-chess's chess.Board offers the reader
        def fen(self):
            return "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"
    with zugzwang.chess.Tablebase(data) as tb:
        assert tb.probe_dtm(Board()) == tb.probe_dtm(Board().fen()) > 0


def test_threads_probe_alike(data):
    tb = zugzwang.chess.Tablebase(data)
    positions = every_position(data, "KRvK")[::7]
    expected = [tb.probe_dtm(p) for p in positions]
    results = [None] * 4

    def work(k):
        results[k] = [tb.probe_dtm(p) for p in positions]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)
