"""The home page tells the games apart: a line about each and a picture of its table."""

from __future__ import annotations

import io

import aiohttp
from PIL import Image

from games import registry
from tests.playground.conftest import Site


async def test_each_game_has_a_description_and_a_thumbnail(site: Site) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{site.url}?lang=en") as response:
            page = await response.text()
        assert "Card renju: the attackers line up four cards" in page
        for name in registry.names():
            assert f'src="/thumb/{name}.png"' in page
            async with http.get(f"{site.url}thumb/{name}.png") as response:
                assert response.status == 200 and response.content_type == "image/png"
                with Image.open(io.BytesIO(await response.read())) as picture:
                    assert picture.width == 360
        async with http.get(f"{site.url}thumb/chess.png") as response:
            assert response.status == 404
