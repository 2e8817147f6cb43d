"""The web table: the page a seat plays on, shared by the playground and the
chat platforms' web apps (the Telegram Mini App), and the views' pieces it draws.

It depends on the core only; a frontend serves it with its own routes.
"""
