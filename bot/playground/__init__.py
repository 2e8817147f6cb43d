"""The local playground: every game in the browser, on the same core as the chat frontends.

``python -m bot`` with no platform token serves it (see ``docs/playground.md``).
"""

from bot.playground.server import run
from bot.playground.web import make_app

__all__ = ["make_app", "run"]
