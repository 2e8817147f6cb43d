"""The Discord frontend (discord.py 2): slash commands, components, ephemeral hands."""
