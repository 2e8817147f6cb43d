"""``python -m bot``: run the bot (see README.md)."""

from bot.app import main

raise SystemExit(main())
