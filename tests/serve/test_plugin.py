"""The server is a plugin (libzugzwang_serve.so) only `serve` loads: the program itself links
neither cpp-httplib nor the TLS libraries it brings (a cold query must not pay for them), and
a program without its plugin says so in one line, exit code 2."""
import os
import shutil
import subprocess

from server import CLI


def needed_libraries(path):
    dynamic = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return [line.split("[", 1)[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line]


def test_the_program_links_no_server_or_mpi_library():
    program = shutil.which(CLI) or CLI
    needed = needed_libraries(program)
    assert any(n.startswith("libtbb") for n in needed), needed  # the reading works
    for unwanted in ("httplib", "libssl", "libcrypto", "libbrotli", "libmpi"):
        assert not any(unwanted in n for n in needed), needed
    plugin = os.path.join(os.path.dirname(program), "libzugzwang_serve.so")
    assert any("httplib" in n for n in needed_libraries(plugin))


def test_a_program_without_its_plugin_says_how_to_build_it(tmp_path):
    lonely = tmp_path / "zugzwang"
    shutil.copy(shutil.which(CLI) or CLI, lonely)
    env = {**os.environ, "ZUGZWANG_SERVE_PLUGIN": ""}
    done = subprocess.run([str(lonely), "serve", "--port", "0"], capture_output=True, text=True, env=env, timeout=30)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert "libzugzwang_serve.so" in done.stderr and "--target zugzwang_serve" in done.stderr, done.stderr


def test_a_plugin_that_is_not_one_is_refused_in_one_line(tmp_path):
    bogus = tmp_path / "libzugzwang_serve.so"
    bogus.write_bytes(b"\x7fELF\x01\nnot a shared object")
    env = {**os.environ, "ZUGZWANG_SERVE_PLUGIN": str(bogus)}
    done = subprocess.run([CLI, "serve", "--port", "0"], capture_output=True, text=True, env=env, timeout=30)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "cannot load the plugin" in done.stderr, done.stderr
