import re
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, read_dotenv
from bot.core.pacing import PressLimit


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.redis_url is None
    assert settings.redis_data_dir == Path("data/redis")
    assert (settings.active_ttl, settings.finished_ttl) == (7 * 86400, 86400)
    assert settings.default_language == "ru" and settings.key_prefix == "tb:"


def test_values_and_errors() -> None:
    settings = Settings.from_env(
        {"REDIS_URL": "redis://r:6379/1", "DEFAULT_LANGUAGE": "en", "TABLE_TTL_SECONDS": "60"}
    )
    assert settings.redis_url == "redis://r:6379/1" and settings.default_language == "en"
    assert settings.active_ttl == 60
    with pytest.raises(ConfigError, match="DEFAULT_LANGUAGE"):
        Settings.from_env({"DEFAULT_LANGUAGE": "de"})
    with pytest.raises(ConfigError, match="TABLE_TTL_SECONDS"):
        Settings.from_env({"TABLE_TTL_SECONDS": "soon"})
    with pytest.raises(ConfigError, match="positive"):
        Settings.from_env({"FINISHED_TABLE_TTL_SECONDS": "0"})


def test_dotenv(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("# comment\n\nREDIS_URL='redis://x/0'\nLOG_LEVEL = debug\nbroken line\n")
    assert read_dotenv(env) == {"REDIS_URL": "redis://x/0", "LOG_LEVEL": "debug"}
    assert read_dotenv(tmp_path / "missing") == {}


def test_env_example_documents_every_setting() -> None:
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    documented = {
        line.split("=")[0]
        for line in example.splitlines()
        if "=" in line and not line.startswith("#")
    }
    source = (Path(__file__).resolve().parents[2] / "bot" / "config.py").read_text()
    read = {
        a or b for a, b in re.findall(r'values\.get\("([A-Z_]+)"|\(values, "([A-Z_]+)"', source)
    }
    assert read == documented


def test_telegram_settings() -> None:
    assert Settings.from_env({}).telegram is None
    polling = Settings.from_env({"TELEGRAM_TOKEN": "1:x", "TELEGRAM_API_URL": "http://api:8081"})
    assert polling.telegram is not None
    assert polling.telegram.api_url == "http://api:8081" and polling.telegram.webhook_url is None
    with pytest.raises(ConfigError, match="TELEGRAM_WEBHOOK_SECRET"):
        Settings.from_env({"TELEGRAM_TOKEN": "1:x", "TELEGRAM_WEBHOOK_URL": "https://b.example"})
    hook = Settings.from_env(
        {
            "TELEGRAM_TOKEN": "1:x",
            "TELEGRAM_WEBHOOK_URL": "https://b.example",
            "TELEGRAM_WEBHOOK_SECRET": "s3",
            "WEBHOOK_PORT": "9000",
        }
    )
    assert hook.telegram is not None and hook.telegram.listen_port == 9000


def test_discord_settings() -> None:
    assert Settings.from_env({}).discord is None
    plain = Settings.from_env({"DISCORD_TOKEN": "t0k"}).discord
    assert plain is not None and plain.token == "t0k"
    assert (plain.guild_id, plain.shard_ids, plain.shard_count, plain.api_url) == (
        None, (), None, None,
    )  # fmt: skip
    sharded = Settings.from_env(
        {
            "DISCORD_TOKEN": "t0k",
            "DISCORD_GUILD_ID": "123",
            "DISCORD_SHARD_IDS": "0, 2",
            "DISCORD_SHARD_COUNT": "4",
            "DISCORD_API_URL": "http://proxy:8080/api/v10",
        }
    ).discord
    assert sharded is not None and sharded.guild_id == 123
    assert sharded.shard_ids == (0, 2) and sharded.shard_count == 4
    assert sharded.api_url == "http://proxy:8080/api/v10"
    for bad, match in (
        ({"DISCORD_SHARD_IDS": "0,x", "DISCORD_SHARD_COUNT": "2"}, "DISCORD_SHARD_IDS"),
        ({"DISCORD_SHARD_IDS": "0,1"}, "DISCORD_SHARD_COUNT is required"),
        ({"DISCORD_SHARD_IDS": "3", "DISCORD_SHARD_COUNT": "2"}, "below"),
        ({"DISCORD_GUILD_ID": "my server"}, "DISCORD_GUILD_ID"),
    ):
        with pytest.raises(ConfigError, match=match):
            Settings.from_env({"DISCORD_TOKEN": "t0k", **bad})


def test_command_limit() -> None:
    assert Settings.from_env({}).command_limit == PressLimit(6, 30)
    assert Settings.from_env({"COMMAND_LIMIT": "3/10"}).command_limit == PressLimit(3, 10)
    assert Settings.from_env({"COMMAND_LIMIT": "off"}).command_limit is None


def test_press_limit() -> None:
    assert Settings.from_env({}).press_limit == PressLimit(12, 5)
    assert Settings.from_env({"PRESS_LIMIT": "20/10"}).press_limit == PressLimit(20, 10)
    assert Settings.from_env({"PRESS_LIMIT": "off"}).press_limit is None
    for bad in ("fast", "0/5", "5/0", "1.5/2"):
        with pytest.raises(ConfigError, match="PRESS_LIMIT"):
            Settings.from_env({"PRESS_LIMIT": bad})


def test_log_format_and_metrics_settings() -> None:
    plain = Settings.from_env({})
    assert plain.log_format == "text" and plain.metrics_port is None
    assert plain.metrics_public is False and plain.metrics_host == "127.0.0.1"
    chosen = Settings.from_env(
        {"LOG_FORMAT": "JSON", "METRICS_PORT": "9108", "METRICS_PUBLIC": "true"}
    )
    assert (chosen.log_format, chosen.metrics_port, chosen.metrics_public) == ("json", 9108, True)
    with pytest.raises(ConfigError, match="LOG_FORMAT"):
        Settings.from_env({"LOG_FORMAT": "xml"})
    with pytest.raises(ConfigError, match="METRICS_PORT"):
        Settings.from_env({"METRICS_PORT": "http"})
    with pytest.raises(ConfigError, match="METRICS_PUBLIC"):
        Settings.from_env({"METRICS_PUBLIC": "maybe"})
