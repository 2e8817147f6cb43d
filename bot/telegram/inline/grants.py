"""Who may sit at an inline table by the deep link: those its chat's press sent there."""

from __future__ import annotations

from bot.core.store import Store


def grant_ref(user_id: int) -> str:
    """The table's reference that lets ``user_id`` sit by the deep link."""
    return f"tg:grant:{user_id}"


async def granted(store: Store, table_id: str, user_id: int) -> bool:
    """Whether a press from the table's chat sent ``user_id`` to open the bot to sit."""
    return bool(await store.get_ref(table_id, grant_ref(user_id)))
