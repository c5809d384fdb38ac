"""A deliberately plain Canasta legality oracle written straight from CANASTA_RULES.md (rules 3-8, 11 and 14).

``legal_names(scenario)`` reads ONLY a scenario dict (``game.to_scenario()``) and returns the set of legal
action names. It uses no engine code except card-token parsing (``parse_cards``) and the action name list;
it recomputes everything from the text every time, so that it can disagree with the engine's mask.

The bottom of the file holds ``scenario()``, a small builder of scenario dicts shared by the rule tests.
"""

from __future__ import annotations

import copy
from collections import Counter

from footcanasta_env.canasta.actions import ACTION_NAMES
from footcanasta_env.family.cards import parse_cards

TOKENS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "R3", "B3")
RANKS = TOKENS[:11]                         # rule 5.1: melds of one natural rank 4 .. A
WILDS = ("2", "JK")                         # rule 1.2
VALUES = [5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 20, 50, 0, 5]   # rule 1.3
THRESHOLDS, MINIMUMS = (0, 1500, 3000), (15, 50, 90, 120)         # rule 7.1
CANASTA = 7                                 # rule 5.5
# Rule 14.1's table: players -> (sides, canastas to go out, target).
SIZE_TABLE = {2: (2, 2, 5000), 3: (3, 2, 7500), 4: (2, 1, 5000), 6: (2, 2, 10000)}


def table_size(rules: dict) -> tuple[int, int, int]:
    """(players, sides, canastas needed to go out) of a scenario's rules (rule 14.1; 14.5)."""
    players = rules.get("players", 4)
    sides, need, _ = SIZE_TABLE[players]
    sides = rules.get("sides", sides)
    return players, sides, rules.get("canastas_to_go_out", need)


def side_of(seat: int, rules: dict) -> int:
    """Rule 14.1: partners sit opposite (four players, six in three sides) or alternately (six in two); a
    seat is its own side with two or three players. In every case: the seat modulo the number of sides."""
    return seat % table_size(rules)[1]


def _tokens(text: str) -> list[str]:
    return [TOKENS[k] for k in parse_cards(text)]


def _melds(texts: list[str]) -> dict[str, list[int]]:
    """Melds by rank as [naturals, wild cards]; black threes under 'B3'."""
    out = {}
    for text in texts:
        cards = _tokens(text)
        if cards[0] == "B3":
            out["B3"] = [len(cards), 0]
            continue
        rank = next(c for c in cards if c in RANKS)
        out[rank] = [sum(c == rank for c in cards), sum(c in WILDS for c in cards)]
    return out


def _minimum(score: int, rules: dict) -> int:
    thresholds = rules.get("minimum_thresholds", THRESHOLDS)
    minimums = rules.get("minimums", MINIMUMS)
    players, sides, _ = table_size(rules)
    target = rules.get("target", 7500 if players == 6 and sides == 3 else SIZE_TABLE[players][2])
    if players != 4 and target >= 10000 and "minimums" not in rules:   # rule 14.4
        thresholds, minimums = (*thresholds, 7500), (*minimums, 150)
    return minimums[sum(score >= x for x in thresholds)]


def _canastas(melds: dict[str, list[int]]) -> int:
    return sum(1 for r, m in melds.items() if r != "B3" and sum(m) >= CANASTA)


def _can_finish(hand: Counter, melds: dict[str, list[int]], need: int = 1) -> bool:
    """Rules 6.1, 8.1 and 14.5: fewer than two cards left only on the way out, with the ``need`` canastas
    or all but one and the card that makes it."""
    left = [c for c, n in hand.items() for _ in range(n)]
    if len(left) >= 2:
        return True
    made = _canastas(melds)
    if made >= need:
        return True
    if not left or made + 1 < need:
        return False
    card = left[0]
    if card in RANKS:
        return card in melds and sum(melds[card]) == CANASTA - 1
    if card in WILDS:
        return any(r != "B3" and sum(m) == CANASTA - 1 and m[1] < 3 for r, m in melds.items())
    return False


def _with(melds: dict, rank: str, nat: int, wild: int) -> dict:
    out = {r: list(m) for r, m in melds.items()}
    m = out.setdefault(rank, [0, 0])
    m[0] += nat
    m[1] += wild
    return out


def _meld_options(hand: Counter, melds: dict) -> list[tuple[str, Counter, str, int, int]]:
    """Every meld/add the cards allow: (name, cards used, rank, naturals, wild cards)."""
    out = []
    for r in RANKS:
        if r in melds:
            if hand[r]:
                out.append((f"add {r} {r}", Counter({r: 1}), r, 1, 0))
            for w in WILDS:
                if hand[w] and melds[r][1] < 3:                                   # rule 5.1
                    out.append((f"add {r} {w}", Counter({w: 1}), r, 0, 1))
        elif hand[r] >= 2:
            if hand[r] >= 3:
                out.append((f"meld {r} {r} {r}", Counter({r: 3}), r, 3, 0))
            for w in WILDS:
                if hand[w]:
                    out.append((f"meld {r} {r} {w}", Counter({r: 2, w: 1}), r, 2, 1))
    return out


def _pickup_ok(s: dict, hand: Counter, melds: dict, down: bool, aside_value: int, minimum: int, need: int) -> bool:
    """Rule 4 (and 7.3, 6.1)."""
    pile = _tokens(s.get("pile", ""))
    if not pile or pile[-1] not in RANKS:                                       # rule 4.1
        return False
    top = pile[-1]
    frozen = any(c in WILDS for c in pile) or not down                         # rule 4.2
    after = hand + Counter(pile[:-1])
    if not frozen and top in melds:                                             # rule 4.4
        return _can_finish(after, _with(melds, top, 1, 0), need)
    if hand[top] < 2:                                                           # rule 4.3
        return False
    if not down and aside_value + 3 * VALUES[TOKENS.index(top)] < minimum:      # rule 7.3
        return False
    return _can_finish(after - Counter({top: 2}), _with(melds, top, 3, 0), need)


def legal_names(s: dict) -> set[str]:
    """The set of legal action names in scenario ``s``, from CANASTA_RULES.md alone."""
    if s.get("over"):
        return set()
    rules = s.get("rules", {})
    assert "card_values" not in rules
    me = s["current"]
    team = side_of(me, rules)
    need = table_size(rules)[2]
    player = s["players"][me]
    hand = Counter(_tokens(player["hand"]))
    down = s["teams"][team].get("down", bool(s["teams"][team]["melds"]))
    minimum = _minimum(s.get("scores", [0] * len(s["teams"]))[team], rules)
    if down:
        melds = _melds(s["teams"][team]["melds"])
        aside = Counter()
    else:
        texts = player.get("set_aside", s.get("set_aside", []))
        melds = _melds(texts)
        aside = Counter(c for t in texts for c in _tokens(t))
    aside_value = sum(VALUES[TOKENS.index(c)] * n for c, n in aside.items())
    held = sum(hand.values()) + sum(aside.values())
    legal: set[str] = set()
    if s.get("phase", "draw") == "draw":
        legal.add("draw")                                                      # rule 3.1
        if _pickup_ok(s, hand, melds, down, aside_value, minimum, need):
            legal.add("pickup")
        if not down:                                                           # rule 7.3: set aside first
            legal |= {name for name, *_ in _meld_options(hand, melds)}
        return _checked(legal)
    for name, used, rank, nat, wild in _meld_options(hand, melds):
        if not down or _can_finish(hand - used, _with(melds, rank, nat, wild), need):
            legal.add(name)
    if down:
        for n in (3, 4):                                                       # rule 5.3
            if hand["B3"] >= n and sum(hand.values()) - n <= 1 and _can_finish(hand - Counter({"B3": n}), melds, need):
                legal.add("meld " + " ".join(["B3"] * n))
    elif aside and aside_value >= minimum and _can_finish(hand, melds, need):  # rule 7.2
        legal.add("laydown")
    canasta = down and _canastas(melds) >= need
    if held >= 2 or canasta:                                                   # rules 3.3, 6.1, 8.1, 14.5
        legal |= {f"discard {c}" for c in (hand + aside)}
    return _checked(legal)


def _checked(legal: set[str]) -> set[str]:
    unknown = legal - set(ACTION_NAMES)
    assert not unknown, unknown
    return legal


# ---------------------------------------------------------------- scenario builder for the rule tests

def scenario(hands, *, current=0, phase="draw", pile="", stock="4 5 6 7", melds0=(), melds1=(), red0=0, red1=0,
             down0=None, down1=None, set_aside=None, round=1, dealer=None, rules=None, scores=(0, 0),
             has_melded=None, teams=None) -> dict:
    """A Canasta scenario dict with an explicit (small) stock; ``teams`` (a list of team dicts, one per side)
    replaces ``melds0`` ... ``down1`` at tables of another size (section 14)."""
    players = [{"hand": h} for h in hands]
    if set_aside is not None:
        players[current]["set_aside"] = list(set_aside)
    t0 = {"melds": list(melds0), "red_threes": red0}
    t1 = {"melds": list(melds1), "red_threes": red1}
    if down0 is not None:
        t0["down"] = down0
    if down1 is not None:
        t1["down"] = down1
    s = {"round": round, "current": current, "phase": phase, "scores": list(scores),
         "players": players, "teams": [t0, t1] if teams is None else list(teams), "pile": pile, "stock": stock}
    if dealer is not None:
        s["dealer"] = dealer
    if rules:
        s["rules"] = rules
    if has_melded is not None:
        s["has_melded"] = list(has_melded)
    return copy.deepcopy(s)
