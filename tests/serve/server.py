"""Starts `zugzwang serve` for a test on a free loopback port and stops it afterwards."""
import json
import os
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request

CLI = os.environ.get("ZZ_CLI", "zugzwang")


class Server:
    def __init__(self, data, *extra):
        self.process = subprocess.Popen([CLI, "serve", "--port", "0", "--data", str(data), *extra],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"listening on (http://\S+/)", line)
        if not found:
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r} {self.process.stderr.read()!r}")
        self.url = found.group(1)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def alive(self):
        return self.process.poll() is None

    def request(self, method, path, params=None, body=None, timeout=30):
        """(status, parsed JSON or text) of one request."""
        url = self.url + path.lstrip("/")
        if params:
            url += "?" + urllib.parse.urlencode(params, doseq=True)
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as answer:
                status, raw, kind = answer.status, answer.read(), answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, raw, kind = error.code, error.read(), error.headers.get("Content-Type", "")
        text = raw.decode()
        return status, (json.loads(text) if kind.startswith("application/json") else text)

    def get(self, path, **params):
        return self.request("GET", path, params)

    def post(self, path, body):
        return self.request("POST", path, body=body)
