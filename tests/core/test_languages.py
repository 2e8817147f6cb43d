import pytest

from bot.core.languages import Languages, UnknownLanguage
from bot.core.store import Store


async def test_chat_language_defaults_then_follows_the_choice(store: Store) -> None:
    langs = Languages(store, default="ru")
    assert await langs.for_chat("tg:-100") == "ru"
    await langs.set_chat("tg:-100", "en")
    assert await langs.for_chat("tg:-100") == "en"
    assert await langs.for_chat("tg:-100/5") == "ru", "each topic has its own setting"


async def test_user_language_choice_beats_the_platform(store: Store) -> None:
    langs = Languages(store, default="en")
    assert await langs.for_user("tg:1") == "en"
    assert await langs.for_user("tg:1", "ru-RU") == "ru"
    assert await langs.for_user("tg:1", "pt-BR") == "en"
    await langs.set_user("tg:1", "en")
    assert await langs.for_user("tg:1", "ru") == "en"
    assert await langs.for_chat("tg:1") == "en", "the default, not the user's choice"


async def test_only_catalog_languages(store: Store) -> None:
    with pytest.raises(UnknownLanguage):
        await Languages(store, "ru").set_chat("tg:-1", "de")


async def test_platform_code_is_remembered_for_unprompted_messages(store: Store) -> None:
    langs = Languages(store, default="ru")
    await langs.note_platform("tg:5", "en-US")
    assert await langs.for_user("tg:5") == "en"
    await langs.set_user("tg:5", "ru")
    assert await langs.for_user("tg:5") == "ru"
