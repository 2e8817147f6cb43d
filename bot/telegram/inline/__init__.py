"""Inline mode: a game started by typing ``@bot`` in any chat, the bot not in it.

The chosen result posts a message the bot owns (an ``inline_message_id``); the
table lives in it for its whole life (its key is the message's,
:func:`bot.telegram.ids.inline_key`): the lobby, the table and the result are
edits of that one message, and everything that would be a new message in a
group goes to the players' private chats. Its parts: the query and the
chosen result (``queries``), presses on such a message (``presses``), edits by
``inline_message_id`` (``messages``) and the pictures they show, uploaded
beforehand since an inline message's edit cannot carry a new file
(``pictures``).
"""
