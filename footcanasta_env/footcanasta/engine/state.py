"""The engine's state: its slots, their shapes and meanings, copying, and the scenario writer.

Pure Python lists of ints, indexed by the 15 card kinds of ``cards.py`` (``k``), the four seats (``p``,
0 South .. 3 East), the two partnerships (``t = p & 1``) or the 12 meld ranks (``r``: the 11 natural
ranks, then ``WILD_RANK`` = 11). Every module of the engine reads and writes these slots directly (the
functions of ``legality``, ``rounds``, ``melding`` and ``turn`` take the state as ``g``); so do
``observation/incremental.py``, ``view.py``, ``scoring.py``, some bots and the training scripts: the names
are a contract. ``current_player``, ``round``, ``scores`` and ``round_results`` are also the public names of
``Game`` (the interface docs/getting-started.md documents): one name per field, inside the engine and out.

SLOT TABLE

===================  ===============  ======================================================================
slot                 shape            meaning
===================  ===============  ======================================================================
``rules``            Rules            the variant played
``seed``             int or None      the seed the game was dealt from
``rng``              np.Generator     shuffles the stock at each deal (and a scenario's unplaced cards)
``values``           [15]             card value of each kind (``rules.card_values``)
``meld_values``      [NUM_ACTIONS]    card value of the cards each meld/add action melds (0 for others)
``round``            int              current round, 1 to ``rules.rounds`` (the last one once over)
``dealer``           seat             dealer of the current round
``current_player``   seat             the player to act (0 South, 1 West, 2 North, 3 East)
``phase_id``         int              ``DRAW_PHASE`` or ``PLAY_PHASE``
``is_over``          bool             every round has been played
``hand``             [4][15]          cards each seat holds (its hand, or its foot once picked up)
``htot``             [4]              ``sum(hand[p])``; set-aside cards excluded
``foot``             [4][15]          each seat's unpicked foot (all zero once picked up)
``in_foot``          [4] bool         the seat has picked up its foot
``stock``            [kinds]          the stock, top last
``pile``             [kinds]          the discard pile, top last
``memory``           [4][15]          public memory of the cards each seat took with the pile (rule 12)
``inc_nat``          [2][12]          naturals in each partnership's incomplete meld of each rank
``inc_two``          [2][12]          twos in it
``inc_jk``           [2][12]          jokers in it
``inc_size``         [2][12]          its size; 0 when there is no incomplete meld of the rank
``mstate``           [2][12]          per natural rank: 0 no incomplete meld, 1 one that cannot take a
                                      wild card (rule 5.1), 2 one that can (the key into ``NAT_FLAT``)
``canastas``         [2][tuples]      each partnership's complete canastas as (r, nat, two, jk), in order made
``n_clean``          [2]              clean canastas (naturals only)
``n_dirty``          [2]              dirty canastas (natural rank with wild cards)
``n_wild``           [2]              wild canastas (wild cards only)
``mval``             [2]              card value of every card in the meld structure
``mcards``           [2]              cards in the meld structure
``down``             [2] bool         the partnership has made its initial meld (rule 7)
``red_threes``       [2]              red threes laid down
``sbits``            [2]              bit k set when kind k is in the meld structure (set-aside discards)
``rbits``            [4][12]          per seat and meld rank: the meld/add action bits for the cards held
                                      against the partnership's meld of that rank (``masks`` tables)
``mbits``            [4]              ``sum(rbits[p])`` (the ranks' bits are disjoint)
``hbits``            [4]              bit k set when ``hand[p][k]`` is non-zero
``_mask``            int or None      legal actions of this state as bits; None until computed
``scores``           (2,) tuple       team totals over the finished rounds (0 South/North, 1 West/East)
``round_results``    [dict]           one dict per finished round: scores, went_out, ended_by, breakdown
``actions_taken``    int              actions applied so far
===================  ===============  ======================================================================

The meld structure of a partnership (``inc_*``, ``mstate``, ``canastas``, ``n_*``, ``mval``, ``mcards``,
``sbits``) is its table melds once ``down``; before its initial meld it holds the set-aside melds of the
player to act (rule 7.2): still that player's cards, hidden from the others, counted as held. Such melds
are the player's alone in the legality bits: the partner's ``rbits`` ignore them until they go down.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...family.cards import JOKER, NUM_KINDS, NUM_MELD_RANKS, TWO, format_cards, format_counts
from ...family.game import action_index as family_action_index
from ...family.game import copy_state
from ..actions import DRAW_PHASE, MELD_ARGS, NUM_ACTIONS, PHASE_NAMES, action_id
from ..melds import Meld, meld_string
from ..rules import DEFAULT_RULES, Rules
from .masks import NAT_KEY, fit_count_keys

_MELD_VALUES: dict[tuple[int, ...], tuple[int, ...]] = {}


def _meld_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """Card value of the cards each action melds (0 for the others), shared by games with the same values."""
    out = _MELD_VALUES.get(values)
    if out is None:
        out = _MELD_VALUES[values] = tuple(
            nat * values[r] + two * values[TWO] + jk * values[JOKER] for r, nat, two, jk, _, _ in MELD_ARGS)
    return out


class State:
    """The slots of one game (see the SLOT TABLE above); ``Game`` adds the public interface."""

    # Fixed attributes: slot access is a little cheaper than the instance dict on the hot paths.
    __slots__ = ("rules", "seed", "rng", "values", "meld_values", "round", "dealer", "current_player", "phase_id",
                 "is_over", "hand", "htot", "foot", "in_foot", "stock", "pile", "memory", "inc_nat", "inc_two",
                 "inc_jk", "inc_size", "mstate", "canastas", "n_clean", "n_dirty", "n_wild", "mval", "mcards",
                 "down", "red_threes", "sbits", "scores", "round_results", "actions_taken", "rbits", "mbits", "hbits",
                 "_mask", "__weakref__")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = rules if rules is not None else DEFAULT_RULES
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a footcanasta_env.Rules, got {type(self.rules).__name__}")
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.values = list(self.rules.card_values)
        if 4 * self.rules.decks >= len(NAT_KEY):  # the most cards of one kind anyone can hold
            fit_count_keys(4 * self.rules.decks)
        self.meld_values = _meld_values(self.rules.card_values)  # card value of each meld/add action
        self.round = 1
        self.dealer = 0
        self.current_player = 0
        self.phase_id = DRAW_PHASE
        self.is_over = False  # whether every round has been played
        self.hand = [[0] * NUM_KINDS for _ in range(4)]
        self.htot = [0, 0, 0, 0]
        self.foot = [[0] * NUM_KINDS for _ in range(4)]
        self.in_foot = [False] * 4
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.memory = [[0] * NUM_KINDS for _ in range(4)]
        reset_table(self)
        self.scores = (0, 0)
        self.round_results: list[dict[str, Any]] = []
        self.actions_taken = 0
        # Incremental legality, kept up to date at every change: per player, the meld/add action bits of
        # each rank against the partnership's meld structure, their sum, and the kinds held.
        self.rbits = [[0] * NUM_MELD_RANKS for _ in range(4)]
        self.mbits = [0, 0, 0, 0]
        self.hbits = [0, 0, 0, 0]
        self.sbits = [0, 0]  # kinds in each partnership's meld structure (set-aside discards)
        self._mask: int | None = None  # legal actions as bits; None until computed for this state


STATE_SLOTS = tuple(k for k in State.__slots__ if k != "__weakref__")


def reset_table(g: State) -> None:
    """Empty both partnerships' meld structures and red threes (a new game or round)."""
    g.inc_nat = [[0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS]
    g.inc_two = [[0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS]
    g.inc_jk = [[0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS]
    g.inc_size = [[0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS]
    # Per natural rank: 0 no incomplete meld, 1 one that cannot take a wild card (rule 5.1), 2 one that can.
    g.mstate = [[0] * NUM_MELD_RANKS, [0] * NUM_MELD_RANKS]
    g.canastas = [[], []]
    g.n_clean = [0, 0]
    g.n_dirty = [0, 0]
    g.n_wild = [0, 0]
    g.mval = [0, 0]
    g.mcards = [0, 0]
    g.down = [False, False]
    g.red_threes = [0, 0]
    g.sbits = [0, 0]


def clone(src: State) -> State:
    """An independent copy of the same class, random generator included."""
    return copy_state(src, STATE_SLOTS)


def card_total(game: State) -> int:
    """Every card of the game, wherever it is; the deck size when the state is consistent."""
    n = len(game.stock) + len(game.pile) + sum(game.htot) + sum(sum(f) for f in game.foot)
    n += game.mcards[0] + game.mcards[1] + game.red_threes[0] + game.red_threes[1]
    return n


def action_index(action: Any) -> int:
    """The id of an action given by id, name or index; ``IllegalActionError`` for an id out of range or a
    value that is no action, ``ValueError`` (from ``action_id``) for an unknown name."""
    return family_action_index(action, action_id, NUM_ACTIONS)


def team_melds(game: State, t: int) -> tuple[Meld, ...]:
    """All melds in partnership t's structure (table, or set-aside before the initial meld), sorted."""
    inc = [(r, game.inc_nat[t][r], game.inc_two[t][r], game.inc_jk[t][r])
           for r in range(NUM_MELD_RANKS) if game.inc_size[t][r]]
    return tuple(sorted(list(game.canastas[t]) + inc))


def scenario_dict(rules: Rules, *, round: int, dealer: int, current: int, phase: str, scores: Sequence[int],
                  hands: Sequence[Sequence[int]], feet: Sequence[Sequence[int]], in_foot: Sequence[bool],
                  set_aside: dict[int, Sequence[Meld]], melds: Sequence[Sequence[Meld]], red_threes: Sequence[int],
                  down: Sequence[bool], pile: Sequence[int], stock: Sequence[int], memory: Sequence[Sequence[int]],
                  over: bool, rng: dict[str, Any] | None = None,
                  round_results: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A scenario dict (the format of ``scenario.load_scenario``) from the parts of a state.

    Counts per kind for ``hands``, ``feet`` (ignored once ``in_foot``) and ``memory``; ``set_aside`` the
    set-aside melds by seat, ``melds`` the table melds by partnership, ``pile`` bottom to top, ``stock``
    top first. ``rng`` (the generator's state) and ``round_results`` are written when given.
    """
    players: list[dict[str, Any]] = [
        {"hand": format_counts(hands[p]), "foot": "" if in_foot[p] else format_counts(feet[p])} for p in range(4)]
    for p, aside in set_aside.items():
        if aside:
            players[p]["set_aside"] = [meld_string(*m) for m in aside]
    teams = [{"melds": [meld_string(*m) for m in melds[t]], "red_threes": int(red_threes[t]), "down": bool(down[t])}
             for t in (0, 1)]
    spec: dict[str, Any] = {
        "round": round, "dealer": dealer, "current": current, "phase": phase, "scores": [int(s) for s in scores],
        "players": players, "teams": teams, "pile": format_cards(pile), "stock": format_cards(stock),
        "memory": [format_counts([int(x) for x in m]) for m in memory],
    }
    if rng is not None:
        spec["rng"] = rng
    if round_results is not None:
        spec["round_results"] = round_results
    if over:
        spec["over"] = True
    changes = rules.changes()
    if changes:
        spec["rules"] = changes
    return spec


def to_scenario(game: State) -> dict[str, Any]:
    """The full state of ``game`` as a scenario dict (see ``scenario.load_scenario``)."""
    structures = [team_melds(game, t) for t in (0, 1)]
    aside: dict[int, tuple[Meld, ...]] = {}
    for t in (0, 1):
        if not game.down[t] and structures[t]:  # a structure not down holds the player to act's set-aside melds
            aside[game.current_player] = structures[t]
    return scenario_dict(
        game.rules, round=game.round, dealer=game.dealer, current=game.current_player,
        phase=PHASE_NAMES[game.phase_id], scores=game.scores, hands=game.hand, feet=game.foot, in_foot=game.in_foot,
        set_aside=aside, melds=[m if game.down[t] else () for t, m in enumerate(structures)],
        red_threes=game.red_threes, down=game.down, pile=game.pile, stock=game.stock[::-1], memory=game.memory,
        over=game.is_over, rng=game.rng.bit_generator.state,
        round_results=json.loads(json.dumps(game.round_results)))
