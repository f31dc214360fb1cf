"""Memory cgroups for benchmarks that hold a solve under a hard cap (root needed).

A process moved into a group with a limit is charged for its anonymous memory and for the
page cache of the files it writes and reads; when the kernel cannot reclaim enough under the
limit it kills the process. cgroup v2 (memory.max, memory.peak) and v1
(memory.limit_in_bytes, memory.max_usage_in_bytes) are both handled.
"""
import os
import sys
from pathlib import Path

PREFIX = "zugzwang-bench-"


SKIP = 2  # the exit code of a run that cannot cap memory here (the tests skip on it)


def skip(reason):
    print(f"memory cap: skipped, {reason}", file=sys.stderr)
    sys.exit(SKIP)


def cgroup_root():
    """The folder under which memory cgroups can be made, and the names of its limit and peak
    files; exits 2 (SKIP) when there is none this process may write to (not root, a container
    without cgroup write access, v2 without the memory controller)."""
    v2 = Path("/sys/fs/cgroup")
    v1 = Path("/sys/fs/cgroup/memory")
    if (v2 / "cgroup.controllers").exists() and "memory" in (v2 / "cgroup.subtree_control").read_text():
        found = v2, "memory.max", "memory.peak"
    elif (v1 / "memory.limit_in_bytes").exists():
        found = v1, "memory.limit_in_bytes", "memory.max_usage_in_bytes"
    else:
        skip("no memory cgroup here (neither v2 with the memory controller nor v1)")
    if not os.access(found[0], os.W_OK):
        skip(f"{found[0]} is not writable (root and cgroup write access are needed)")
    return found


def remove_cgroups(root):
    """Removes the benchmarks' cgroups whose processes have all ended (the kernel refuses to
    remove one still in use)."""
    for group in root.glob(PREFIX + "*"):
        try:
            group.rmdir()
        except OSError:
            pass


class CappedGroup:
    """One cgroup with a limit; `wrap(command)` runs a command inside it. Use as a context
    manager: the group is removed on leaving, after `peak_bytes()` has been read."""

    def __init__(self, name, cap_bytes):
        self.root, self.limit_file, self.peak_file = cgroup_root()
        self.path = self.root / (PREFIX + name)
        self.cap_bytes = cap_bytes

    def __enter__(self):
        try:
            self.path.mkdir()
            (self.path / self.limit_file).write_text(str(self.cap_bytes))
        except OSError as e:
            try:
                self.path.rmdir()
            except OSError:
                pass
            skip(f"cannot make a memory cgroup with a limit at {self.path} ({e})")
        return self

    def __exit__(self, *exc):
        try:
            self.path.rmdir()
        except OSError:
            pass

    def wrap(self, command):
        # The shell moves itself into the group, then becomes the command.
        return ["sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', str(self.path), *command]

    def peak_bytes(self):
        """The group's highest charge (anonymous memory and page cache), or None if the kernel
        does not say."""
        f = self.path / self.peak_file
        return int(f.read_text()) if f.exists() else None
