"""Caravan images: the public table (both players' six caravans) and one seat's hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers and symbols only, so the
caption beside them does the talking in the reader's language.

Layout of the table (a fixed 1200 × 1080 canvas, so in-place edits of the
table message never change its size):

- a strip per player: seat 1 along the top edge, seat 0 along the bottom
  (turn arrow or winner's star, seat chip, name, games won, hand size);
- between the strips, three columns (pairs 1–3) on a wooden table: seat 1's
  caravans in the upper half, seat 0's in the lower half, and a band across
  the middle with one plate per caravan (value, direction, suit, sold ✓ or
  bust ✗, and the chip of whoever holds the pair now);
- a gutter on the left: each player's deck next to their caravans, the
  discard pile in the middle band.

Caravans grow away from the middle band, so the two caravans of a pair face
each other across their plates and each player's newest cards lie nearest
that player. Numeral cards overlap and the face cards on a numeral fan out
to its right; every card keeps a corner index (rank and suit) uncovered: at
the top for seat 0's cards, and at the bottom for seat 1's (their cards grow
upward, so the bottom edge is what stays in view). A face card under the
next row shows as a tab (its index strip only), so each row reads as one
numeral and what lies on it. The overlap step shrinks with a caravan's
length (and past ten numerals the cards get shorter), never the canvas, so
nothing is ever clipped.

The last move: a played or attached card gets a frame inside its edge and a
badge with the mover's seat number (and "−N" when a Jack or joker took N
numeral cards away); a Jack's caravan gets its plate framed, a disbanded
caravan its empty slot, a discard the discard pile. The discarded card is
never drawn, even from a seat's view where it is known. In the opening
round, the empty places the player to move must fill are outlined in the
turn colour.

``last_game`` (the previous game of a match) is not drawn: the games-won pips
in the strips already count it and the caption names the winner.

Modules, from the bottom up: ``palette`` (colours), ``cards`` (card faces),
``view`` (reading a view), ``layout`` (boxes and caravan geometry),
``caravans``, ``band``, ``strips`` and ``marks`` (the parts of the table),
``table`` and ``hand`` (the two images).
"""

from render.caravan.hand import hand_key, hand_targets, render_hand
from render.caravan.table import render_table, table_targets

__all__ = ["hand_key", "hand_targets", "render_hand", "render_table", "table_targets"]
