"""Settings from the environment (and an optional ``.env`` file); see ``.env.example``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.core.i18n import LANGUAGES


class ConfigError(ValueError):
    """A setting has a value the bot cannot use."""


@dataclass(frozen=True)
class TelegramSettings:
    """How to reach Telegram and how to receive updates."""

    token: str
    api_url: str | None = None
    webhook_url: str | None = None  # set: webhook mode; unset: long polling
    webhook_secret: str | None = None
    webhook_path: str = "/telegram"
    listen_host: str = "127.0.0.1"
    listen_port: int = 8080


@dataclass(frozen=True)
class Settings:
    """Everything an operator can configure."""

    redis_url: str | None
    redis_data_dir: Path
    key_prefix: str
    active_ttl: int
    finished_ttl: int
    default_language: str
    log_level: str
    telegram: TelegramSettings | None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read settings; ``env`` defaults to ``os.environ`` plus ``.env`` if present."""
        values = dict(read_dotenv(Path(".env"))) if env is None else {}
        values.update(os.environ if env is None else env)
        language = values.get("DEFAULT_LANGUAGE", "ru")
        if language not in LANGUAGES:
            raise ConfigError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}")
        return cls(
            redis_url=values.get("REDIS_URL") or None,
            redis_data_dir=Path(values.get("REDIS_DATA_DIR", "data/redis")),
            key_prefix=values.get("REDIS_KEY_PREFIX", "tb:"),
            active_ttl=_positive_int(values, "TABLE_TTL_SECONDS", 7 * 86400),
            finished_ttl=_positive_int(values, "FINISHED_TABLE_TTL_SECONDS", 86400),
            default_language=language,
            log_level=values.get("LOG_LEVEL", "INFO").upper(),
            telegram=_telegram(values),
        )


def _telegram(values: Mapping[str, str]) -> TelegramSettings | None:
    token = values.get("TELEGRAM_TOKEN")
    if not token:
        return None
    webhook = values.get("TELEGRAM_WEBHOOK_URL") or None
    secret = values.get("TELEGRAM_WEBHOOK_SECRET") or None
    if webhook and not secret:
        raise ConfigError("TELEGRAM_WEBHOOK_SECRET is required with TELEGRAM_WEBHOOK_URL")
    return TelegramSettings(
        token=token,
        api_url=values.get("TELEGRAM_API_URL") or None,
        webhook_url=webhook,
        webhook_secret=secret,
        webhook_path=values.get("TELEGRAM_WEBHOOK_PATH", "/telegram"),
        listen_host=values.get("WEBHOOK_HOST", "127.0.0.1"),
        listen_port=_positive_int(values, "WEBHOOK_PORT", 8080),
    )


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of a ``.env`` file (comments and blank lines skipped)."""
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        out[key.strip()] = value.strip().strip("'\"")
    return out


def _positive_int(values: Mapping[str, str], key: str, default: int) -> int:
    raw = values.get(key)
    if raw is None or raw == "":
        return default
    try:
        number = int(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a whole number, not {raw!r}") from None
    if number <= 0:
        raise ConfigError(f"{key} must be positive")
    return number
