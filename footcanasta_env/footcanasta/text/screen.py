"""The terminal screen of ``footcanasta play``: what South may see, in words, built from a ``View`` only.

Everything on the screen comes from ``game.view(0)`` (RULES.md section 12) and from event lines made by
``events.py`` out of two such views, so the screen cannot show a card South may not see. Meaning is
always carried by words ("clean canasta", "in foot", "to play"), never by colour alone, so the screen reads
the same with ``NO_COLOR`` or through a pipe. Cards are never counted with a number beside a rank (``5×2``
reads as a five and a two): every card is shown, as a player lays them out (``5 5``, ``Q Q Q Q``), and the
canastas are told in words against what going out needs (``canastas: clean 1 of 2 (K)``).

The screen is drawn again after every move, so it is built to fit a terminal: the table (scores, pile,
both partnerships' melds, the players, your hand) takes about a dozen lines at 80 columns, melds are
separated by bars (``Q Q Q | A A A 2``), and what happened since your last move is one line per turn
(``tests/layers/test_play_screen.py`` measures real positions at 100 and 80 columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ...family.cards import BLACK3, JOKER, KINDS, TWO, WILD_RANK
from ...family.text import counts_text, final_text, packed, repeated
from ...family.text import legal_grid as family_legal_grid
from ...family.text import screen_text as family_screen_text
from ...i18n import Words
from ...messages import N_
from ..actions import action_name
from ..engine import View
from ..melds import CANASTA_KINDS, Meld, is_canasta, meld_kind, melds_value
from .events import EN, describe_round_end, describe_step, melds_inline, rank_name, seat_name, team_name

__all__ = [
    "counts_text", "describe_round_end", "describe_step", "final_text", "meld_short", "melds_inline",
    "render_screen", "round_table", "screen_text",
]

# Kinds in the order a hand is read: ranks low to high, then wild cards, then black threes.


def meld_short(m: Meld, w: Words = EN) -> str:
    """A meld with every card shown, naturals first: ``Q Q Q Q`` (four queens), ``A A A 2`` (three aces and a
    two), ``wild 2 2 2 JK`` (a meld of wild cards only)."""
    r, nat, two, jk = m
    cards = " ".join(x for x in (repeated(KINDS[TWO], two), repeated(KINDS[JOKER], jk)) if x)
    if r == WILD_RANK:
        return w._("wild") + " " + cards
    return " ".join(x for x in (repeated(KINDS[r], nat), cards) if x)


# Each kind's count against what going out needs, in words (the kind agrees with its number in every language).
_PROGRESS = {"clean": (N_("clean {n} of {needed}"), N_("clean {n}")),
             "dirty": (N_("dirty {n} of {needed}"), N_("dirty {n}")),
             "wild": (N_("wild {n} of {needed}"), N_("wild {n}"))}


def canastas_text(melds: Sequence[Meld], rules: Any, w: Words = EN) -> str:
    """A partnership's canastas in words, each kind made against what going out needs (rule 8.1) until it is
    met, with the ranks: ``canastas: clean 1 of 2 (K), dirty 3 (7 9 J)``; ``no canasta yet`` when none."""
    done = [m for m in melds if is_canasta(m)]
    if not done:
        return w._("no canasta yet")
    needed = {"clean": rules.clean_needed, "dirty": rules.dirty_needed, "wild": rules.wild_needed}
    parts = []
    for kind in CANASTA_KINDS:
        ranks = [rank_name(m[0], w) for m in done if meld_kind(m) == kind]
        if ranks:
            within, beyond = _PROGRESS[kind]
            part = w._(within if len(ranks) <= needed[kind] else beyond).format(n=w.num(len(ranks)),
                                                                                 needed=w.num(needed[kind]))
            parts.append(part + ("" if kind == "wild" else f" ({' '.join(ranks)})"))
    return w._("canastas: {list}").format(list=", ".join(parts))


def _team_lines(view: View, t: int, width: int, w: Words) -> list[Text]:
    name = Text(w._("{team} (you)").format(team=team_name(t, w)) if t == view.team else team_name(t, w),
                style="bold")
    red = w._("red 3s: {n}").format(n=w.num(view.red_threes[t]))
    if not view.down[t]:
        name.append(w._(": no initial meld yet ({minimum} needed); {red}").format(minimum=w.num(view.minimum), red=red))
        return [name]
    name.append(f": {canastas_text(view.melds[t], view.rules, w)}; {red}")
    open_melds = [meld_short(m, w) for m in view.melds[t] if not is_canasta(m)] or [w._("none open")]
    head, _, tail = w._("melds: {melds}").partition("{melds}")
    return [name, packed(Text("  " + head), open_melds, width, " | ").append(tail)]


def _pile_text(view: View, w: Words) -> Text:
    line = Text(w._("Stock {n}.").format(n=w.num(view.stock_size)) + "  ")
    if not view.pile:
        line.append(w._("Pile empty."))
        return line
    n = len(view.pile)
    line.append(w._("Pile {n}: top ").format(n=w.num(n)))
    line.append(KINDS[view.pile[-1]], style="bold reverse")
    if view.pile[-1] == BLACK3:
        line.append(w._(" (a black three: no pickup)"))
    below = [KINDS[k] for k in reversed(view.pile[-5:-1])]
    if below:
        line.append(w._(", under it {cards}").format(cards=" ".join(below) + (" ..." if n > 5 else "")))
    if n > 1:
        line.append(w._(" (see 'pile')"))
    return line


def _players_text(view: View, w: Words) -> list[RenderableType]:
    seats = [(view.seat + i) % 4 for i in (1, 2, 3)]  # clockwise from the viewer: the order of play
    parts = []
    for s in seats:
        notes = [w._("in foot")] * view.in_foot[s] + [w._("to play")] * (view.current_player == s and not view.is_over)
        parts.append(f"{seat_name(s, w)} {w.num(view.held[s])}" + (f" ({', '.join(notes)})" if notes else ""))
    lines: list[RenderableType] = [Text(w._("Cards held: {players}.").format(players=", ".join(parts)))]
    took = [f"{seat_name(s, w)} {counts_text(view.memory[s], w)}" for s in range(4)
            if s != view.seat and view.memory[s].any()]
    if took:
        lines.append(_indented(w._("From the pile, not yet played: {cards}.").format(cards="; ".join(took))))
    return lines


def _indented(line: str) -> RenderableType:
    """A line indented by two, its wrapped part too, so that each event stands out at any width."""
    return Padding(Text(line), (0, 0, 0, 2), expand=False)


def render_screen(view: View, events: Sequence[str] = (), width: int = 80, since: str = "",
                  w: Words = EN) -> RenderableType:
    """The whole play screen for South's ``view``, with the events since South's last move (or ``since``)."""
    rules = view.rules
    title = w._("Round {round} of {rounds}").format(round=w.num(view.round), rounds=w.num(rules.rounds))
    title += "".join(f"   {team_name(t, w)} {w.num(view.scores[t])}" for t in (0, 1))
    parts: list[RenderableType] = [Rule(Text(title, style="bold"), align="left")]
    parts.append(Text(w._("Initial meld {minimum} points. To go out: {clean} clean, {dirty} dirty and {wild} wild "
                          "canasta.").format(minimum=w.num(view.minimum), clean=rules.clean_needed,
                                             dirty=rules.dirty_needed, wild=rules.wild_needed)))
    parts.append(_pile_text(view, w))
    for t in (view.team, 1 - view.team):
        parts += _team_lines(view, t, width, w)
    parts += _players_text(view, w)
    if events:
        parts.append(Text(w._("Since {since} ('log' shows every card):").format(since=since or w._("your last move")),
                          style="bold"))
        parts += [_indented(e) for e in events]
    parts += _hand_lines(view, width, w)
    if view.my_turn:
        if view.phase == "draw":
            step = w._("Your turn, draw step: draw (d) or take the pile (p).")
        elif view.down[view.team]:
            step = w._("Your turn, play step: meld (m), add (a), then discard (x).")
        else:
            step = w._("Your turn, play step: set melds aside (m, a), lay them down (l), discard (x).")
        parts.append(Text(step, style="bold"))
        parts.append(_legal_grid(view.legal_actions, width))
    elif not view.is_over:
        who = seat_name(view.current_player, w)
        line = w._("{who} to play (draw step).") if view.phase == "draw" else w._("{who} to play (play step).")
        parts.append(Text(line.format(who=who)))
    return Group(*parts)


def _hand_lines(view: View, width: int, w: Words) -> list[RenderableType]:
    """Your hand and what you have set aside."""
    where = w._("from your foot") if view.in_foot[view.seat] else w._("foot still waiting")
    held = int(sum(view.hand))
    hand = Text(w.ngettext("Your hand, {n} card ({where}): ", "Your hand, {n} cards ({where}): ", held)
                .format(n=w.num(held), where=where), style="bold")
    parts: list[RenderableType] = [packed(hand, counts_text(view.hand, w).split("  "), width, "  ", "bold cyan")]
    if view.set_aside:
        value = melds_value(view.set_aside, view.rules.card_values)
        ready = value >= view.minimum and view.phase == "play"
        line = (w._("Set aside ({value} of {minimum} needed): {melds}; 'laydown' puts them on the table; a discard "
                    "returns them to your hand.") if ready else
                w._("Set aside ({value} of {minimum} needed): {melds}; a discard returns them to your hand."))
        parts.append(Text(line.format(value=w.num(value), minimum=w.num(view.minimum),
                                      melds=melds_inline(view.set_aside))))
    return parts


# ---------------------------------------------------------------------------------------------- round end


def round_table(result: dict[str, Any], totals: Sequence[int], viewer_team: int | None = 0,
                red_three_value: int = 100, w: Words = EN) -> RenderableType:
    """The score table of a finished round with its breakdown and the running totals.

    A negative red-three figure gets a note saying why: red threes in a foot never picked up count
    against their partnership (rule 9.2), which surprises newcomers.
    """
    table = Table(title=w._("Round {round} scores").format(round=w.num(result["round"])), title_justify="left",
                  header_style="bold", box=None, padding=(0, 1))
    cols = ("", w._("Melds"), w._("Canastas"), w._("c/d/w"), w._("Red\n3s"), w._("Going\nout"), w._("Cards\nheld"),
            w._("Round"), w._("Total"))
    for i, name in enumerate(cols):
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
    notes = [] if viewer_team is None else [w._("* your partnership")]
    n = w.num
    for t in (0, 1):
        b = result["breakdown"][t]
        red = b["red_threes"] + b["red_threes_in_foot"]  # laid down, less those stuck in an unpicked foot
        name = team_name(t, w) + ("*" if t == viewer_team else "")
        table.add_row(name, n(b["melds"]), n(b["canastas"]), f"{b['clean']}/{b['dirty']}/{b['wild']}",
                      n(red), n(b["going_out"]), n(b["cards_held"]), n(b["total"]), n(totals[t]))
        if b["red_threes_in_foot"]:
            k = -b["red_threes_in_foot"] // red_three_value if red_three_value else 0
            laid = ("+" if b["red_threes"] >= 0 else "-") + n(abs(b["red_threes"]))
            note = (w.ngettext("{team} red 3s: {laid} laid down, {foot} for {n} in an unpicked foot (rule 9.2).",
                               "{team} red 3s: {laid} laid down, {foot} for {n} in an unpicked foot (rule 9.2).", k)
                    if k > 0 else w._("{team} red 3s: {laid} laid down, {foot} for those in an unpicked foot "
                                      "(rule 9.2)."))
            notes.append(note.format(team=team_name(t, w), laid=laid, foot=n(b["red_threes_in_foot"]), n=n(k)))
    return Group(table, *(Text(x) for x in notes))


def _legal_grid(legal: Sequence[int], width: int) -> Text:
    """The legal actions, numbered, in as many columns as fit."""
    return family_legal_grid(legal, width, action_name)


def screen_text(view: View, events: Sequence[str] = (), width: int = 100, w: Words = EN) -> str:
    """The screen as plain text (for tests and logs)."""
    return family_screen_text(render_screen, view, events, width, w)
