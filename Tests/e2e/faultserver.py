"""Tests/CambioNetTests/fault_server.py on 127.0.0.1, for tests outside the Swift process."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FaultServer:
    """Tests/CambioNetTests/fault_server.py on 127.0.0.1 for the duration of a test."""

    def __enter__(self):
        script = os.path.join(ROOT, "Tests", "CambioNetTests", "fault_server.py")
        self.proc = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.port = int(self.proc.stdout.readline())
        return self

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def __exit__(self, *exc):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
