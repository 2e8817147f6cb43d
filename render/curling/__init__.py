"""Logical Curling images: the field with its stones, the players, and a throw's preview.

Input is only a view dict as documented in ``docs/views.md`` ("## Logical
Curling"), never a game state. The images carry no words: names, numbers,
cell coordinates and symbols only, so the caption beside them does the
talking in the reader's language.

Layout (fixed size, :data:`WIDTH` × :data:`HEIGHT`): the field on the left,
drawn upright (row 12 at the top, the start row 0 at the bottom) with its
column letters above and below and on the left each row's number (0–12) and
the number the rules give it, in a tag of its zone's colour (sand guard rows
1–5, blue house rows 1–7; the start row has a launch triangle); the players' panel
on the right.

The field: pale ice; the free guard zone (rows 1–5) in a sand tint; the house
(b–g × rows 6–11) as nested rounded squares like a curling target: outer ring
pale blue, middle white, centre gold; the start row in grey with its four
start cells, the left pair marked with a clockwise curl (↻) and the right
pair with a counter-clockwise one (↺), as the throws from them bend. A
thin grid lets a player count cells.

Stones: red (a true red, as its name and the captions' 🔴 say) is a solid
disc with one continuous light ring, blue (Okabe–Ito blue) a disc with a
dashed light ring, so they differ by pattern as well as hue; each carries its
throw number ``n``.

The last throw: its path as a thick magenta line from the start cell through
the centres of the cells it entered (a dot at every bend), the thrown stone
with a magenta halo, every struck stone's move as a thin arrow from a dashed
ghost of its old place, a cross in the stone's colour on the field's border
where a stone left it (on its start cell for a thrown stone that never left
the start row), and, when the free guard rule undid the throw, a red warning
triangle where the thrown stone would have stopped and a big one at the
bottom of the panel (:func:`render_table`).

A preview (:func:`render_preview`) is the same picture for a throw not yet
made: the stones where they would end, the thrown stone's path segment by
segment with each segment's number in a tag, a burst where it would strike
a stone (between its cell and the struck stone's), every struck stone's path
from its ghost, the end's house count after the throw (in the preview's
colour), and the warning signs when
it would be a foul. A dashed indigo frame
round the whole image and an eye in the panel tell it from the real table.

The panel: the end ("3/8", an extra end as a "+1" pill); per player the turn
marker (or a winner's star), their stone, name, the hammer by the seat that
has it, the stones still to throw as a row of small stones and the stones out
of play; the match score, the picture's biggest number (Σ); the ends' scores
as a small scoreboard, the current end's column holding its house count as it
stands, in the turn's colour; the five dice (those marked for the free
re-throw raised and framed) or, in the card variant, the deck and discard
counts, the main cards and each seat's substitution cards (once the match is
over: a star with the winner's stone and name instead); while a seat acts,
what it may tap there: under the dice the sign that re-throws them (🔄 and
how many) or keeps them (✔), and when aiming the five trajectories' tiles
(a sketch from a left start cell and the power, greyed over the limit); in
the card variant a stop sign (no more cards) at the end of the deck's line;
the limit on the
throw's power "⚡≤ n" with what sets it (a die or a card for the combination,
the opponent's stone for their previous throw) and the last throw's stone,
power ⚡ and numbers. No letters stand for words: the captions and buttons
use the same marks. The combinations on offer are the caption's business.

The modules, bottom up: ``layout`` (sizes, cells, boxes, colours), ``parse``
(the view read into frozen data), ``sprites`` (stones, dice, icons),
``field`` (the field and a throw on it), ``controls`` (what the panel offers
to tap), ``panel`` (the players' panel), ``table`` (the two entry points) and
``targets`` (where each tap lies, by its choice's key), re-exported here.
"""

from render.curling.table import render_preview, render_table
from render.curling.targets import table_targets

__all__ = ["render_preview", "render_table", "table_targets"]
