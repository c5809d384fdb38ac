"""A deliberately plain legality oracle written straight from RULES.md (rules 3-8 and 11).

``legal_names(scenario)`` reads ONLY a scenario dict (``game.to_scenario()``) and returns the set of legal
action names. It uses no engine code except card-token parsing (``parse_cards``) and the action name list;
it recomputes everything from the text every time, with no caching and no incremental tables, so that
it can disagree with the engine's fast mask.

The bottom of the file holds ``scenario()``, a small builder of scenario dicts shared by the rule tests.
"""

from __future__ import annotations

import copy
from collections import Counter

from footcanasta_env.family.cards import parse_cards
from footcanasta_env.footcanasta.actions import ACTION_NAMES

# ---------------------------------------------------------------- the rule book's constants (RULES.md)

TOKENS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "R3", "B3")
RANKS = TOKENS[:11]                      # rule 5.1: natural melds 4 .. A
WILDS = ("2", "JK")                      # rule 1.2
DEFAULTS = {                             # rule 13 defaults, rules 1.3, 4.4, 7.1, 8.1
    "pile_take": 7,
    "initial_minimums": [50, 90, 120, 150],
    "clean_needed": 2, "dirty_needed": 2, "wild_needed": 1,
    "partner_in_foot": True,
    "card_values": [5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5],
}
CANASTA = 7


def _tokens(text: str) -> list[str]:
    """Card tokens of a string, canonical (through the package's token parser)."""
    return [TOKENS[k] for k in parse_cards(text)]


class _Meld:
    """One meld read from its text: rank ('4'..'A' or 'wild'), naturals, wild cards, size."""

    def __init__(self, text: str):
        cards = _tokens(text)
        nat = [c for c in cards if c in RANKS]
        self.rank = nat[0] if nat else "wild"
        self.naturals = len(nat)
        self.wilds = len(cards) - len(nat)
        self.size = len(cards)
        self.cards = cards

    @property
    def complete(self) -> bool:
        return self.size >= CANASTA

    def kind(self) -> str:
        """Rule 5.4: clean, dirty or wild (complete melds only)."""
        if self.rank == "wild":
            return "wild"
        return "clean" if self.wilds == 0 else "dirty"


def legal_names(s: dict) -> set[str]:
    """The set of legal action names in scenario ``s``, from RULES.md alone."""
    if s.get("over"):
        return set()
    rules = dict(DEFAULTS)
    rules.update(s.get("rules", {}))
    value = dict(zip(TOKENS, rules["card_values"], strict=True))

    me = s["current"]
    partner = (me + 2) % 4
    team = me % 2                                         # rule 1.1
    players = s["players"]
    hand = Counter(_tokens(players[me]["hand"]))
    in_foot = players[me]["foot"] == ""                   # playing from the foot
    partner_in_foot = players[partner]["foot"] == ""
    down = s["teams"][team].get("down", bool(s["teams"][team]["melds"]))
    minimum = rules["initial_minimums"][s.get("round", 1) - 1]
    pile = _tokens(s.get("pile", ""))
    phase = s.get("phase", "draw")

    # Before the initial meld, meld/add act on the player's set-aside melds; afterwards on the table (rule 11).
    if down:
        melds = [_Meld(m) for m in s["teams"][team]["melds"]]
        aside: list[_Meld] = []
    else:
        aside = [_Meld(m) for m in players[me].get("set_aside", [])]
        melds = aside
    aside_cards = Counter(c for m in aside for c in m.cards)
    aside_value = sum(value[c] * n for c, n in aside_cards.items())
    hand_size = sum(hand.values())
    held = hand_size + sum(aside_cards.values())           # rule 8.3: set-aside cards count as held

    def incomplete(rank: str) -> _Meld | None:
        for m in melds:
            if m.rank == rank and not m.complete:
                return m
        return None

    def canastas_now() -> Counter:
        return Counter(m.kind() for m in melds if m.complete)

    def may_go_out(canastas: Counter) -> bool:
        """Rule 8.1, with the canastas the partnership would have."""
        return (in_foot
                and (partner_in_foot or not rules["partner_in_foot"])
                and canastas["clean"] >= rules["clean_needed"]
                and canastas["dirty"] >= rules["dirty_needed"]
                and canastas["wild"] >= rules["wild_needed"])

    def completes(m: _Meld | None, add_cards: list[str]) -> Counter:
        """The canasta (if any) made by adding these cards to meld m (None: a new meld)."""
        nat = (m.naturals if m else 0) + sum(1 for c in add_cards if c in RANKS)
        wild = (m.wilds if m else 0) + sum(1 for c in add_cards if c in WILDS)
        if nat + wild != CANASTA:
            return Counter()
        if nat == 0:
            return Counter(["wild"])
        return Counter(["clean" if wild == 0 else "dirty"])

    def foot_ok(held_after: int, canastas: Counter) -> bool:
        """Rule 8.3: a player in their foot who may not go out keeps at least two cards before discarding."""
        if not in_foot:
            return True                                   # emptying the hand is always allowed (rules 6, 8.3)
        return held_after >= 2 or may_go_out(canastas)

    legal: set[str] = set()

    # ---- meld and add (rules 5, 11): in the play step, and in the draw step before the initial meld
    if phase == "play" or not down:
        for r in RANKS:
            m = incomplete(r)
            if m is None:
                options = [[r, r, r], [r, r, "2"], [r, r, "JK"]]
                for cards in options:
                    need = Counter(cards)
                    if all(hand[c] >= n for c, n in need.items()):
                        name = "meld " + " ".join(cards)
                        held_after = held if not down else held - 3
                        if foot_ok(held_after, canastas_now()):
                            legal.add(name)
            else:
                for c in (r, "2", "JK"):
                    if hand[c] < 1:
                        continue
                    if c in WILDS and m.naturals < 2 * (m.wilds + 1):      # rule 5.1
                        continue
                    held_after = held if not down else held - 1
                    if foot_ok(held_after, canastas_now() + completes(m, [c])):
                        legal.add(f"add {r} {c}")
        m = incomplete("wild")
        if m is None:
            for cards in (["2", "2", "2"], ["2", "2", "JK"], ["2", "JK", "JK"], ["JK", "JK", "JK"]):
                need = Counter(cards)
                if all(hand[c] >= n for c, n in need.items()):
                    held_after = held if not down else held - 3
                    if foot_ok(held_after, canastas_now()):
                        legal.add("meld " + " ".join(cards))
        else:
            for c in WILDS:
                if hand[c] >= 1:
                    held_after = held if not down else held - 1
                    if foot_ok(held_after, canastas_now() + completes(m, [c])):
                        legal.add(f"add wild {c}")

    if phase == "draw":
        legal.add("draw")                                  # rule 3.2 (empty stock: ends the round)
        # ---- pickup, rule 4
        if pile and pile[-1] not in ("B3", "R3") and hand[pile[-1]] >= 2:
            top = pile[-1]
            rank = top if top in RANKS else "wild"
            m = incomplete(rank)
            ok = m is None or m.size + 3 <= CANASTA                        # rule 4.3: not at 5 or 6
            if ok and not down:
                ok = aside_value + 3 * value[top] >= minimum                # rule 7.3
            if ok:
                taken = min(rules["pile_take"], len(pile))
                held_after = hand_size - 2 + (taken - 1)                     # set-aside cards go down too
                if foot_ok(held_after, canastas_now() + completes(m, [top] * 3)):
                    legal.add("pickup")
    else:
        # ---- laydown, rule 7.2
        if not down and aside and aside_value >= minimum:
            if foot_ok(hand_size, canastas_now()):
                legal.add("laydown")
        # ---- discard, rules 3.4 and 7.2: set-aside cards come back to the hand first
        for c in set(hand) | set(aside_cards):
            if hand[c] + aside_cards[c] == 0:
                continue
            after = held - 1
            table = canastas_now() if down else Counter()                   # set-aside melds return
            if in_foot and after == 0 and not may_go_out(table):
                continue                                                    # rule 8.3: keep one card
            legal.add(f"discard {c}")

    unknown = legal - set(ACTION_NAMES)
    assert not unknown, unknown
    return legal


# ---------------------------------------------------------------- scenario builder for the rule tests

FILLER_FOOT = "4 5 6"


def scenario(hands, feet=None, *, current=0, phase="draw", pile="", stock="", melds0=(), melds1=(),
             red0=0, red1=0, down0=None, down1=None, set_aside=None, round=1, dealer=None, rules=None,
             scores=(0, 0)) -> dict:
    """A scenario dict with an explicit (small) stock. ``feet`` default to a 3-card foot each; '' is in foot."""
    feet = list(feet) if feet is not None else [FILLER_FOOT] * 4
    players = [{"hand": h, "foot": f} for h, f in zip(hands, feet, strict=True)]
    if set_aside is not None:
        players[current]["set_aside"] = list(set_aside)
    t0 = {"melds": list(melds0), "red_threes": red0}
    t1 = {"melds": list(melds1), "red_threes": red1}
    if down0 is not None:
        t0["down"] = down0
    if down1 is not None:
        t1["down"] = down1
    s = {"round": round, "current": current, "phase": phase, "scores": list(scores),
         "players": players, "teams": [t0, t1], "pile": pile, "stock": stock}
    if dealer is not None:
        s["dealer"] = dealer
    if rules:
        s["rules"] = rules
    return copy.deepcopy(s)
