"""The server keeps answering whatever arrives: malformed HTTP, huge or malicious bodies,
slow clients and thousands of concurrent requests (bounded, loopback only)."""
import socket
import threading
import time

import pytest

from server import Server


def raw(port, payload, timeout=10, half_close=False):
    """Sends payload on a fresh connection and reads until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(payload)
        if half_close:  # a client that sends garbage and stops writing
            s.shutdown(socket.SHUT_WR)
        chunks = []
        try:
            while chunk := s.recv(65536):
                chunks.append(chunk)
        except (ConnectionResetError, socket.timeout):
            pass
    return b"".join(chunks)


def answers(server):
    return server.get("/api/query", game="tatedrez", position="start", rule="no-move=pass")[0] == 200


def test_it_binds_loopback_unless_told_otherwise(server):
    assert server.url.startswith("http://127.0.0.1:")


def test_malformed_requests_and_malicious_bodies(server):
    port = server.port
    for payload in [b"", b"\r\n\r\n", b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                    b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"GET / HTTP/1.1\r\n" + b"X: " + b"y" * 100_000 + b"\r\n\r\n",
                    b"POST /api/review HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
                    b"POST /api/review HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                    b"POST /api/review HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                    b"GET /api/query?game=%ff%fe&position=%00 HTTP/1.1\r\nHost: x\r\n\r\n",
                    bytes(range(256)) * 40]:
        raw(port, payload, half_close=True)
        assert server.alive()
    # A body over the limit is refused; the limit's own size is fine.
    big = {"game": "tatedrez", "rules": [], "start": "start", "moves": ["R@b2"] * 100_000}
    assert server.post("/api/review", big)[0] == 413
    assert server.post("/api/review", {"game": "tatedrez", "start": "start", "moves": "not a list"})[0] == 400
    assert server.post("/api/review", {"game": "tatedrez", "start": 5, "moves": []})[0] == 400
    assert answers(server)


def test_slow_clients_do_not_hold_it(server):
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(50)]
    for s in idle:
        s.sendall(b"GET /api/games HTTP/1.1\r\n")  # never finished
    try:
        start = time.time()
        assert answers(server)
        assert time.time() - start < 15
    finally:
        for s in idle:
            s.close()


def test_thousands_of_concurrent_requests(server):
    request = (b"GET /api/query?game=tatedrez&rule=no-move%3Dpass&position=start HTTP/1.1\r\n"
               b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
    ok = []
    lock = threading.Lock()

    def client(n):
        for _ in range(n):
            try:
                reply = raw(server.port, request, timeout=60)
            except OSError:
                continue
            with lock:
                ok.append(reply.startswith(b"HTTP/1.1 200"))

    threads = [threading.Thread(target=client, args=(10,)) for _ in range(200)]
    start = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    elapsed = time.time() - start
    assert server.alive()
    assert len(ok) >= 1900 and all(ok), f"{len(ok)} answers, {ok.count(False)} not 200"
    print(f"2000 requests from 200 concurrent clients in {elapsed:.1f} s")
    assert answers(server)


def test_analyze_jobs_are_bounded(server):
    jobs = []
    for _ in range(2):
        status, job = server.post("/api/analyze", {"game": "tablut", "position": "start", "seconds": 120})
        assert status == 202
        jobs.append(job["job"])
    status, answer = server.post("/api/analyze", {"game": "tablut", "position": "start", "seconds": 120})
    assert status == 400 and "at most 2" in answer["error"]
    for j in jobs:
        server.request("DELETE", f"/api/analyze/{j}")
    for j in jobs:
        while server.get(f"/api/analyze/{j}")[1]["state"] == "running":
            time.sleep(0.05)
    assert answers(server)
