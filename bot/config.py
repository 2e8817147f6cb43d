"""Settings from the environment (and an optional ``.env`` file); see ``.env.example``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.core.i18n import LANGUAGES
from bot.core.pacing import PressLimit

DEFAULT_PRESS_LIMIT = PressLimit()
#: Commands are typed, not tapped: a person sends a few in a minute. A reply in a
#: group spends the group's twenty messages a minute, so a spammer's extra
#: commands are ignored rather than answered.
DEFAULT_COMMAND_LIMIT = PressLimit(presses=6, seconds=30)
LOG_FORMATS = ("text", "json")


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
    #: where pictures for inline messages are uploaded first (a chat the bot
    #: may post photos in); unset: through a player's private chat
    storage_chat: int | None = None
    #: the Mini App's page (HTTPS, the operator's proxy in front of this
    #: server's ``/webapp/``); unset: no Mini App and no "Open the table" button
    webapp_url: str | None = None
    #: its short name registered with @BotFather, for groups' direct links
    webapp_name: str | None = None


@dataclass(frozen=True)
class DiscordSettings:
    """How to run the Discord bot."""

    token: str
    #: a REST proxy in front of Discord's API (e.g. one that shares rate limits
    #: between processes), as ``https://host/api/v10``; unset: Discord's own
    api_url: str | None = None
    #: register the slash commands in this server only (instant; for testing);
    #: unset: globally
    guild_id: int | None = None
    #: run only these shards (several processes for one large bot); unset: all
    shard_ids: tuple[int, ...] = ()
    #: the total number of shards; unset: what Discord recommends
    shard_count: int | None = None


@dataclass(frozen=True)
class PlaygroundSettings:
    """Where the local playground (the web frontend used when no token is set) listens."""

    host: str = "127.0.0.1"  # loopback: the playground has no authentication
    port: int = 8765  # 0: any free port


@dataclass(frozen=True)
class Settings:
    """Everything an operator can configure."""

    redis_url: str | None
    redis_data_dir: Path
    #: True: ``redis_url`` names a node of a Redis Cluster.
    redis_cluster: bool
    key_prefix: str
    active_ttl: int
    finished_ttl: int
    default_language: str
    log_level: str
    telegram: TelegramSettings | None
    discord: DiscordSettings | None = None
    playground: PlaygroundSettings = PlaygroundSettings()
    #: None: presses are not limited.
    press_limit: PressLimit | None = DEFAULT_PRESS_LIMIT
    #: None: commands are not limited.
    command_limit: PressLimit | None = DEFAULT_COMMAND_LIMIT
    #: This worker's stable name among the bot's processes (None: it has none).
    worker_id: str | None = None
    #: ``LOG_FORMAT``: ``text`` (one ``key=value`` line per event) or ``json``.
    log_format: str = "text"
    #: True: ``/metrics`` answers any client, not only this machine's.
    metrics_public: bool = False
    #: A listener of its own for ``/metrics`` (None: only the webhook's port
    #: and the playground's serve it), on ``metrics_host``.
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read settings; ``env`` defaults to ``os.environ`` plus ``.env`` if present."""
        values = dict(read_dotenv(Path(".env"))) if env is None else {}
        values.update(os.environ if env is None else env)
        language = values.get("DEFAULT_LANGUAGE", "ru")
        if language not in LANGUAGES:
            raise ConfigError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}")
        redis_url = values.get("REDIS_URL") or None
        redis_cluster = switch(values, "REDIS_CLUSTER")
        log_format = (values.get("LOG_FORMAT") or "text").strip().lower()
        if log_format not in LOG_FORMATS:
            raise ConfigError(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}")
        if redis_cluster and redis_url is None:
            raise ConfigError("REDIS_CLUSTER=true needs REDIS_URL naming a node of the cluster")
        return cls(
            redis_url=redis_url,
            redis_cluster=redis_cluster,
            redis_data_dir=Path(values.get("REDIS_DATA_DIR", "data/redis")),
            key_prefix=values.get("REDIS_KEY_PREFIX", "tb:"),
            active_ttl=_positive_int(values, "TABLE_TTL_SECONDS", 7 * 86400),
            finished_ttl=_positive_int(values, "FINISHED_TABLE_TTL_SECONDS", 86400),
            default_language=language,
            log_level=values.get("LOG_LEVEL", "INFO").upper(),
            telegram=_telegram(values),
            discord=_discord(values),
            playground=PlaygroundSettings(
                host=values.get("PLAYGROUND_HOST") or "127.0.0.1",
                port=_port(values, "PLAYGROUND_PORT", 8765),
            ),
            press_limit=_limit(values, "PRESS_LIMIT", DEFAULT_PRESS_LIMIT),
            command_limit=_limit(values, "COMMAND_LIMIT", DEFAULT_COMMAND_LIMIT),
            worker_id=values.get("WORKER_ID") or None,
            log_format=log_format,
            metrics_public=switch(values, "METRICS_PUBLIC"),
            metrics_port=_port(values, "METRICS_PORT", 0) or None,
            metrics_host=values.get("METRICS_HOST") or "127.0.0.1",
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
        storage_chat=_chat_id(values, "TELEGRAM_STORAGE_CHAT"),
        webapp_url=_webapp_url(values),
        webapp_name=values.get("TELEGRAM_WEBAPP_NAME") or None,
    )


def _chat_id(values: Mapping[str, str], key: str) -> int | None:
    raw = values.get(key)
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a chat id, e.g. -1001234567890") from None


def _webapp_url(values: Mapping[str, str]) -> str | None:
    url = values.get("TELEGRAM_WEBAPP_URL") or None
    # Telegram opens only HTTPS pages as Mini Apps
    # (https://core.telegram.org/bots/webapps#designing-mini-apps).
    if url is not None and not url.startswith("https://"):
        raise ConfigError("TELEGRAM_WEBAPP_URL must be an https:// address")
    return url


def _discord(values: Mapping[str, str]) -> DiscordSettings | None:
    token = values.get("DISCORD_TOKEN")
    if not token:
        return None
    guild = values.get("DISCORD_GUILD_ID") or None
    raw_shards = values.get("DISCORD_SHARD_IDS") or ""
    try:
        shards = tuple(int(part) for part in raw_shards.replace(",", " ").split())
    except ValueError:
        raise ConfigError(f"DISCORD_SHARD_IDS must be shard numbers, not {raw_shards!r}") from None
    count = _positive_int(values, "DISCORD_SHARD_COUNT", 0) or None
    if shards and count is None:
        raise ConfigError("DISCORD_SHARD_COUNT is required with DISCORD_SHARD_IDS")
    if count is not None and any(not 0 <= s < count for s in shards):
        raise ConfigError("DISCORD_SHARD_IDS must be below DISCORD_SHARD_COUNT")
    if guild is not None and not guild.isdigit():
        raise ConfigError(f"DISCORD_GUILD_ID must be a server id, not {guild!r}")
    return DiscordSettings(
        token=token,
        api_url=values.get("DISCORD_API_URL") or None,
        guild_id=int(guild) if guild else None,
        shard_ids=shards,
        shard_count=count,
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


def switch(values: Mapping[str, str], key: str) -> bool:
    """A true/false setting (also 1/0, yes/no); unset is false."""
    raw = (values.get(key) or "false").strip().lower()
    if raw not in ("true", "false", "1", "0", "yes", "no"):
        raise ConfigError(f"{key} must be true or false, not {raw!r}")
    return raw in ("true", "1", "yes")


def _port(values: Mapping[str, str], key: str, default: int) -> int:
    raw = values.get(key)
    if raw is None or raw == "":
        return default
    if not raw.isdigit() or int(raw) > 65535:
        raise ConfigError(f"{key} must be a port number from 0 to 65535, not {raw!r}")
    return int(raw)


def _limit(values: Mapping[str, str], key: str, default: PressLimit) -> PressLimit | None:
    """``PRESS_LIMIT`` or ``COMMAND_LIMIT``: ``N/S`` (N per S seconds), ``off``, or
    unset (``default``)."""
    raw = values.get(key) or ""
    if not raw:
        return default
    if raw.strip().lower() == "off":
        return None
    count, _, seconds = raw.partition("/")
    if not (count.strip().isdigit() and seconds.strip().isdigit()):
        raise ConfigError(f"{key} must look like 12/5 (count/seconds) or off, not {raw!r}")
    limit = PressLimit(int(count), int(seconds))
    if not (limit.presses and limit.seconds):
        raise ConfigError(f"{key} must allow at least one in at least one second")
    return limit


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
