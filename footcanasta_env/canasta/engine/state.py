"""The Canasta engine's state: its slots, their shapes and meanings, copying, and the scenario writer.

Plain Python lists of ints indexed by the 15 card kinds of ``footcanasta_env.family.cards`` (``k``), the N
seats (``p``, 0 .. N-1 clockwise; four players: 0 South .. 3 East), the S sides (``t = g.side_of[p]``;
four players: the two partnerships, ``p & 1``) or the 11 natural ranks (``r``, 4 .. A: a side has at most
one meld per rank, rule 5.4). N and S are the rules' (``players``, ``sides``, section 14). The engine's
modules read and write these slots directly (their functions take the state as ``g``): the names are a contract.

SLOT TABLE

===================  ===============  ======================================================================
slot                 shape            meaning
===================  ===============  ======================================================================
``rules``            Rules            the settings played
``seed``             int or None      the seed the game was dealt from
``rng``              np.Generator     everything random: the first dealer, each deal's shuffle
``values``           [15]             card value of each kind (``rules.card_values``)
``nseats``           int              N, the players (``rules.players``)
``side_of``          (N)              each seat's side (``rules.seat_side``; four players: ``p & 1``)
``left``             (N)              the seat after each seat in turn order (rule 2.1)
``draw_n``           int              cards a ``draw`` takes from the stock (``rules.draw``, rule 14.3)
``out_need``         int              canastas a side needs to go out (``rules.canastas_to_go_out``, 14.5)
``round``            int              current round, from 1
``dealer``           seat             dealer of the current round
``current_player``   seat             the player to act
``phase_id``         int              ``DRAW_PHASE`` or ``PLAY_PHASE``
``is_over``          bool             the game has ended (rule 10)
``hand``             [N][15]          cards each seat holds, set-aside cards excluded
``htot``             [N]              ``sum(hand[p])``
``stock``            [kinds]          the stock, top last
``pile``             [kinds]          the discard pile, top last
``pile_wilds``       int              wild cards in the pile: the pile is frozen for everyone while > 0 (4.2)
``memory``           [N][15]          public memory of the cards each seat took with the pile (rule 12)
``mnat``             [S][11]          naturals in each partnership's meld of each rank
``mtwo``             [S][11]          twos in it
``mjk``              [S][11]          jokers in it
``msize``            [S][11]          its size; 0 when the partnership has no meld of the rank
``b3``               [S]              black threes melded (only during the going-out turn, rule 5.3)
``mval``             [S]              card value of every card in the meld structure
``mcards``           [S]              cards in the meld structure
``down``             [S] bool         the partnership has made its initial meld this round (rule 7)
``red_threes``       [S]              red threes laid down
``has_melded``       [N] bool         the seat has melded a card this round (rule 8.4)
``turn_fresh``       bool             the player to act had melded no card before this turn (rule 8.4)
``turn_new``         int              bit r set when the partnership's meld of rank r was started this turn
``scores``           (S)              side totals over the finished rounds (a new tuple at each round end)
``round_results``    [dict]           one result per finished round
``actions_taken``    int              actions applied so far
``_mask``            int or None      legal actions of this state as bits; None until computed
===================  ===============  ======================================================================

The meld structure of a partnership (``mnat``, ``mtwo``, ``mjk``, ``msize``, ``mval``, ``mcards``) is
its table melds once ``down``; before its initial meld it holds the set-aside melds of the player to act
(rule 7.2): still that player's cards, hidden from the others, counted as held.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ...family.cards import BLACK3, JOKER, KINDS, NUM_KINDS, NUM_NATURAL, TWO, format_cards, format_counts
from ...family.game import action_index as family_action_index
from ...family.game import copy_state
from ..actions import NUM_ACTIONS, PHASE_NAMES, action_id
from ..rules import DEFAULT_RULES, Rules


class State:
    """The slots of one game (see the SLOT TABLE above); ``Game`` adds the public interface."""

    __slots__ = ("rules", "seed", "rng", "values", "nseats", "side_of", "left", "draw_n", "out_need", "round", "dealer",
                 "current_player", "phase_id", "is_over", "hand",
                 "htot", "stock", "pile", "pile_wilds", "memory", "mnat", "mtwo", "mjk", "msize", "b3", "mval",
                 "mcards", "down", "red_threes", "has_melded", "turn_fresh", "turn_new", "scores", "round_results",
                 "actions_taken", "_mask", "__weakref__")

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = rules if rules is not None else DEFAULT_RULES
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a footcanasta_env.canasta.Rules, got {type(self.rules).__name__}")
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.values = list(self.rules.card_values)
        self.nseats = n = self.rules.players
        self.side_of = self.rules.seat_side
        self.left = tuple((p + 1) % n for p in range(n))
        self.draw_n = self.rules.draw
        self.out_need = self.rules.canastas_to_go_out
        self.round = 1
        self.dealer = 0
        self.current_player = 0
        self.phase_id = 0
        self.is_over = False
        self.hand = [[0] * NUM_KINDS for _ in range(n)]
        self.htot = [0] * n
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.pile_wilds = 0
        self.memory = [[0] * NUM_KINDS for _ in range(n)]
        reset_table(self)
        self.scores = (0,) * self.rules.sides
        self.round_results: list[dict[str, Any]] = []
        self.actions_taken = 0
        self._mask: int | None = None


STATE_SLOTS = tuple(k for k in State.__slots__ if k != "__weakref__")


def reset_table(g: State) -> None:
    """Empty every side's melds, red threes and the round's meld flags (a new game or round)."""
    sides = g.rules.sides
    g.mnat = [[0] * NUM_NATURAL for _ in range(sides)]
    g.mtwo = [[0] * NUM_NATURAL for _ in range(sides)]
    g.mjk = [[0] * NUM_NATURAL for _ in range(sides)]
    g.msize = [[0] * NUM_NATURAL for _ in range(sides)]
    g.b3 = [0] * sides
    g.mval = [0] * sides
    g.mcards = [0] * sides
    g.down = [False] * sides
    g.red_threes = [0] * sides
    g.has_melded = [False] * g.nseats
    g.turn_fresh = True
    g.turn_new = 0


def clone(src: State) -> State:
    """An independent copy of the same class, random generator included."""
    return copy_state(src, STATE_SLOTS)


def card_total(g: State) -> int:
    """Every card of the game, wherever it is: 108 (162 with three decks) when the state is consistent."""
    return len(g.stock) + len(g.pile) + sum(g.htot) + sum(g.mcards) + sum(g.red_threes)


def action_index(action: Any) -> int:
    """The id of an action given by id, name or index; ``IllegalActionError`` for an id out of range or a
    value that is no action, ``ValueError`` (from ``action_id``) for an unknown name."""
    return family_action_index(action, action_id, NUM_ACTIONS)


def meld_strings(g: State, t: int) -> list[str]:
    """Side t's melds (table or set-aside) as card strings, by rank, the black threes last."""
    out = []
    for r in range(NUM_NATURAL):
        if g.msize[t][r]:
            out.append(format_cards([r] * g.mnat[t][r] + [TWO] * g.mtwo[t][r] + [JOKER] * g.mjk[t][r]))
    if g.b3[t]:
        out.append(format_cards([BLACK3] * g.b3[t]))
    return out


def to_scenario(g: State) -> dict[str, Any]:
    """The full state of ``g`` as a scenario dict (see ``scenario.load_scenario``)."""
    players: list[dict[str, Any]] = [{"hand": format_counts(g.hand[p])} for p in range(g.nseats)]
    teams = []
    for t in range(len(g.down)):
        melds = meld_strings(g, t)
        teams.append({"melds": melds if g.down[t] else [], "red_threes": g.red_threes[t], "down": g.down[t]})
        if not g.down[t] and melds:
            players[g.current_player]["set_aside"] = melds
    spec: dict[str, Any] = {
        "round": g.round, "dealer": g.dealer, "current": g.current_player, "phase": PHASE_NAMES[g.phase_id],
        "scores": list(g.scores), "players": players, "teams": teams,
        "pile": format_cards(g.pile), "stock": format_cards(g.stock[::-1]),
        "memory": [format_counts(m) for m in g.memory],
        "rng": g.rng.bit_generator.state,
        "round_results": json.loads(json.dumps(g.round_results)),
    }
    if any(g.has_melded):  # all false is the loader's default, and the one a position loaded without it has
        spec["has_melded"] = list(g.has_melded)
    if g.turn_fresh and g.has_melded[g.current_player]:
        spec["turn_melds"] = " ".join(KINDS[r] for r in range(NUM_NATURAL) if g.turn_new >> r & 1)
    if g.is_over:
        spec["over"] = True
    changes = g.rules.changes()
    if changes:
        spec["rules"] = changes
    return spec
