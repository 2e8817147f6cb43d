"""Log lines kept as message ids and arguments, worded in the reader's language when shown.

A room's log outlives a switch of language (RU/EN on its page), so its lines
are not kept as text: what the core would say is written down as the
catalog's message ids and the arguments they were given, and worded again
for whoever reads it, in their language at that moment.

What is kept is JSON. A value is text as it is (a string or a number), or a
list of parts to join: strings, and phrases ``{"key": message id, "args":
{name: value}}``. An argument is a value too, so one that is itself worded
(a game's name, a card term, a list of them) is kept as phrases, not as words.

The core's screens say things through an :class:`I18n`; a :class:`Recorder`
is one that writes down what it is asked instead. Its answer is a mark
standing for the phrase, so text the core builds of phrases (terms joined
with commas, a phrase in another's argument) is kept part by part.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.core.i18n import I18n

#: A phrase: ``{"key": message id, "args": {name: Value}}``.
Phrase = dict[str, Any]
#: Text kept to be worded later: as it is, or parts joined (strings and phrases).
Value = str | int | float | list[str | Phrase]

# A phrase's mark: its JSON between two characters of Unicode's private use
# area. No name holds them (names are cleaned of unprintable characters) and
# ASCII JSON never does, so marks neither nest nor hide in a name.
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARK = re.compile(f"{_OPEN}([^{_CLOSE}]*){_CLOSE}")
#: The language a :class:`Recorder` is asked for: any, it words nothing.
UNWORDED = ""


class Recorder(I18n):
    """An :class:`I18n` that keeps each phrase it is asked for, to be worded later."""

    def __init__(self) -> None:
        # No catalogs: nothing is worded here.
        super().__init__({})

    def t(self, lang: str | None, msg_id: str, **args: Any) -> str:
        """A mark standing for the phrase ``msg_id`` with ``args`` (in no language)."""
        phrase = {"key": msg_id, "args": {name: kept(value) for name, value in args.items()}}
        return f"{_OPEN}{json.dumps(phrase)}{_CLOSE}"


def kept(said: object) -> Value:
    """What a :class:`Recorder` was made to say, as JSON to word later."""
    if isinstance(said, int | float):
        return said
    pieces = _MARK.split(str(said))
    if len(pieces) == 1:
        return pieces[0]
    # split() alternates the text between marks (even places) and the marks' JSON.
    return [
        json.loads(piece) if place % 2 else piece
        for place, piece in enumerate(pieces)
        if piece or place % 2
    ]


def word(i18n: I18n, lang: str, value: Value) -> str:
    """A kept value worded in ``lang``."""
    if not isinstance(value, list):
        return str(value)
    return "".join(part if isinstance(part, str) else _phrase(i18n, lang, part) for part in value)


def _phrase(i18n: I18n, lang: str, phrase: Phrase) -> str:
    # Numbers stay numbers: the catalog chooses plural forms by them.
    args = {
        name: value if isinstance(value, int | float) else word(i18n, lang, value)
        for name, value in phrase["args"].items()
    }
    return i18n.t(lang, phrase["key"], **args)
