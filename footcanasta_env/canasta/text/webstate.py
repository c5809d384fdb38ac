"""A Canasta game on the page: the JSON state of South's view and the card-selection buttons.

Everything here is built from ``game.view(0)`` and from public facts (round results), so no card South
may not see ever reaches the page (CANASTA_RULES.md section 12). The buttons turn a selection of South's
cards into the engine's action names (a new meld, naturals first, then its wild cards; adds; black threes;
a discard); the table's ``check`` says whether the whole sequence is legal now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...family import webstate as shared
from ...family.cards import BLACK3, JOKER, KINDS, NUM_NATURAL, RED3, TWO
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
from ..rules import CANASTA_SIZE, MAX_WILDS, MIN_MELD
from .events import EN, describe_round_end, team
from .melds import Meld, is_canasta, kind, melds_value, size
from .names import final_text as names_final
from .names import four, seat, side_of, table
from .screen import frozen_reason, score_band


def meld_sequence(kinds: Sequence[int], w: Words = EN) -> list[str]:
    """The engine actions that make a new meld of exactly these cards, naturals first (rules 5.1, 5.3)."""
    if len(kinds) < MIN_MELD:
        raise SelectionError(w._("a new meld needs at least three cards (rule {rule})").format(rule="5.1"))
    if RED3 in kinds:
        raise SelectionError(w._("red threes are never melded (rule {rule})").format(rule="5.2"))
    if BLACK3 in kinds:
        if any(k != BLACK3 for k in kinds) or len(kinds) > 4:
            raise SelectionError(w._("black threes are melded alone, three or four of them (rule {rule})")
                                 .format(rule="5.3"))
        return ["meld " + " ".join(["B3"] * len(kinds))]
    wild = sorted((k for k in kinds if k in WILDS), key=lambda k: k != TWO)
    nat = [k for k in kinds if k not in WILDS]
    if len(set(nat)) > 1:
        raise SelectionError(w._("a meld holds one rank only (rule {rule})").format(rule="5.1"))
    if len(nat) < 2:
        raise SelectionError(w._("a meld needs at least two natural cards; wild cards never meld alone "
                                 "(rules {rules})").format(rules="5.1, 5.2"))
    if len(wild) > MAX_WILDS:
        raise SelectionError(w._("a meld holds at most {count} wild cards (rule {rule})").format(count=MAX_WILDS,
                                                                                              rule="5.1"))
    r = KINDS[nat[0]]
    if len(nat) >= 3:
        seq = [f"meld {r} {r} {r}"] + [f"add {r} {r}"] * (len(nat) - 3)
    else:
        seq = [f"meld {r} {r} {KINDS[wild[0]]}"]
        wild = wild[1:]
    return seq + [f"add {r} {KINDS[k]}" for k in wild]


def add_sequence(kinds: Sequence[int], rank: int, w: Words = EN) -> list[str]:
    """The engine actions that add these cards to the meld of ``rank`` (naturals first)."""
    if not kinds:
        raise SelectionError(w._("select the cards to add first"))
    if any(k not in (*WILDS, rank) for k in kinds):
        raise SelectionError(w._("the meld of {rank} takes only {rank}s and wild cards (rule {rule})").format(
            rank=KINDS[rank], rule="5.1"))
    ordered = sorted(kinds, key=lambda k: (k != rank, k != TWO))
    return [f"add {KINDS[rank]} {KINDS[k]}" for k in ordered]


STATE_IDS = {"natural": (N_("natural canasta"), N_("natural")),
             "mixed": (N_("mixed canasta"), N_("mixed"))}


def meld_json(m: Meld, values: Sequence[int], w: Words = EN) -> dict[str, Any]:
    """One meld for the page: its cards, kind (natural or mixed), canasta state and value."""
    r, nat, two, jk = m
    done, k = is_canasta(m), kind(m)
    to_go = max(0, CANASTA_SIZE - size(m))
    return {"rank": KINDS[r], "cards": [KINDS[r]] * nat + ["2"] * two + ["JK"] * jk, "kind": k, "canasta": done,
            "size": size(m), "to_go": to_go, "value": melds_value([m], values),
            "state": meld_state(w, *STATE_IDS[k], done, to_go)}


def result_json(result: dict[str, Any], w: Words = EN, rules: Any = None) -> dict[str, Any]:
    """A finished round for the page: scores, who went out (concealed?), how it ended, the breakdown."""
    return {"round": int(result["round"]), "scores": [int(x) for x in result["scores"]],
            "went_out": result.get("went_out"), "concealed": bool(result.get("concealed")),
            "ended_by": result.get("ended_by"), "text": describe_round_end(result, w=PageWords(w.lang), rules=rules),
            "breakdown": [{k: int(v) for k, v in b.items()} for b in result["breakdown"]]}


def _players_json(view: View, w: Words = EN) -> list[dict[str, Any]]:
    players = []
    geo = table(view.rules)
    for s in range(geo.seats):
        memory = "" if s == view.seat else memory_text(view.memory[s])
        players.append({"seat": s, "name": geo.seat_names[s], "label": _label(s, view, w), "held": int(view.held[s]),
                        "melded": bool(view.has_melded[s]), "from_pile": memory,
                        "to_play": view.current_player == s and not view.is_over})
    return players


def _label(s: int, view: View, w: Words) -> str:
    """A seat's label on the page: "You (South)", "North (partner)" (four players: the family's labels)."""
    if four(view.rules):
        return w._(SEAT_LABELS[s])
    name = seat(s, w, view.rules)
    if s == view.seat:
        return w._("You ({seat})").format(seat=name)
    if side_of(s, view.rules) == view.team:
        return w._("{seat} (partner)").format(seat=name)
    return name


def _team_json(view: View, t: int, w: Words = EN) -> dict[str, Any]:
    values = view.rules.card_values
    natural = sum(1 for m in view.melds[t] if is_canasta(m) and kind(m) == "natural")
    mixed = sum(1 for m in view.melds[t] if is_canasta(m) and kind(m) == "mixed")
    return {"name": team(t, w, view.rules), "down": bool(view.down[t]), "red_threes": int(view.red_threes[t]),
            "black_threes": int(view.black_threes[t]), "melds": [meld_json(m, values, w) for m in view.melds[t]],
            "canastas": {"natural": natural, "mixed": mixed}, "minimum": int(view.minimums[t]),
            "minimum_band": score_band(view.rules, view.scores[t], w), "frozen": bool(view.frozen[t]),
            "frozen_why": frozen_reason(view, t, w)}


def view_state(view: View, round_results: Sequence[dict[str, Any]], w: Words = EN) -> dict[str, Any]:
    """The JSON state of the page, from South's view and the public round results only."""
    rules = view.rules
    pile = [KINDS[k] for k in view.pile]
    top = view.pile_top
    winner = None
    if view.is_over and sorted(view.scores)[-1] != sorted(view.scores)[-2]:
        winner = int(max(range(len(view.scores)), key=lambda t: view.scores[t]))
    return {
        "round": int(view.round), "target": int(view.target), "max_rounds": rules.max_rounds,
        "minimum": [int(m) for m in view.minimums], "scores": [int(x) for x in view.scores],
        "over": bool(view.is_over), "winner": winner,
        "final": names_final(view.scores, w, rules) if view.is_over else "",
        "current": int(view.current_player), "phase": view.phase, "my_turn": bool(view.my_turn),
        "legal": [action_name(a) for a in view.legal_actions], "hand": counts_json(view.hand),
        "hand_size": int(sum(view.hand)), "set_aside": [meld_json(m, rules.card_values, w) for m in view.set_aside],
        "set_aside_value": melds_value(view.set_aside, rules.card_values), "players": _players_json(view, w),
        "teams": [_team_json(view, t, w) for t in range(len(view.scores))],
        "pile": {"size": len(pile), "top": pile[-1] if pile else None, "cards": pile,
                 "frozen": bool(view.frozen[view.team]), "frozen_why": frozen_reason(view, view.team, w),
                 "blocked": top == BLACK3, "no_pickup": top is None or top in (TWO, JOKER, BLACK3)},
        "stock": int(view.stock_size), "round_results": [result_json(r, w, rules) for r in round_results],
    }


def selection(view: View, cards: Any, check: Callable[[Sequence[str]], str], w: Words = EN) -> dict[str, Any]:
    """For a selection of South's cards: each button's action sequence and whether it is legal (and why);
    ``check(names)`` is the table's all-or-none legality check."""
    kinds = card_kinds(cards)

    def button(make: Callable[[], list[str]]) -> dict[str, Any]:
        return shared.button(make, check)

    def discard() -> list[str]:
        if len(kinds) != 1:
            raise SelectionError(w._("select exactly one card to discard"))
        return [f"discard {KINDS[kinds[0]]}"]

    def pickup() -> list[str]:
        top = view.pile_top
        if kinds and (top is None or len(kinds) != 2 or any(k != top for k in kinds)):
            msg = (w._("select nothing, or the natural pair of {card} that takes the pile (rule {rule})")
                   if top is not None else
                   w._("select nothing, or the natural pair of the top card that takes the pile (rule {rule})"))
            raise SelectionError(msg.format(card=KINDS[top] if top is not None else "", rule="4.3"))
        return ["pickup"]

    ours = view.team
    targets = view.melds[ours] if view.down[ours] else view.set_aside
    adds = {KINDS[m[0]]: button(lambda r=m[0]: add_sequence(kinds, r, w)) for m in targets if m[0] < NUM_NATURAL}
    return {"draw": button(lambda: ["draw"]), "pickup": button(pickup),
            "meld": button(lambda: meld_sequence(kinds, w)),
            "laydown": button(lambda: ["laydown"]), "discard": button(discard), "add": adds}
