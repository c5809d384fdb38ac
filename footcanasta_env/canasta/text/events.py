"""What happened at a Canasta table, in words: one line per action (the log) or one line per turn (the screen).

Both are built from two of the viewer's views, before and after one action, so they cannot tell a card
the viewer may not see (CANASTA_RULES.md section 12): another player's draw is a card count, their
set-aside melds (rule 7.2) are told only when they are laid down. ``TurnLog`` keeps every line for
``log`` and sums up each other player's turn in one line ("West drew, melded K K K, discarded 9.").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...family.cards import JOKER, KINDS, TWO, format_counts
from ...family.text import TurnLogBase
from ...i18n import Words, words
from ...messages import N_
from ..actions import ACTION_CARD, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, MELD_B3, PICKUP
from ..engine import View
from .melds import added_cards, canasta_events, changed, melds_inline, melds_value
from .names import says as _named_says
from .names import side as team
from .names import side_of, who

EN = words()


def _says(rules: Any, seat: int, viewer: int, w: Words, you: str, other: str, **params: object) -> str:
    return _named_says(seat, viewer, w, you, other, rules, **params)


def _gained(before: View, after: View, w: Words = EN) -> str:
    gained = format_counts([max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)])
    return gained or w._("nothing")


def red_threes_phrase(n: int, w: Words = EN) -> str:
    """``a red three`` or ``2 red threes``."""
    return w.ngettext("a red three", "{n} red threes", n).format(n=w.num(n))


def _onto(rank: int, w: Words) -> str:
    return w._("the {rank}s").format(rank=KINDS[rank])


def _pickup_phrase(before: View, after: View, seat: int, w: Words) -> str:
    """What taking the pile did, as a phrase after the player's name: ``took the pile (...), melding ...``."""
    viewer, t = before.seat, side_of(seat, before.rules)
    n = len(before.pile)
    line = w.ngettext("took the pile ({n} card, top {top})", "took the pile ({n} cards, top {top})", n).format(
        n=w.num(n), top=KINDS[before.pile[-1]])
    if not before.down[t]:
        new = list(after.melds[t])
        value = w.num(melds_value(new, before.rules.card_values))
        line += w._(" and laid down the initial meld: {melds} (worth {value})").format(melds=melds_inline(new),
                                                                                       value=value)
    else:
        for old, m in changed(before.melds[t], after.melds[t]):
            if old is None:
                line += w._(", melding {cards} as a new meld").format(cards=added_cards(old, m))
            else:
                line += w._(", melding {cards} onto {meld}").format(cards=added_cards(old, m), meld=_onto(m[0], w))
    if seat == viewer:
        line += w._("; into your hand: {cards}").format(cards=_gained(before, after, w))
    return line


def _pickup_line(before: View, after: View, seat: int, w: Words) -> str:
    phrase = _pickup_phrase(before, after, seat, w)
    if seat == before.seat:
        return w._("You {actions}.").format(actions=phrase)
    return w._("{who} {actions}.").format(who=who(seat, before.seat, w, before.rules), actions=phrase)


def _meld_line(before: View, after: View, seat: int, w: Words) -> list[str]:
    viewer, t = before.seat, side_of(seat, before.rules)
    if not before.down[t]:  # set aside: private to the player (rules 7.2, 12)
        if seat != viewer:
            return []
        value = melds_value(after.set_aside, before.rules.card_values)
        what = "; ".join(added_cards(o, m) if o is None else
                         w._("{cards} more to {meld}").format(cards=added_cards(o, m), meld=_onto(m[0], w))
                         for o, m in changed(before.set_aside, after.set_aside))
        return [w._("You set aside {cards} (set aside: {value} of the {minimum} needed).").format(
            cards=what, value=w.num(value), minimum=w.num(before.minimums[t]))]
    out = []
    for old, m in changed(before.melds[t], after.melds[t]):
        if old is None:
            out.append(_says(before.rules, seat, viewer, w, N_("You melded {melds}."), N_("{who} melded {melds}."),
                             melds=added_cards(old, m)))
        else:
            out.append(_says(before.rules, seat, viewer, w, N_("You added {cards} to {meld}."),
                             N_("{who} added {cards} to {meld}."),
                             cards=added_cards(old, m), meld=_onto(m[0], w)))
    return out


def describe_step(before: View, after: View, seat: int, action: int, w: Words = EN) -> list[str]:
    """What the viewer saw ``seat`` do, in words, from the viewer's views before and after one action."""
    viewer, t = before.seat, side_of(seat, before.rules)
    typ = ACTION_TYPE[action]
    lines: list[str] = []
    red = after.red_threes[t] - before.red_threes[t]
    if typ == DRAW:
        n = before.stock_size - after.stock_size - max(0, red)
        lines.append(w._("You drew {cards}.").format(cards=_gained(before, after, w)) if seat == viewer else
                     w.ngettext("{who} drew {n} card.", "{who} drew {n} cards.", n).format(
                         who=who(seat, viewer, w, before.rules), n=w.num(n)))
    elif typ == PICKUP:
        lines.append(_pickup_line(before, after, seat, w))
    elif typ == LAYDOWN:
        new = list(after.melds[t])
        lines.append(_says(before.rules, seat, viewer, w,
                           N_("You laid down the initial meld: {melds} (worth {value})."),
                           N_("{who} laid down the initial meld: {melds} (worth {value})."), melds=melds_inline(new),
                           value=w.num(melds_value(new, before.rules.card_values))))
    elif typ in (MELD, ADD):
        lines += _meld_line(before, after, seat, w)
    elif typ == MELD_B3:
        n = after.black_threes[t] - before.black_threes[t]
        lines.append(_says(before.rules, seat, viewer, w, N_("You melded {cards} on the way out."),
                           N_("{who} melded {cards} on the way out."), cards=" ".join(["B3"] * n)))
    elif typ == DISCARD:
        lines.append(_discard_line(before, seat, action, w))
    if red > 0:
        lines.append(_says(before.rules, seat, viewer, w, N_("You laid down {red_threes} from the stock."),
                           N_("{who} laid down {red_threes} from the stock."), red_threes=red_threes_phrase(red, w)))
    for ev, became in canasta_events(before.melds[t], after.melds[t], w) if before.down[t] else ():
        lines.append((w._("{team}: {event}.") if became else w._("{team} completed {event}.")).format(
            team=team(t, w, before.rules), event=ev))
    return lines


def _discard_line(before: View, seat: int, action: int, w: Words) -> str:
    viewer = before.seat
    card = ACTION_CARD[action]
    frozen = card in (TWO, JOKER)
    if seat != viewer:
        line = w._("{who} discarded {card}: the pile is frozen.") if frozen else w._("{who} discarded {card}.")
        return line.format(who=who(seat, viewer, w, before.rules), card=KINDS[card])
    back = bool(before.set_aside)
    ids = {(False, False): N_("You discarded {card}."),
           (True, False): N_("You discarded {card}: the pile is frozen."),
           (False, True): N_("You discarded {card}; the set-aside melds went back to your hand."),
           (True, True): N_("You discarded {card}: the pile is frozen; the set-aside melds went back to your hand.")}
    return w._(ids[frozen, back]).format(card=KINDS[card])


@dataclass
class TurnSummary:
    """Another player's turn, added up action by action from the viewer's views."""

    seat: int
    viewer: int
    parts: list[str] = field(default_factory=list)
    added: int = 0
    added_to: list[str] = field(default_factory=list)
    w: Words = EN
    rules: Any = None  # the table's (None: four players)
    _added_phrase: str = ""  # the running 'added N cards to ...', merged with the next add when it is last

    def step(self, before: View, after: View, action: int) -> None:
        """Fold in one action of this turn's player."""
        w = self.w
        t, typ = side_of(self.seat, before.rules), ACTION_TYPE[action]
        self.rules = before.rules
        red = after.red_threes[t] - before.red_threes[t]
        if typ == DRAW:
            n = before.stock_size - after.stock_size - max(0, red)
            self.parts.append(w._("drew") if n == 1 else w.ngettext("drew a card", "drew {n} cards", n)
                              .format(n=w.num(n)))
        elif typ == PICKUP:
            self.parts.append(_pickup_phrase(before, after, self.seat, w))
        elif typ == LAYDOWN:
            new = list(after.melds[t])
            self.parts.append(w._("laid down the initial meld ({melds}, worth {value})").format(
                melds=melds_inline(new), value=w.num(melds_value(new, before.rules.card_values))))
        elif typ in (MELD, ADD) and before.down[t]:
            for old, m in changed(before.melds[t], after.melds[t]):
                if old is None:
                    self.parts.append(w._("melded {cards}").format(cards=added_cards(old, m)))
                else:
                    self._added(old, m)
        elif typ == MELD_B3:
            n = after.black_threes[t] - before.black_threes[t]
            self.parts.append(w.ngettext("melded {n} black three", "melded {n} black threes", n).format(n=w.num(n)))
        elif typ == DISCARD:
            card = ACTION_CARD[action]
            line = (w._("discarded {card} (the pile is frozen)") if card in (TWO, JOKER)
                    else w._("discarded {card}"))
            self.parts.append(line.format(card=KINDS[card]))
        if red > 0:
            self.parts.append(w._("laid down {red_threes}").format(red_threes=red_threes_phrase(red, w)))
        for ev, became in canasta_events(before.melds[t], after.melds[t], w) if before.down[t] else ():
            self.parts.append(ev if became else w._("completed {canastas}").format(canastas=ev))

    def _added(self, old: Any, m: Any) -> None:
        w = self.w
        n = sum(m[1:]) - sum(old[1:])
        rank = _onto(m[0], w)
        if self.added and self.parts and self.parts[-1] == self._added_phrase:
            self.parts.pop()  # consecutive adds read as one phrase
        self.added += n
        if rank not in self.added_to:
            self.added_to.append(rank)
        self._added_phrase = w.ngettext("added {n} card to {melds}", "added {n} cards to {melds}", self.added).format(
            n=w.num(self.added), melds=w.join(self.added_to))
        self.parts.append(self._added_phrase)

    def line(self) -> str:
        """The turn as one sentence."""
        w = self.w
        return w._("{who} {actions}.").format(who=who(self.seat, self.viewer, w, self.rules),
                                             actions=w.join(self.parts or [w._("passed")]))


class TurnLog(TurnLogBase):
    """Canasta's log (``TurnLogBase``): each action in words, another seat's turn summed up."""

    rules: Any = None  # the table's, from the views stepped through (None: four players)

    def round_end(self, result: dict[str, Any], viewer: int, w: Words) -> str:
        return describe_round_end(result, viewer, w, self.rules)

    def step(self, before: View, after: View, seat: int, action: int) -> None:
        """Record one action (not one that ended the round: see ``end_round``)."""
        self.rules = before.rules
        detail = describe_step(before, after, seat, action, self.w)
        self.rounds[-1] += detail
        if self._turn is not None and self._turn.seat != seat:
            self._close()
        if seat == self.viewer:
            self.viewer_moved = True
            self._recent += detail
        else:
            if self._turn is None:
                self._turn = TurnSummary(seat, self.viewer, w=self.w)
            self._turn.step(before, after, action)


def signed(value: int, w: Words = EN) -> str:
    """A score with its sign, ``+120`` or ``-35``, as the language writes numbers."""
    return ("+" if value >= 0 else "-") + w.num(abs(value))


def describe_round_end(result: dict[str, Any], viewer: int = 0, w: Words = EN, rules: Any = None) -> str:
    """How a round ended, in words, with the round's scores (at the table of ``rules``; None: four players)."""
    n = w.num(result["round"])
    scores = " (" + ", ".join(f"{team(t, w, rules)} {signed(v, w)}" for t, v in enumerate(result["scores"])) + ")"
    went_out = result.get("went_out")
    if went_out is not None:
        if result.get("concealed"):
            line = _says(rules, went_out, viewer, w, N_("You went out concealed: round {round} is over{scores}."),
                         N_("{who} went out concealed: round {round} is over{scores}."), round=n, scores=scores)
        else:
            line = _says(rules, went_out, viewer, w, N_("You went out: round {round} is over{scores}."),
                         N_("{who} went out: round {round} is over{scores}."), round=n, scores=scores)
        return line
    if result.get("ended_by") == "stock":
        return w._("The stock ran out: round {round} is over{scores}.").format(round=n, scores=scores)
    return w._("A player was left without a legal action (rule {rule}): round {round} is over{scores}.").format(
        rule="6.2", round=n, scores=scores)
