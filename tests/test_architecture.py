"""Imports point one way: games ← render ← bot.core ← frontends (DESIGN.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What each layer may NOT import (prefixes of module names).
FORBIDDEN = {
    "games": ("render", "bot", "redis", "PIL", "asyncio", "aiogram", "discord", "aiohttp"),
    "render": ("bot", "redis", "asyncio", "aiogram", "discord", "aiohttp"),
    "bot/core": ("bot.telegram", "bot.discord", "bot.playground", "aiogram", "discord", "aiohttp"),
    # The core counts into it: it serves every frontend, and knows none.
    "bot/metrics": ("bot.telegram", "bot.discord", "bot.playground", "aiogram", "discord"),
    # The web table's page, shared by the playground and the Telegram Mini App.
    "bot/webpage": ("bot.telegram", "bot.discord", "bot.playground", "aiogram", "discord"),
    # Frontends share the core (and the web page), never each other.
    "bot/telegram": ("bot.discord", "bot.playground", "discord"),
    "bot/discord": ("bot.telegram", "bot.playground", "aiogram"),
    "bot/playground": ("bot.telegram", "bot.discord", "aiogram", "discord"),
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_import_one_way(layer: str) -> None:
    files = sorted((ROOT / layer).rglob("*.py"))
    assert files, f"no modules under {layer}"
    offences = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files
        for name in imported_modules(path)
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer])
    ]
    assert offences == []


def test_the_check_itself_catches_an_offence(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from bot.core import service\nimport PIL.Image\n")
    assert {"bot.core", "PIL.Image"} <= imported_modules(module)
