"""The Telegram frontend (aiogram 3): commands, buttons, and the messages a table shows."""
