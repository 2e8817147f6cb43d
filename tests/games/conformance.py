"""A reusable random-playout conformance checker for every rules engine.

``run_playouts`` plays seeded random games to the end through the public rules
contract only (``registry``, ``new_game``, ``to_move``, ``legal_actions``,
``apply``, ``view``, ``is_over``, ``result``, ``dumps``, ``loads``) and checks,
at every state (or, with ``deep_every``, at a regular sample of states; see
``run_playouts``):

- the state JSON-round-trips (``dumps(loads(dumps(s))) == dumps(s)``) and the
  loaded copy behaves identically: it equals the state (or, for a state type
  that does not compare by value, gives the same moves, legal actions, views
  and result), and the chosen action gives the same next state from it;
- every seat to move has legal actions; other seats have none, or only the
  game's ``shared_actions`` (such as proposing a vote out of turn); actions
  are hashable, distinct and survive JSON as lists;
- a sample of legal actions applies, and ``apply`` never alters its input;
- a sample of illegal actions (malformed shapes, forged variants of legal
  actions, actions that were legal in another state, legal actions sent by a
  seat that is not to move, another seat's actions, anything after the end)
  raises ``games.IllegalAction`` and leaves the state unchanged;
- views are exact JSON data and leak no hidden cards (see ``check_views``);
- refusals do not name another seat's hidden cards;
- the game ends within ``max_actions``; it replays from its seed and actions
  (the same seed gives the same first state, and every action gives the
  same next state when applied to a loaded copy).

Games plug in their hidden information with optional hooks:

- ``secrets(state, seat)``: the codes of the cards only that seat may know (a
  list keeps duplicates);
- ``hidden(state)``: the codes of the cards nobody may know (face-down cards,
  a stock): no view and no refusal may name any of them;
- ``redeal(state, keep, rnd)``: a copy of ``state`` in which all hidden
  information except that of seat ``keep`` (``None``: of nobody) is dealt
  anew, consistently with everything public (same hand sizes, deck size…).
  A view must not change when what it may not see is re-dealt, and an action
  must have the same public outcome after such a re-deal (this catches leaks
  under any key, and private data slipped into a public event). Actions for
  which ``reveals(action)`` is true (turning a card face up for everyone) are
  exempt from the second check.

The random player picks a seat to move and one of its legal actions, each
uniformly; with ``weight(state, action)`` the action is drawn with those
relative weights instead (all must be positive, so every legal action can
come up). Now and then a seat that is not to move takes one of its shared
actions. While a game's short window is open (``Game.window``, such as a
time to claim points), its time sometimes runs out: its seat sends its close
action, which no other seat may send.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import GameOver, IllegalAction, registry
from games.core.protocol import Game

Secrets = Callable[[Any, int], Iterable[str]]
Hidden = Callable[[Any], Iterable[str]]
Redeal = Callable[[Any, int | None, random.Random], Any]
Observer = Callable[[Any], None]
Action = tuple[Any, ...]
Weight = Callable[[Any, Action], float]

#: How often a seat that is not to move takes a shared action, when one has any.
OUT_OF_TURN = 0.02
#: How often an open window's time runs out before the next action.
WINDOW_CLOSES = 0.3

#: Values that have the shape of no action of any game.
MALFORMED: tuple[Any, ...] = (
    None,
    [],
    (),
    ["x"],
    [1, 2],
    "extend",
    7,
    [True],
    [1.5],
    [[1]],
    [{"a": 1}],
    {"kind": "x"},
    [b"x"],
)
#: Replacements for one part of a legal action when forging a variant.
FORGED_PARTS: tuple[Any, ...] = (None, -1, 10**9, "zz", "", True, False, 0, [0])

_TOKEN = re.compile(r"[0-9A-Za-z]+")


@dataclass
class PlayoutReport:
    """What a run covered, so a test can assert it saw enough."""

    games: int = 0
    actions: int = 0
    longest: int = 0
    legal_checked: int = 0
    illegal_checked: int = 0
    event_kinds: Counter[str] = field(default_factory=Counter)
    winners: Counter[int] = field(default_factory=Counter)


def run_playouts(
    game: Game[Any] | str,
    seats: int,
    games: int,
    options: Mapping[str, Any] | None = None,
    seed0: int = 0,
    illegal_sample: int = 4,
    *,
    legal_sample: int | None = 2,
    secrets: Secrets | None = None,
    redeal: Redeal | None = None,
    hidden: Hidden | None = None,
    reveals: Callable[[Action], bool] | None = None,
    weight: Weight | None = None,
    view_seats: int | None = None,
    deep_every: int = 1,
    seat_keys: Sequence[str] = ("you", "hand"),
    private_keys: Sequence[str] = ("hand", "hands", "drawn"),
    structural: bool = True,
    max_actions: int = 10_000,
    observe: Observer | None = None,
) -> PlayoutReport:
    """Play ``games`` random games with seeds ``seed0, seed0 + 1, …``; assert conformance.

    ``game`` is a registry name or an engine. Per state, ``illegal_sample``
    illegal actions are tried, and ``legal_sample`` legal ones besides the one
    played (``None``: all). ``seat_keys`` are the top-level keys only a seat's
    view carries; with ``structural`` a seat's view must be exactly the public
    view plus those keys plus private details of its own events.
    ``private_keys`` must never appear in the public view, nor below the top
    level of a seat's view. ``observe`` is called with every state. The hooks
    ``secrets``, ``redeal``, ``hidden``, ``reveals`` and ``weight`` are
    described in the module docstring. ``view_seats`` limits the seats whose
    views are checked in each state to a random sample of that many (``None``:
    every seat), and with ``deep_every`` k > 1 only every k-th state of a game
    (from a random offset) and its final state get the checks above; the
    states between are only played, with the moves, legal actions and events
    still checked as listed in :meth:`_Checker.play`. Both are for games
    with many seats and long playouts. Raises
    ``AssertionError`` naming the seed on the first failure.
    """
    engine = registry.get(game) if isinstance(game, str) else game
    checker = _Checker(
        game=engine,
        seats=seats,
        illegal_sample=illegal_sample,
        legal_sample=legal_sample,
        secrets=secrets,
        redeal=redeal,
        hidden=hidden,
        reveals=reveals,
        weight=weight,
        view_seats=view_seats,
        deep_every=deep_every,
        seat_keys=tuple(seat_keys),
        private_keys=tuple(private_keys),
        structural=structural,
    )
    report = PlayoutReport()
    for seed in range(seed0, seed0 + games):
        try:
            checker.play(seed, options, max_actions, report, observe)
        except AssertionError as exc:
            raise AssertionError(f"{engine.name}, {seats} seats, seed {seed}: {exc}") from exc
    return report


@dataclass
class _Snapshot:
    """One state as checked: its JSON, a loaded twin, legal actions and views."""

    text: str
    loaded: Any
    legal: dict[int, list[Action]]
    public: dict[str, Any]
    public_text: str
    #: JSON of the views of the seats checked in this state.
    view_texts: dict[int, str]
    #: True when the state type compares by value, so ``==`` can stand in for dumps.
    by_value: bool

    def same(self, game: Game[Any], state: Any) -> bool:
        """True when ``state`` equals the checked one (``==`` is far cheaper than dumps)."""
        if self.by_value:
            return bool(state == self.loaded)
        return game.dumps(state) == self.text


@dataclass
class _Checker:
    game: Game[Any]
    seats: int
    illegal_sample: int
    legal_sample: int | None
    secrets: Secrets | None
    redeal: Redeal | None
    hidden: Hidden | None
    reveals: Callable[[Action], bool] | None
    weight: Weight | None
    view_seats: int | None
    deep_every: int
    seat_keys: tuple[str, ...]
    private_keys: tuple[str, ...]
    structural: bool
    #: Recently legal actions, to replay them in other states.
    pool: deque[Action] = field(default_factory=lambda: deque(maxlen=256))

    def play(
        self,
        seed: int,
        options: Mapping[str, Any] | None,
        max_actions: int,
        report: PlayoutReport,
        observe: Observer | None,
    ) -> None:
        """Play one seeded game to the end, checking the states on the way.

        A state between deep checks (see ``deep_every``) is still compared
        with its replay twin, its seats to move must have legal actions and
        the others only shared ones, and its events are counted.
        """
        g = self.game
        rnd = random.Random(f"playout:{seed}")
        # Their own generators, so sampling leaves the playout itself unchanged.
        viewer = random.Random(f"views:{seed}")
        offset = random.Random(f"deep:{seed}").randrange(self.deep_every)
        state = g.new_game(self.seats, options, seed)
        twin = g.new_game(self.seats, options, seed)
        played = 0
        while True:
            over = g.is_over(state)
            snap = None
            if over or (played - offset) % self.deep_every == 0:
                snap = self.check_state(state, self.viewed(viewer))
                assert snap.same(g, twin), (
                    "the same seed and actions gave another state (from new_game or a loaded copy)"
                )
                legal, public = snap.legal, snap.public
            else:
                assert state == twin or g.dumps(state) == g.dumps(twin), (
                    "the same seed and actions gave another state"
                )
                legal, public = self.check_moves(state), g.view(state, None)
            report.event_kinds.update(_event_kinds(public))
            if observe is not None:
                observe(state)
            if over:
                break
            assert played < max_actions, f"not over after {max_actions} actions"
            seat, action = self.pick(state, legal, rnd)
            self.pool.extend(a for actions in legal.values() for a in actions)
            if snap is None:
                state = g.apply(state, seat, list(action))
                twin = g.apply(twin, seat, action)
                played += 1
                continue
            report.illegal_checked += self.check_illegal(state, seat, snap, rnd)
            report.illegal_checked += self.check_window(state, snap)
            report.legal_checked += self.check_legal(state, seat, snap, rnd)
            # Sent as a button sends it: lists, not tuples.
            new = g.apply(state, seat, list(action))
            assert snap.same(g, state), f"applying {action!r} altered its input state"
            twin = g.apply(snap.loaded, seat, action)
            if self.redeal is not None:
                self.check_redeal(state, snap, rnd)
                if self.reveals is None or not self.reveals(action):
                    self.check_redeal_outcome(state, seat, action, new, snap, rnd)
            state = new
            played += 1
        assert snap is not None  # the final state is always checked deeply
        self.check_over(state, snap)
        report.winners.update(g.result(state)["winners"])
        report.games += 1
        report.actions += played
        report.longest = max(report.longest, played)

    def pick(
        self, state: Any, legal_by_seat: dict[int, list[Action]], rnd: random.Random
    ) -> tuple[int, Action]:
        """The random player's (seat, action)."""
        window = self.game.window(state)
        # Only games with windows draw here, so the others' playouts stay as they were.
        if window is not None and rnd.random() < WINDOW_CLOSES:
            return window.seat, window.close
        movers = self.game.to_move(state)
        # Only games with shared actions have such seats, so the others draw
        # the same random numbers as before shared actions existed.
        others = [s for s in range(self.seats) if s not in movers and legal_by_seat[s]]
        seat = rnd.choice(others if others and rnd.random() < OUT_OF_TURN else movers)
        legal = legal_by_seat[seat]
        if self.weight is None:
            return seat, rnd.choice(legal)
        weights = [self.weight(state, a) for a in legal]
        assert all(w > 0 for w in weights), "a legal action has no positive weight"
        return seat, rnd.choices(legal, weights)[0]

    # -- one state ----------------------------------------------------------

    def check_moves(self, state: Any) -> dict[int, list[Action]]:
        """The light check of a state between deep ones: who moves, with what."""
        g = self.game
        movers = g.to_move(state)
        assert movers, "an unfinished game has nobody to move"
        shared = _shared_actions(g, state)
        legal = {seat: g.legal_actions(state, seat) for seat in range(self.seats)}
        for seat, actions in legal.items():
            if seat in movers:
                assert actions, f"seat {seat} is to move but has no legal action"
            else:
                assert all(a in shared for a in actions), (
                    f"seat {seat} is not to move but has legal actions other than shared ones"
                )
        return legal

    def viewed(self, viewer: random.Random) -> list[int]:
        """The seats whose views are checked in the next state."""
        if self.view_seats is None or self.view_seats >= self.seats:
            return list(range(self.seats))
        return sorted(viewer.sample(range(self.seats), self.view_seats))

    def view_text(self, state: Any, snap: _Snapshot, seat: int) -> str:
        """The JSON of ``seat``'s view of the checked state ``state``."""
        text = snap.view_texts.get(seat)
        return json.dumps(self.game.view(state, seat)) if text is None else text

    def check_state(self, state: Any, viewed: Sequence[int]) -> _Snapshot:
        """Check serialisation, moves, legal actions, result, and the views of ``viewed``."""
        g = self.game
        text = g.dumps(state)
        assert isinstance(text, str)
        loaded = g.loads(text)
        assert g.dumps(loaded) == text, "dumps(loads(dumps(s))) differs from dumps(s)"
        # A pure engine treats equal states alike, so the loaded copy needs
        # querying only when the state type does not compare by value.
        by_value = bool(state == loaded)
        twin = None if by_value else loaded
        over = g.is_over(state)
        movers = g.to_move(state)
        assert g.seats(state) == self.seats
        if over:
            assert movers == [], "a finished game still has seats to move"
        else:
            assert movers, "an unfinished game has nobody to move"
            assert len(set(movers)) == len(movers)
            assert all(isinstance(s, int) and 0 <= s < self.seats for s in movers), movers
        legal: dict[int, list[Action]] = {}
        shared = _shared_actions(g, state)
        for seat in range(self.seats):
            actions = g.legal_actions(state, seat)
            if seat in movers:
                assert actions, f"seat {seat} is to move but has no legal action"
            else:
                assert all(a in shared for a in actions), (
                    f"seat {seat} is not to move but has legal actions other than shared ones"
                )
            assert len(set(actions)) == len(actions), "duplicate legal actions"
            assert all(isinstance(a, tuple) for a in actions), "an action is a tuple"
            as_json = json.loads(json.dumps([list(a) for a in actions]))
            assert [tuple(a) for a in as_json] == actions, "an action does not survive JSON"
            legal[seat] = actions
        result = g.result(state)
        assert _exact_json(result), "the result is not plain JSON data"
        assert len(result["scores"]) == self.seats
        winners = result["winners"]
        assert all(isinstance(s, int) and 0 <= s < self.seats for s in winners), winners
        assert over or not winners, "winners before the end"
        public = g.view(state, None)
        views = {seat: g.view(state, seat) for seat in viewed}
        if twin is not None:
            assert g.is_over(twin) == over and g.to_move(twin) == movers
            assert all(g.legal_actions(twin, s) == legal[s] for s in range(self.seats))
            assert g.result(twin) == result and g.view(twin, None) == public
            assert {seat: g.view(twin, seat) for seat in viewed} == views
        public_text, view_texts = self.check_views(state, public, views)
        return _Snapshot(text, loaded, legal, public, public_text, view_texts, by_value)

    def check_views(
        self, state: Any, public: dict[str, Any], views: dict[int, dict[str, Any]]
    ) -> tuple[str, dict[int, str]]:
        """Check that hidden information appears only in its owner's view.

        Card codes repeat (several copies of a card, mentions in history), so
        a code in a view is no leak by itself. The checks are:

        1. views are exact JSON data;
        2. no ``private_keys`` anywhere in the public view, nor below the top
           level of a seat's view;
        3. an event of another seat reads in a seat's view exactly as in the
           public view; an own event may only add keys;
        4. with ``structural``: a seat's view is the public view plus
           ``seat_keys`` plus its own events' private keys;
        5. with ``secrets``: a seat's view mentions a hidden code more often
           than the public view only if that seat holds that code itself;
        6. with ``hidden``: no view mentions a code nobody may know.

        Returns the JSON texts of the public view and of each given seat's view.
        """
        public_text = json.dumps(public)
        assert json.loads(public_text) == public, "the public view is not plain JSON data"
        found = self.private_keys_in(public_text, top={})
        assert not found, f"the public view carries private keys {found}"
        view_texts = {}
        for seat, view in views.items():
            text = json.dumps(view)
            assert json.loads(text) == view, f"seat {seat}'s view is not plain JSON data"
            view_texts[seat] = text
            found = self.private_keys_in(text, top=view)
            assert not found, f"seat {seat}'s view carries private keys {found} inside"
            below = {k: v for k, v in view.items() if k not in self.seat_keys}
            stripped = self.check_events(seat, public, view, below)
            if self.structural:
                assert stripped == public, f"seat {seat}'s view is not the public view plus own"
        if self.secrets is not None:
            owned = [Counter(self.secrets(state, seat)) for seat in range(self.seats)]
            hidden = set().union(*owned)
            public_counts = _mentions(public_text, hidden)
            for seat, text in view_texts.items():
                counts = _mentions(text, hidden)
                extra = {code for code in hidden if counts[code] > public_counts[code]}
                leaked = extra - set(owned[seat])
                assert not leaked, f"seat {seat}'s view shows other seats' hidden cards {leaked}"
        if self.hidden is not None:
            nobodys = set(self.hidden(state))
            for who, text in [("the public", public_text), *view_texts.items()]:
                # A code must occur as a substring to occur as a token; most views hold none.
                maybe = {code for code in nobodys if code in text}
                shown = set(_mentions(text, maybe)) if maybe else set()
                assert not shown, f"{who}'s view shows cards nobody may see {shown}"
        return public_text, view_texts

    def private_keys_in(self, text: str, top: dict[str, Any]) -> list[str]:
        """Private keys used in JSON ``text`` other than the ``seat_keys`` of ``top`` itself."""
        # An object key is a string followed by a colon; inside a string the
        # quotes would be escaped.
        if not any(f'"{key}":' in text for key in self.private_keys):
            return []
        uses = Counter(re.findall(r'(?<!\\)"([^"\\]*)":', text))
        allowed = {key for key in self.seat_keys if key in top}
        return [key for key in self.private_keys if uses[key] > (key in allowed)]

    def check_events(
        self, seat: int, public: dict[str, Any], view: dict[str, Any], below: dict[str, Any]
    ) -> dict[str, Any]:
        """Compare a seat's events with the public ones; return the view without own secrets."""
        mine, theirs = view.get("events"), public.get("events")
        if not isinstance(mine, list) or not isinstance(theirs, list):
            return below
        assert len(mine) == len(theirs), f"seat {seat} sees another number of events"
        stripped = []
        for own, pub in zip(mine, theirs, strict=True):
            if isinstance(own, dict) and isinstance(pub, dict) and own.get("seat") == seat:
                assert {k: own.get(k) for k in pub} == pub, "an own event changed public data"
                stripped.append({k: own[k] for k in pub})
            else:
                assert own == pub, f"seat {seat} sees another seat's event differently: {own}"
                stripped.append(own)
        return {**below, "events": stripped}

    def check_redeal(self, state: Any, snap: _Snapshot, rnd: random.Random) -> None:
        """The public view, and one seat's view, ignore what they may not see."""
        assert self.redeal is not None
        keep = rnd.choice([None, *range(self.seats)])
        other = self.redeal(state, keep, rnd)
        assert snap.same(self.game, state), "redeal altered the state"
        public = self.game.view(other, None)
        assert public == snap.public, (
            f"the public view changed when hidden cards were re-dealt: {public}"
        )
        if keep is not None:
            view = json.dumps(self.game.view(other, keep))
            assert view == self.view_text(state, snap, keep), (
                f"seat {keep}'s view changed when others' hidden cards were re-dealt"
            )

    def check_redeal_outcome(
        self,
        state: Any,
        seat: int,
        action: Action,
        new: Any,
        snap: _Snapshot,
        rnd: random.Random,
    ) -> None:
        """After an action, the public sees the same whatever the others' hidden cards were."""
        assert self.redeal is not None
        g = self.game
        other = self.redeal(state, seat, rnd)
        assert snap.same(g, state), "redeal altered the state"
        if action in g.legal_actions(other, seat):
            public = g.view(g.apply(other, seat, action), None)
            assert public == g.view(new, None), (
                f"after {action!r} the public view depends on hidden cards: {public}"
            )

    # -- actions ------------------------------------------------------------

    def check_legal(self, state: Any, seat: int, snap: _Snapshot, rnd: random.Random) -> int:
        """Apply a sample of legal actions; none may alter the state."""
        g = self.game
        legal = snap.legal[seat]
        if self.legal_sample is None or self.legal_sample >= len(legal):
            sample = legal
        else:
            sample = rnd.sample(legal, self.legal_sample)
        for action in sample:
            g.apply(state, seat, action)
            assert snap.same(g, state), f"applying {action!r} altered its input state"
        return len(sample)

    def check_illegal(self, state: Any, seat: int, snap: _Snapshot, rnd: random.Random) -> int:
        """Try a sample of illegal (seat, action) pairs; each must raise and change nothing."""
        tried = 0
        for _ in range(self.illegal_sample):
            pick = self.illegal_pick(state, seat, snap.legal, rnd)
            if pick is not None:
                self.expect_refusal(state, *pick, snap)
                tried += 1
        return tried

    def check_window(self, state: Any, snap: _Snapshot) -> int:
        """An open window's close action is refused from every other seat."""
        window = self.game.window(state)
        if window is None:
            return 0
        others = [s for s in range(self.seats) if s != window.seat]
        for seat in others:
            self.expect_refusal(state, seat, list(window.close), snap)
        return len(others)

    def illegal_pick(
        self, state: Any, seat: int, legal: dict[int, list[Action]], rnd: random.Random
    ) -> tuple[Any, Any] | None:
        """One random illegal (seat, action) pair of a random kind, or None if none came up.

        Kinds: malformed values, forged variants of a legal action, actions
        legal in an earlier state, this seat's actions sent by a seat that is
        not to move (or by no seat at all), another seat's legal actions.
        """
        mine = legal[seat]
        kind = rnd.randrange(5)
        if kind in (1, 3) and not mine:
            return None  # a window's seat closing it has no action of its own
        if kind == 0:
            return seat, rnd.choice(MALFORMED)
        if kind == 1:
            forged = rnd.choice(list(_forgeries(rnd.choice(mine))))
            # A bool compares equal to 0/1 and a list cannot be hashed, yet no
            # action may hold either, so such forgeries are always illegal.
            if any(isinstance(p, bool | list) for p in forged) or forged not in mine:
                return seat, list(forged)
            return None
        if kind == 2:
            stale = [a for a in self.pool if a not in mine]
            return (seat, list(rnd.choice(stale))) if stale else None
        if kind == 3:
            movers = self.game.to_move(state)
            strangers: list[Any] = [s for s in range(self.seats) if s not in movers]
            strangers += [-1, self.seats, 10**6, None, "0"]
            stranger, action = rnd.choice(strangers), rnd.choice(mine)
            # A shared action may be legal for a seat that is not to move.
            if stranger in legal and action in legal[stranger]:
                return None
            return stranger, list(action)
        foreign = [a for other, acts in legal.items() if other != seat for a in acts]
        foreign = [a for a in foreign if a not in mine]
        return (seat, list(rnd.choice(foreign))) if foreign else None

    def expect_refusal(self, state: Any, seat: Any, action: Any, snap: _Snapshot) -> None:
        """``apply`` must raise ``IllegalAction`` and leave ``state`` as it was."""
        try:
            self.game.apply(state, seat, action)
        except IllegalAction as exc:
            self.check_message(state, seat, action, str(exc), snap)
        except Exception as exc:  # the contract allows no other error type
            raise AssertionError(
                f"seat {seat!r}, action {action!r}: {type(exc).__name__} instead of "
                f"IllegalAction: {exc}"
            ) from exc
        else:
            raise AssertionError(f"illegal action accepted: seat {seat!r}, action {action!r}")
        assert snap.same(self.game, state), f"refusing {action!r} altered the state"

    def check_message(
        self, state: Any, seat: Any, action: Any, message: str, snap: _Snapshot
    ) -> None:
        """A refusal names no hidden card of another seat that the sender cannot see,
        nor a card nobody may see (unless the sender sent it)."""
        words = set(_TOKEN.findall(message))
        if self.hidden is not None:
            named = (words & set(self.hidden(state))) - set(_TOKEN.findall(repr(action)))
            assert not named, f"a refusal names cards nobody may see {named}: {message}"
        if self.secrets is None:
            return
        valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seats
        own = set(self.secrets(state, seat)) if valid else set()
        for other in range(self.seats):
            named = (words & set(self.secrets(state, other))) - own
            if other == seat or not named:
                continue
            # Naming a code the sender sent or can see on the table reveals nothing.
            known = repr(action) + (
                self.view_text(state, snap, seat) if valid else snap.public_text
            )
            named -= set(_TOKEN.findall(known))
            assert not named, f"a refusal names seat {other}'s hidden cards {named}: {message}"

    def check_over(self, state: Any, snap: _Snapshot) -> None:
        """A finished game refuses every action with ``GameOver``."""
        g = self.game
        for action in list(self.pool)[-8:]:
            for seat in range(self.seats):
                try:
                    g.apply(state, seat, list(action))
                except GameOver:
                    pass
                else:
                    raise AssertionError("a finished game accepted an action")
                assert snap.same(g, state)


def leaking_refusals(game: Game[Any], others: Secrets) -> Game[Any]:
    """A broken copy of ``game`` whose refusals name ``others(state, seat)`` (the
    cards another seat holds), to prove the checker catches such a leak."""

    class Leaky(type(game)):  # type: ignore[misc]
        def _apply(self, state: Any, seat: int, action: Action) -> Any:
            try:
                return super()._apply(state, seat, action)
            except IllegalAction as exc:
                leaked = " ".join(others(state, seat))
                raise type(exc)(f"{exc}; they hold {leaked}") from None

    return Leaky()


def _shared_actions(game: Game[Any], state: Any) -> list[Action]:
    """The game's shared actions (none for a game without any)."""
    shared = getattr(game, "shared_actions", None)
    return [] if shared is None else list(shared(state))


def _forgeries(action: Action) -> Iterable[Action]:
    """Variants of a legal action: one part replaced, a part missing or extra."""
    yield action[:-1]
    yield (*action, 0)
    yield (*action, "x")
    for index in range(len(action)):
        for part in FORGED_PARTS:
            if part != action[index] or type(part) is not type(action[index]):
                yield (*action[:index], part, *action[index + 1 :])


def _exact_json(value: Any) -> bool:
    """True when ``value`` comes back equal through JSON."""
    try:
        # A tuple or a non-string key comes back changed, so == catches those too.
        return bool(json.loads(json.dumps(value)) == value)
    except (TypeError, ValueError):
        return False


def _mentions(text: str, codes: Iterable[str]) -> Counter[str]:
    """How often each code occurs in ``text`` as a whole token (``B1`` is not in ``B12``)."""
    wanted = set(codes)
    return Counter(token for token in _TOKEN.findall(text) if token in wanted)


def _event_kinds(view: dict[str, Any]) -> list[str]:
    events = view.get("events")
    if not isinstance(events, list):
        return []
    return [str(e.get("kind")) for e in events if isinstance(e, dict)]
