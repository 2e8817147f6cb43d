"""Reading ``/metrics`` as Prometheus does: over HTTP, parsed by prometheus-client's parser."""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

from bot.core.redis_server import free_port
from bot.core.service import TableService
from bot.metrics import server
from bot.metrics.scrape import Scraper


@dataclass
class Samples:
    """One scrape's samples."""

    samples: list[Sample]

    def value(self, name: str, **labels: str) -> float:
        """The sum of the samples called ``name`` whose labels include ``labels`` (0: none)."""
        return sum(
            s.value
            for s in self.samples
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
        )

    def has(self, name: str, **labels: str) -> bool:
        """Whether any sample called ``name`` has ``labels``."""
        return any(
            s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
            for s in self.samples
        )


def parse(text: str) -> Samples:
    """The samples of a text exposition."""
    return Samples([s for f in text_string_to_metric_families(text) for s in f.samples])


async def get(url: str) -> Samples:
    """GET ``url`` (a ``/metrics``); it must answer 200 in the text format."""
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        assert response.status == 200, await response.text()
        assert response.headers["Content-Type"].startswith("text/plain")
        return parse(await response.text())


async def scrape(service: TableService, scraper: Scraper | None = None) -> Samples:
    """``service``'s figures through the ``METRICS_PORT`` listener, as Prometheus reads them."""
    port = free_port()
    runner = await server.start(
        scraper or Scraper(service.metrics, service.store), "127.0.0.1", port, public=False
    )
    try:
        return await get(f"http://127.0.0.1:{port}/metrics")
    finally:
        await runner.cleanup()
