"""Live updates: every open page learns of each change to its room over a WebSocket.

A message says only that the room changed (a counter); the page then fetches
what it may see. So a message never carries a screen, a slow page never
receives stale screens, and a page that reconnects simply fetches again.

WebSockets rather than server-sent events: a browser keeps at most six HTTP
connections per server, and a room page with its players' panels would hold
them all with event streams, leaving none for a new tab.
"""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import web

#: Ping this often, so a page that vanished without closing is noticed.
HEARTBEAT_SECONDS = 20.0


class Hub:
    """The open sockets per room."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int | None]]] = {}
        self._counter = 0
        self._closed = False

    def notify(self, room_id: str) -> None:
        """Tell every page of the room that it changed."""
        self._counter += 1
        for queue in self._queues.get(room_id, ()):
            # One pending notice is enough: the page fetches the newest view.
            if queue.empty():
                queue.put_nowait(self._counter)

    def close(self) -> None:
        """End every socket (the server is stopping)."""
        self._closed = True
        for queues in self._queues.values():
            for queue in queues:
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
                queue.put_nowait(None)

    async def stream(self, request: web.Request, room_id: str) -> web.WebSocketResponse:
        """Serve a room's change notices until the page goes away or the server stops."""
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS)
        await socket.prepare(request)
        if self._closed:
            await socket.close()
            return socket
        queue: asyncio.Queue[int | None] = asyncio.Queue(maxsize=1)
        self._queues.setdefault(room_id, set()).add(queue)
        # Reading answers the browser's control frames and notices it leaving;
        # pages send nothing else.
        reader = asyncio.create_task(_read_until_closed(socket))
        waiting: asyncio.Task[int | None] | None = None
        try:
            # The page fetches its view when the socket opens, so changes made
            # while it was reconnecting are not missed.
            await socket.send_str("0")
            while True:
                waiting = asyncio.create_task(queue.get())
                done, _ = await asyncio.wait({waiting, reader}, return_when=asyncio.FIRST_COMPLETED)
                if waiting not in done:
                    break
                counter = waiting.result()
                if counter is None:
                    break
                await socket.send_str(str(counter))
        except ConnectionResetError:
            pass  # the page was closed mid-send
        finally:
            reader.cancel()
            if waiting is not None:
                waiting.cancel()
            queues = self._queues.get(room_id, set())
            queues.discard(queue)
            if not queues:
                self._queues.pop(room_id, None)
            await socket.close()
        return socket


async def _read_until_closed(socket: web.WebSocketResponse) -> None:
    async for _ in socket:
        pass
