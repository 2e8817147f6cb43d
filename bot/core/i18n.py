"""Russian and English text through Fluent catalogs (``bot/locales/<lang>/*.ftl``).

Each language is a folder of catalogs, one per subject (the core, each game,
each frontend); they are read in name order and form one catalog.

Every user-facing string goes through :meth:`I18n.t`. A message missing in one
language falls back to English, then to its id, so a gap shows up as an
obviously untranslated id rather than an exception in the middle of a game.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from importlib import resources
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
FALLBACK_LANGUAGE = "en"

log = logging.getLogger(__name__)


class I18n:
    """The loaded catalogs; cheap to share, safe to use from any task."""

    def __init__(
        self, catalogs: Mapping[str, str] | None = None, *, default: str = DEFAULT_LANGUAGE
    ) -> None:
        self.default = default
        texts = dict(catalogs) if catalogs is not None else _bundled_catalogs()
        self._bundles: dict[str, FluentBundle] = {}
        for lang, text in texts.items():
            bundle = FluentBundle([lang], use_isolating=False)
            bundle.add_resource(FluentResource(text))
            self._bundles[lang] = bundle

    def has(self, lang: str, msg_id: str) -> bool:
        """True when ``lang`` defines ``msg_id`` itself (no fallback)."""
        bundle = self._bundles.get(lang)
        return bundle is not None and bundle.has_message(msg_id)

    def t(self, lang: str | None, msg_id: str, **args: Any) -> str:
        """The message ``msg_id`` in ``lang`` with ``args`` filled in."""
        for candidate in (lang or self.default, FALLBACK_LANGUAGE):
            bundle = self._bundles.get(candidate)
            if bundle is None or not bundle.has_message(msg_id):
                continue
            message = bundle.get_message(msg_id)
            if message.value is None:
                continue
            text, errors = bundle.format_pattern(message.value, args)
            if errors:
                log.warning("i18n id=%s lang=%s errors=%s", msg_id, candidate, errors)
            return str(text)
        log.warning("i18n missing id=%s lang=%s", msg_id, lang)
        return msg_id

    def message_ids(self, lang: str) -> set[str]:
        """Every message id defined in ``lang`` (for catalog-completeness tests)."""
        bundle = self._bundles[lang]
        return set(bundle._messages)


def _bundled_catalogs() -> dict[str, str]:
    folder = resources.files("bot") / "locales"
    return {
        lang: "\n".join(
            part.read_text(encoding="utf-8")
            for part in sorted((folder / lang).iterdir(), key=lambda p: p.name)
            if part.name.endswith(".ftl")
        )
        for lang in LANGUAGES
    }


def pick_language(code: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """Our language for a platform language code (``"ru-RU"``, ``"uk"``, ``"en"``…).

    Speakers of languages close to Russian more often read Russian than
    English, so they get Russian; everyone else gets English.
    """
    if not code:
        return default
    base = code.split("-")[0].split("_")[0].lower()
    if base in ("ru", "uk", "be", "kk", "ky", "uz", "tg", "hy", "az", "ka"):
        return "ru"
    return "en"
