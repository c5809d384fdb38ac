"""What happened at the table, in words: one line per action (the full log) or one line per turn (the screen).

Both are built from two of the viewer's views, before and after one action, so they cannot tell a card the
viewer may not see (RULES.md section 12). ``describe_step`` gives the detailed lines of one action;
``TurnLog`` keeps those for ``log`` and sums up each other player's turn in one line, such as "West drew,
added 5 cards to three melds, discarded K." A bot's turn is often a dozen actions, and a line per action
pushed the table off the screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...family.cards import KINDS, NUM_KINDS, WILD_RANK, format_counts
from ...family.text import TurnLogBase, seat_name, team_name
from ...family.text import says as _says
from ...family.text import who as _who
from ...i18n import Words, words
from ...messages import N_
from ..actions import ACTION_CARD, ACTION_TYPE, ADD, DISCARD, DRAW, LAYDOWN, MELD, PICKUP
from ..engine import View
from ..melds import CANASTA_KINDS, Meld, count_canastas, is_canasta, meld_kind, meld_string, melds_value

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
EN = words()


SEAT_IDS = (N_("South"), N_("West"), N_("North"), N_("East"), N_("South/North"), N_("West/East"))


def _words(n: int, w: Words = EN) -> str:
    if w.lang != "en":
        return w.num(n)
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def rank_name(r: int, w: Words = EN) -> str:
    return w._("wild") if r == WILD_RANK else KINDS[r]


def _red_threes(n: int, w: Words) -> str:
    return w.ngettext("a red three", "{n} red threes", n).format(n=w.num(n))


def melds_inline(melds: Sequence[Meld]) -> str:
    """Melds on one line, separated by bars."""
    return " | ".join(meld_string(*m) for m in melds)


def _new_melds(before: Sequence[Meld], after: Sequence[Meld]) -> list[Meld]:
    """Melds in ``after`` that are not in ``before`` (as multisets)."""
    left = Counter(before)
    out = []
    for m in after:
        if left[m]:
            left[m] -= 1
        else:
            out.append(m)
    return out


def _gained(before: View, after: View) -> list[int]:
    return [max(0, int(a) - int(b)) for a, b in zip(after.hand, before.hand, strict=True)]


def _counts(counts: Sequence[int], w: Words = EN) -> str:
    return format_counts(counts) or w._("nothing")


def describe_step(before: View, after: View, seat: int, action: int, others: bool = True,
                  w: Words = EN) -> list[str]:
    """What the viewer saw ``seat`` do, in words, from the viewer's views before and after one action.

    Only public facts are used: the action's type (and card for a discard or a table meld), and what
    changed between the two views. A set-aside meld by another player is hidden (rule 12): no line.
    ``others=False`` leaves out what befell other seats (the next player's foot picked up as the turn ends).
    """
    viewer = before.seat
    t = seat & 1
    typ = ACTION_TYPE[action]
    if typ in (MELD, ADD) and not before.down[t]:
        return []  # set aside: only the player themselves knows (rules 7.2 and 12)
    new = _new_melds(before.melds[t], after.melds[t])
    lines = _action_lines(before, after, seat, action, new, w)
    before_c = count_canastas(before.melds[t])
    after_c = count_canastas(after.melds[t])
    for kind, b, a in zip(CANASTA_KINDS, before_c, after_c, strict=True):
        if a > b:
            lines.append(w._(_COMPLETED[kind]).format(team=team_name(t, w)))
    for s in range(4) if others else (seat,):
        if after.in_foot[s] and not before.in_foot[s]:
            lines.append(_says(s, viewer, w, N_("You picked up your foot."), N_("{who} picked up their foot.")))
    for team in (0, 1) if others else (t,):
        n = after.red_threes[team] - before.red_threes[team]
        if n > 0:
            finder = _red_three_finder(before, after, seat, team)
            name = _who(finder, viewer, w) if finder is not None else team_name(team, w)
            lines.append(w._("{who} laid down {red_threes}.").format(who=name, red_threes=_red_threes(n, w)))
    return lines


_COMPLETED = {"clean": N_("{team} completed a clean canasta."), "dirty": N_("{team} completed a dirty canasta."),
              "wild": N_("{team} completed a wild canasta.")}


def _action_lines(before: View, after: View, seat: int, action: int, new: list[Meld], w: Words) -> list[str]:
    """The lines of the action itself (not the canastas, feet and red threes it brought)."""
    viewer = before.seat
    t = seat & 1
    typ = ACTION_TYPE[action]
    if typ == DRAW:
        if seat == viewer:
            return [w._("You drew {cards}.").format(cards=_counts(_gained(before, after), w))]
        n = before.stock_size - after.stock_size - (after.red_threes[t] - before.red_threes[t])
        return [w.ngettext("{who} drew {n} card.", "{who} drew {n} cards.", n).format(who=seat_name(seat, w),
                                                                                        n=w.num(n))]
    if typ == PICKUP:
        taken = len(before.pile) - len(after.pile)
        line = w.ngettext("{who} took the pile ({n} card, top {top})", "{who} took the pile ({n} cards, top {top})",
                          taken).format(who=_who(seat, viewer, w), n=w.num(taken), top=KINDS[before.pile[-1]])
        if not before.down[t]:
            line += w._(" and laid down {melds}").format(melds=melds_inline(new))
        else:
            line += w._(", melding it: {melds}").format(melds=melds_inline(new))
        if seat == viewer:
            line += w._("; into your hand: {cards}").format(cards=_counts(_gained(before, after), w))
        return [line + "."]
    if typ == LAYDOWN:
        worth = w.num(melds_value(new, before.rules.card_values))
        return [_says(seat, viewer, w, N_("You laid down {melds} (worth {value})."),
                      N_("{who} laid down {melds} (worth {value})."), melds=melds_inline(new), value=worth)]
    if typ == MELD:
        return [_says(seat, viewer, w, N_("You melded {melds}."), N_("{who} melded {melds}."),
                      melds=melds_inline(new))]
    if typ == ADD:
        return [_says(seat, viewer, w, N_("You added to a meld: {melds}."), N_("{who} added to a meld: {melds}."),
                      melds=melds_inline(new))]
    card = KINDS[ACTION_CARD[action]]
    lines = [_says(seat, viewer, w, N_("You discarded {card}."), N_("{who} discarded {card}."), card=card)]
    if after.held[seat] == 0 and not after.in_foot[seat]:
        lines.append(_says(seat, viewer, w, N_("You emptied your hand: the foot comes next turn."),
                           N_("{who} emptied their hand: the foot comes next turn.")))
    return lines


def _red_three_finder(before: View, after: View, seat: int, team: int) -> int | None:
    """The acting player's own red threes, or those found in a foot picked up at the start of a turn."""
    if team == seat & 1:
        return seat
    feet = [s for s in (team, team + 2) if after.in_foot[s] and not before.in_foot[s]]
    return feet[0] if feet else None


@dataclass
class TurnSummary:
    """One player's turn, added up action by action."""

    seat: int
    viewer: int
    opening: list[str] = field(default_factory=list)  # the foot picked up before the turn began
    drew: int = 0
    drew_cards: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    pickup: tuple[int, str] | None = None  # cards taken, the top card
    laid_down: list[Meld] = field(default_factory=list)
    laid_value: int = 0
    started: list[int] = field(default_factory=list)
    added: int = 0
    added_to: list[int] = field(default_factory=list)
    canastas: list[Meld] = field(default_factory=list)
    foot: bool = False
    red_threes: int = 0
    discard: str = ""
    emptied: bool = False
    w: Words = EN

    def step(self, before: View, after: View, action: int) -> None:
        """Fold in one action of this turn's player (before and after are the viewer's views)."""
        seat, t = self.seat, self.seat & 1
        typ = ACTION_TYPE[action]
        if typ in (MELD, ADD) and not before.down[t]:
            return  # a set-aside meld is private (rule 12); it shows when it is laid down
        new = _new_melds(before.melds[t], after.melds[t])
        if typ == DRAW:
            self.drew += before.stock_size - after.stock_size - (after.red_threes[t] - before.red_threes[t])
            if seat == self.viewer:
                self.drew_cards = [a + b for a, b in zip(self.drew_cards, _gained(before, after), strict=True)]
        elif typ == PICKUP:
            self.pickup = (len(before.pile) - len(after.pile), KINDS[before.pile[-1]])
        if typ == LAYDOWN or (typ == PICKUP and not before.down[t]):
            self.laid_down += new
            self.laid_value += melds_value(new, before.rules.card_values)
        elif typ == MELD:
            self.started += [m[0] for m in new]
        elif typ == ADD:
            self.added += 1
            for m in new:
                if m[0] not in self.added_to:
                    self.added_to.append(m[0])
        elif typ == DISCARD:
            self.discard = KINDS[ACTION_CARD[action]]
            self.emptied = after.held[seat] == 0 and not after.in_foot[seat]
        old = [m for m in before.melds[t] if is_canasta(m)]
        self.canastas += _new_melds(old, [m for m in after.melds[t] if is_canasta(m)])
        if after.in_foot[seat] and not before.in_foot[seat]:
            self.foot = True
        self.red_threes += max(0, after.red_threes[t] - before.red_threes[t])

    def line(self) -> str:
        """The turn as one sentence."""
        w = self.w
        you = self.seat == self.viewer
        parts = list(self.opening) + self._drew_and_melds()
        if self.canastas:
            parts.append(w._("completed {canastas}").format(canastas=_canastas_phrase(self.canastas, w)))
        if self.red_threes:
            parts.append(w._("laid down {red_threes}").format(red_threes=_red_threes(self.red_threes, w)))
        if self.foot:
            parts.append(w._("picked up your foot") if you else w._("picked up their foot"))
        if self.discard:
            if not self.emptied:
                parts.append(w._("discarded {card}").format(card=self.discard))
            else:
                parts.append((w._("discarded {card} and emptied your hand") if you
                              else w._("discarded {card} and emptied their hand")).format(card=self.discard))
        if not parts:
            parts.append(w._("set melds aside") if you else w._("passed"))
        if you:
            return w._("You {actions}.").format(actions=w.join(parts))
        return w._("{who} {actions}.").format(who=seat_name(self.seat, w), actions=w.join(parts))

    def _drew_and_melds(self) -> list[str]:
        w = self.w
        parts = []
        if self.drew:
            if self.seat == self.viewer:
                parts.append(w._("drew {cards}").format(cards=_counts(self.drew_cards, w)))
            elif self.drew == 2:
                parts.append(w._("drew"))
            else:
                parts.append(w.ngettext("drew a card", "drew {n} cards", self.drew).format(n=w.num(self.drew)))
        if self.pickup:
            n, top = self.pickup
            parts.append(w.ngettext("took the pile ({n} card, top {top})", "took the pile ({n} cards, top {top})",
                                    n).format(n=w.num(n), top=top))
        if self.laid_down:
            ranks = w.join([rank_name(m[0], w) for m in self.laid_down])
            parts.append(w.ngettext("laid down {ranks} meld (worth {value})", "laid down {ranks} melds (worth {value})",
                                    len(self.laid_down)).format(ranks=ranks, value=w.num(self.laid_value)))
        if self.started:
            ranks = w.join([rank_name(r, w) for r in self.started])
            parts.append(w.ngettext("started a {ranks} meld", "started {ranks} melds", len(self.started))
                         .format(ranks=ranks))
        if self.added:
            if len(self.added_to) == 1:
                where = w._("the {rank} meld").format(rank=rank_name(self.added_to[0], w))
            else:
                n = len(self.added_to)
                where = w.ngettext("{count} meld", "{count} melds", n).format(count=_words(n, w))
            parts.append(w.ngettext("added a card to {where}", "added {n} cards to {where}", self.added)
                         .format(n=w.num(self.added), where=where))
        return parts


_CANASTAS = {"clean": (N_("a clean {rank} canasta"), N_("clean {ranks} canastas")),
             "dirty": (N_("a dirty {rank} canasta"), N_("dirty {ranks} canastas"))}


def _canastas_phrase(melds: Sequence[Meld], w: Words = EN) -> str:
    by_kind: dict[str, list[str]] = {}
    for m in melds:
        by_kind.setdefault(meld_kind(m), []).append(rank_name(m[0], w))
    phrases = []
    for kind in CANASTA_KINDS:
        ranks = by_kind.get(kind, [])
        if kind == "wild" and ranks:
            phrases.append(w.ngettext("a wild canasta", "{n} wild canastas", len(ranks)).format(n=w.num(len(ranks))))
        elif ranks:
            one, many = _CANASTAS[kind]
            phrases.append(w._(one).format(rank=ranks[0]) if len(ranks) == 1
                           else w._(many).format(ranks=w.join(ranks)))
    return w.join(phrases)


class TurnLog(TurnLogBase):
    """Foot Canasta's log (``TurnLogBase``): each action in words, another seat's turn summed up, a foot
    picked up told with its player's turn."""

    def round_end(self, result: dict[str, Any], viewer: int, w: Words) -> str:
        return describe_round_end(result, viewer, w)

    def __init__(self, viewer: int = 0, w: Words = EN) -> None:
        super().__init__(viewer, w)
        self._opening: dict[int, list[str]] = {}  # per seat: a foot picked up, told with their next turn

    def _new_round(self) -> None:
        self._opening.clear()

    def step(self, before: View, after: View, seat: int, action: int) -> None:
        """Record one action (not one that ended the round: see ``end_round``)."""
        w = self.w
        detail = describe_step(before, after, seat, action, w=w)
        self.rounds[-1] += detail
        if self._turn is not None and self._turn.seat != seat:
            self._close()
        if seat == self.viewer:
            self.viewer_moved = True
            self._recent += describe_step(before, after, seat, action, others=False, w=w)
        else:
            if self._turn is None:
                self._turn = TurnSummary(seat, self.viewer, opening=self._opening.pop(seat, []), w=w)
            self._turn.step(before, after, action)
        # The next player's foot is picked up as this turn ends (rule 3.1): tell it with their turn.
        for s in range(4):
            if s != seat and after.in_foot[s] and not before.in_foot[s]:
                red = after.red_threes[s & 1] - before.red_threes[s & 1] if s & 1 != seat & 1 else 0
                if s == self.viewer:
                    self._close()
                    self._recent.append(w._("You picked up your foot (with {red_threes}).").format(
                        red_threes=_red_threes(red, w)) if red > 0 else w._("You picked up your foot."))
                else:
                    note = (w._("picked up their foot (with {red_threes})").format(red_threes=_red_threes(red, w))
                            if red > 0 else w._("picked up their foot"))
                    self._opening.setdefault(s, []).append(note)


def describe_round_end(result: dict[str, Any], viewer: int = 0, w: Words = EN) -> str:
    """How a round ended, in words."""
    went_out = result.get("went_out")
    n = w.num(result["round"])
    if went_out is not None:
        return _says(went_out, viewer, w, N_("You went out: round {round} is over."),
                     N_("{who} went out: round {round} is over."), round=n)
    if result.get("ended_by") == "stock":
        return w._("The stock ran out: round {round} is over.").format(round=n)
    return w._("A player was left without a legal action: round {round} is over.").format(round=n)
