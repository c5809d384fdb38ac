"""Foot Canasta on the page: the JSON state of South's view and the card-selection buttons.

Everything here is built from ``game.view(0)`` and from public facts (round results), so no card South
may not see ever reaches the page (RULES.md section 12). The buttons turn a selection of South's cards
into the engine's action names (a new meld, naturals first, then its wild cards; adds; a discard).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...family import webstate as shared
from ...family.cards import KINDS, NUM_NATURAL, TWO, WILD_RANK
from ...family.seats import SEAT_NAMES
from ...family.webstate import (
    SEAT_LABELS,
    WILDS,
    PageWords,
    SelectionError,
    card_kinds,
    counts_json,
    meld_state,
    memory_text,
)
from ...i18n import Words
from ...messages import N_
from ..actions import action_name
from ..engine import View
from ..melds import Meld, count_canastas, is_canasta, meld_kind, meld_size, melds_value
from ..rules import CANASTA_SIZE
from .events import EN, describe_round_end, team_name
from .screen import final_text


def meld_sequence(kinds: Sequence[int], w: Words = EN) -> list[str]:
    """The engine actions that make a new meld of exactly these cards, naturals first (rule 5.1)."""
    wild = [k for k in kinds if k in WILDS]
    nat = [k for k in kinds if k not in WILDS]
    if len(kinds) < 3:
        raise SelectionError(w._("a new meld needs at least three cards"))
    if any(k >= NUM_NATURAL for k in nat):
        raise SelectionError(w._("threes can never be melded (rule {rule})").format(rule="5.3"))
    if nat and len(set(nat)) > 1:
        raise SelectionError(w._("a meld holds one rank only (rule {rule})").format(rule="5.1"))
    wild.sort(key=lambda k: (k != TWO))
    if not nat:
        first = "meld " + " ".join(KINDS[k] for k in wild[:3])
        return [first] + [f"add wild {KINDS[k]}" for k in wild[3:]]
    r = KINDS[nat[0]]
    if len(nat) >= 3:
        seq = [f"meld {r} {r} {r}"] + [f"add {r} {r}"] * (len(nat) - 3)
    elif len(nat) == 2:
        seq = [f"meld {r} {r} {KINDS[wild[0]]}"]
        wild = wild[1:]
    else:
        raise SelectionError(w._("a natural meld needs at least two naturals for each wild card (rule {rule})")
                             .format(rule="5.1"))
    return seq + [f"add {r} {KINDS[k]}" for k in wild]


def add_sequence(kinds: Sequence[int], rank: int, w: Words = EN) -> list[str]:
    """The engine actions that add these cards to the meld of ``rank`` (naturals first)."""
    if not kinds:
        raise SelectionError(w._("select the cards to add first"))
    if rank == WILD_RANK:
        if any(k not in WILDS for k in kinds):
            raise SelectionError(w._("the wild meld takes only twos and jokers (rule {rule})").format(rule="5.2"))
        return [f"add wild {KINDS[k]}" for k in sorted(kinds, key=lambda k: k != TWO)]
    if any(k not in (*WILDS, rank) for k in kinds):
        raise SelectionError(w._("the {rank} meld takes only {rank}s and wild cards (rule {rule})")
                             .format(rank=KINDS[rank], rule="5.1"))
    ordered = sorted(kinds, key=lambda k: (k != rank, k != TWO))
    return [f"add {KINDS[rank]} {KINDS[k]}" for k in ordered]


STATE_IDS = {"clean": (N_("clean canasta"), N_("clean")),
             "dirty": (N_("dirty canasta"), N_("dirty")),
             "wild": (N_("wild canasta"), N_("wild"))}


def _meld_json(m: Meld, values: Sequence[int], w: Words = EN) -> dict[str, Any]:
    r, nat, two, jk = m
    cards = ([KINDS[r]] * nat if r < NUM_NATURAL else []) + ["2"] * two + ["JK"] * jk
    kind = meld_kind(m)
    done = is_canasta(m)
    to_go = CANASTA_SIZE - meld_size(m)
    return {"rank": "wild" if r == WILD_RANK else KINDS[r], "cards": cards, "kind": kind, "canasta": done,
            "to_go": to_go, "value": melds_value([m], values),
            "state": meld_state(w, *STATE_IDS[kind], done, to_go)}


def result_json(result: dict[str, Any], w: Words = EN) -> dict[str, Any]:
    """A finished round for the page: scores, who went out, how it ended, the breakdown."""
    return {"round": int(result["round"]), "scores": [int(x) for x in result["scores"]],
            "went_out": result.get("went_out"), "ended_by": result.get("ended_by"),
            "text": describe_round_end(result, w=PageWords(w.lang)),
            "breakdown": [{k: int(v) for k, v in b.items()} for b in result["breakdown"]]}


def _players_json(view: View, w: Words = EN) -> list[dict[str, Any]]:
    players = []
    for s in range(4):
        memory = "" if s == view.seat else memory_text(view.memory[s])
        players.append({"seat": s, "name": SEAT_NAMES[s], "label": w._(SEAT_LABELS[s]), "held": int(view.held[s]),
                        "in_foot": bool(view.in_foot[s]), "from_pile": memory,
                        "to_play": view.current_player == s and not view.is_over})
    return players


def view_state(view: View, round_results: Sequence[dict[str, Any]], w: Words = EN) -> dict[str, Any]:
    """The JSON state of the page, from South's view and the public round results only."""
    rules = view.rules
    values = rules.card_values
    pile = [KINDS[k] for k in view.pile]
    teams = [{"name": team_name(t, w), "down": bool(view.down[t]), "red_threes": int(view.red_threes[t]),
              "melds": [_meld_json(m, values, w) for m in view.melds[t]],
              "canastas": list(count_canastas(view.melds[t]))} for t in (0, 1)]
    winner = None
    if view.is_over:
        winner = None if view.scores[0] == view.scores[1] else (0 if view.scores[0] > view.scores[1] else 1)
    return {
        "round": int(view.round), "rounds": int(rules.rounds), "minimum": int(view.minimum),
        "scores": [int(x) for x in view.scores], "over": bool(view.is_over), "winner": winner,
        "final": final_text(view.scores, w=w) if view.is_over else "",
        "current": int(view.current_player), "phase": view.phase, "my_turn": bool(view.my_turn),
        "legal": [action_name(a) for a in view.legal_actions], "hand": counts_json(view.hand),
        "hand_size": int(sum(view.hand)), "set_aside": [_meld_json(m, values, w) for m in view.set_aside],
        "set_aside_value": melds_value(view.set_aside, values), "players": _players_json(view, w), "teams": teams,
        "pile": {"size": len(pile), "top": pile[-1] if pile else None, "cards": pile,
                 "blocked": bool(pile) and pile[-1] == "B3"},
        "stock": int(view.stock_size),
        "need": [rules.clean_needed, rules.dirty_needed, rules.wild_needed],
        "round_results": [result_json(r, w) for r in round_results],
    }


def selection(view: View, cards: Any, check: Callable[[Sequence[str]], str], w: Words = EN) -> dict[str, Any]:
    """For a selection of South's cards: each button's action sequence and whether it is legal (and why);
    ``check(names)`` is the table's all-or-none legality check."""
    kinds = card_kinds(cards)

    def button(make: Callable[[], list[str]]) -> dict[str, Any]:
        return shared.button(make, check)

    def pickup() -> list[str]:
        top = view.pile_top
        engine = check(["pickup"])
        if engine:
            raise SelectionError(engine)
        if top is None:
            raise SelectionError(w._("the pile is empty (rule {rule})").format(rule="4.1"))
        if len(kinds) != 2 or any(k != top for k in kinds):
            raise SelectionError(w._("select two cards matching the top of the pile ({card}) (rule {rule})")
                                 .format(card=KINDS[top], rule="4.2"))
        return ["pickup"]

    def discard() -> list[str]:
        if len(kinds) != 1:
            raise SelectionError(w._("select exactly one card to discard"))
        return [f"discard {KINDS[kinds[0]]}"]

    team = view.team
    targets = view.melds[team] if view.down[team] else view.set_aside
    adds = {("wild" if m[0] == WILD_RANK else KINDS[m[0]]): button(lambda r=m[0]: add_sequence(kinds, r, w))
            for m in targets if not is_canasta(m)}
    return {"draw": button(lambda: ["draw"]), "pickup": button(pickup), "meld": button(lambda: meld_sequence(kinds, w)),
            "laydown": button(lambda: ["laydown"]), "discard": button(discard), "add": adds}
