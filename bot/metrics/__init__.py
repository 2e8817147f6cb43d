"""The bot's metrics: a Prometheus registry per process (:mod:`bot.metrics.registry`)
and the ``/metrics`` endpoint that reads the rest at scrape time (:mod:`bot.metrics.scrape`)."""

from bot.metrics.registry import Metrics, frontend_of

__all__ = ["Metrics", "frontend_of"]
