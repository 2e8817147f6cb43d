"""Krendzu (card renju) images: the public table and one seat's hand.

Input is only a view dict as documented in ``docs/views.md`` (never a game
state). The images carry no words: names, numbers, cell labels and symbols
only, so the caption beside them does the talking in the reader's language.

The table is a field of cards on a green felt, cropped to the view's ``box``
(the cards' bounding box plus a one-cell margin), with column letters on top
and row numbers on the left exactly as the game names cells
(:func:`cell_label`). The free cells a card may go to (the frontier) are
faint outlined slots carrying their own label, so a player can name a cell
without counting along the axes. Each card shows its rank and suit large and
centred (four-colour suits, figures on warm paper, since they are the
wildcards of a progression) above a stripe in the colour of the seat that
placed it, with that seat's number on it: colour is never the only cue.

The cell size follows the box: a small field gets big cards and a small
image, a long line or a big block gets smaller cards, never clipped, and the
whole image stays within MAX_W × MAX_H. The players' panel goes on the right
of the field, or under a status strip above it, whichever prints the ranks
bigger once a phone has shrunk the image to its width (:func:`make_layout`).
A long row gets taller cells; a long column gets wide ones, printed with
rank and suit side by side and the seat stripe down the left edge.

Marks on the field:

- the last move: a frame round its card (two cards: framed and numbered
  1 and 2 in square tags, so they never read as seat chips);
- a defender's pending first card (``pending``): a frame and a "1" tag in
  the turn colour, and the cells the second card may go to outlined in it;
- scored windows: a line through the centres of their four cells, under
  the cards' print so ranks stay legible: thick and in the highlight colour
  when completed by the last action, thin and pale gold when older, dashed
  when a defender completed it (an own goal).

The status block shows the tour, the cards set aside, the exchange option
during the exchange, and the last move (the mover's chip and the cells, or
"—" for a pass); once the match is over, a star and the winners' names. Each
player's row shows the turn marker (or a winner's star), seat chip, role
(a sword attacks, a shield defends), name, hand size, the points of this
tour and the match total (Σ), and during the exchange the number announced
("?" until then) with a tick once discarded; the defender who owes the
second card of a two-card move gets a "one of two cards" mark.

``last_tour`` and ``events`` are not drawn: the totals already include the
finished tour and the caption tells what happened.

Modules, from the bottom up: ``palette`` (colours), ``view`` (reading a
view), ``layout`` (sizes, cell size, pixel boxes, card print metrics),
``cards`` and ``icons`` (sprites), ``field`` and ``panel`` (the two halves
of the table image), ``table`` and ``hand`` (the two images).
"""

from render.krendzu.hand import hand_key, hand_targets, render_hand
from render.krendzu.table import render_table, table_targets

__all__ = ["hand_key", "hand_targets", "render_hand", "render_table", "table_targets"]
