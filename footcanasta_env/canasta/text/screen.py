"""The terminal screen of a Canasta game: what South may see, in words, built from a ``View`` only.

Everything on it comes from ``game.view(0)`` (CANASTA_RULES.md section 12) and from event lines that
``events`` makes out of two such views, so the screen cannot show a card South may not see. Meaning is
carried by words ("FROZEN", "natural canasta", "to play"), never by colour alone. The screen is drawn
again after every move, so it is built to fit a terminal of 100x40 or 80x24: the table (scores and
target, the minimums, the pile, both partnerships' melds, the players, the hand) takes about ten lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ...family.cards import BLACK3, JOKER, KINDS, TWO
from ...family.text import counts_text, final_text, packed  # noqa: F401 - final_text: this screen module offers it
from ...family.text import legal_grid as family_legal_grid
from ...family.text import screen_text as family_screen_text
from ...i18n import Words
from ...messages import N_
from ..actions import DRAW_ID, PICKUP_ID, action_name
from ..engine import View
from ..rules import Rules
from .events import EN
from .melds import canastas_text, is_canasta, meld_cards, melds_inline, melds_value
from .names import others, sides_from, who
from .names import side as _side


def _grouped(n: int, w: Words) -> str:
    return f"{n:,}" if w.lang == "en" else w.num(n)  # English has always grouped these thresholds by comma


def score_band(rules: Rules, score: int, w: Words = EN) -> str:
    """The band of totals a minimum belongs to (rule 7.1): ``score below 0``, ``score 0 to 1,495``."""
    th = rules.minimum_thresholds
    i = sum(1 for x in th if score >= x)
    if i == 0:
        return w._("score below {n}").format(n=_grouped(th[0], w))
    if i == len(th):
        return w._("score {n} or more").format(n=_grouped(th[-1], w))
    return w._("score {low} to {high}").format(low=_grouped(th[i - 1], w), high=_grouped(th[i] - 5, w))


def frozen_reason(view: View, team: int, w: Words = EN) -> str:
    """Why the pile is frozen for a partnership (rule 4.2), '' when it is not."""
    if not view.frozen[team]:
        return ""
    if any(k in (TWO, JOKER) for k in view.pile):
        return w._("a wild card is in it")
    return w._("no initial meld yet")


def team(t: int, w: Words, rules: Rules | None = None) -> str:
    """A side's name (``names.side``)."""
    return _side(t, w, rules)


def minimum_line(view: View, w: Words = EN) -> Text:
    """Each partnership's initial-meld minimum this round, from its score (rule 7.1), and whether it is made."""
    parts = []
    for t in sides_from(view.team, view.rules):
        name = w._("you") if t == view.team else team(t, w, view.rules)
        if view.down[t]:
            parts.append(w._("{who}: made").format(who=name))
        else:
            parts.append(w._("{who}: {minimum} needed ({band})").format(
                who=name, minimum=w.num(view.minimums[t]), band=score_band(view.rules, view.scores[t], w)))
    return Text(w._("Initial meld: {list}.").format(list="; ".join(parts)))


def pile_line(view: View, w: Words = EN) -> Text:
    """The stock's size and the pile: size, top card, below it, and whether and why it is frozen."""
    line = Text(w._("Stock {n}.").format(n=w.num(view.stock_size)) + "  ")
    if not view.pile:
        return line.append(w._("Pile empty."))
    n = len(view.pile)
    line.append(w._("Pile {n}: top ").format(n=w.num(n)))
    line.append(KINDS[view.pile[-1]], style="bold reverse")
    below = [KINDS[k] for k in reversed(view.pile[-4:-1])]
    if below:
        line.append(w._(", under it {cards}").format(cards=" ".join(below) + (" ..." if n > 4 else "")))
    top = view.pile[-1]
    if top == BLACK3:
        line.append(w._("; a black three: no pickup (rule {rule})").format(rule="4.1"))
    elif top in (TWO, JOKER):
        line.append(w._("; a wild card: no pickup (rule {rule})").format(rule="4.1"))
    why = frozen_reason(view, view.team, w)
    if why:
        line.append(w._("; FROZEN for you ({why})").format(why=why), style="bold")
    for t in sides_from(view.team, view.rules)[1:]:
        other = frozen_reason(view, t, w)
        if other and not why:
            line.append(w._("; frozen for {team} ({why})").format(team=team(t, w, view.rules), why=other))
    return line if line.plain.endswith("...") else line.append(".")


def team_lines(view: View, t: int, width: int = 80, w: Words = EN) -> list[Text]:
    """A partnership's state: canastas by kind, red and black threes, the open melds."""
    side = team(t, w, view.rules)
    name = Text(w._("{team} (you)").format(team=side) if t == view.team else side, style="bold")
    red = w._("red 3s: {n}").format(n=w.num(view.red_threes[t]))
    if not view.down[t]:
        line = (w._(": no initial meld yet; {red} (minus until it melds)") if view.red_threes[t]
                else w._(": no initial meld yet; {red}"))
        name.append(line.format(red=red))
        return [name]
    black = "; " + w._("black 3s: {n}").format(n=w.num(view.black_threes[t])) if view.black_threes[t] else ""
    name.append(f": {canastas_text(view.melds[t], w)}; {red}{black}")
    open_melds = [meld_cards(m) for m in view.melds[t] if not is_canasta(m)] or [w._("none open")]
    head, _, tail = w._("melds: {melds}").partition("{melds}")
    return [name, packed(Text("  " + head), open_melds, width, " | ").append(tail)]


def players_lines(view: View, w: Words = EN) -> list[RenderableType]:
    """How many cards each other player holds, who is to play, and what they took with the pile."""
    parts = []
    for s in others(view.seat, view.rules):  # the order of play from the viewer
        notes = ([w._("to play")] * (view.current_player == s and not view.is_over)
                 + [w._("melded")] * bool(view.has_melded[s]))
        parts.append(f"{who(s, -1, w, view.rules)} {w.num(view.held[s])}" + (f" ({', '.join(notes)})" if notes else ""))
    lines: list[RenderableType] = [Text(w._("Cards held: {players}.").format(players=", ".join(parts)))]
    took = [f"{who(s, -1, w, view.rules)} {counts_text(view.memory[s], w)}" for s in range(len(view.held))
            if s != view.seat and view.memory[s].any()]
    if took:
        lines.append(_indented(w._("From the pile, not yet played: {cards}.").format(cards="; ".join(took))))
    return lines


def _indented(line: str) -> RenderableType:
    return Padding(Text(line), (0, 0, 0, 2), expand=False)


def _turn_line(view: View, w: Words) -> Text:
    if view.phase == "draw":
        aside = not view.down[view.team] and any(a not in (DRAW_ID, PICKUP_ID) for a in view.legal_actions)
        line = (w._("Your turn, draw step: draw (d) or take the pile (p); or set melds aside first (m).") if aside
                else w._("Your turn, draw step: draw (d) or take the pile (p)."))
    elif view.down[view.team]:
        line = w._("Your turn, play step: meld (m), add (a), then discard (x).")
    else:
        line = w._("Your turn, play step: set melds aside (m, a), lay them down (l), then discard (x).")
    return Text(line, style="bold")


def render_screen(view: View, events: Sequence[str] = (), width: int = 80, since: str = "",
                  w: Words = EN) -> RenderableType:
    """The whole play screen for South's ``view``, with the events since South's last move (or ``since``)."""
    rules = view.rules
    title = w._("Round {round}").format(round=w.num(view.round))
    title += "".join(f"   {team(t, w, rules)} {w.num(view.scores[t])}" for t in range(len(view.scores)))
    title += "   " + w._("target {target}").format(target=w.num(view.target))
    if rules.max_rounds:
        title += w._(" (at most {n} rounds)").format(n=w.num(rules.max_rounds))
    # A rule crops a title that does not fit; a line of text wraps instead (a round cap makes it long).
    parts: list[RenderableType] = [Text(title, style="bold underline"), minimum_line(view, w), pile_line(view, w)]
    for t in sides_from(view.team, rules):
        parts += team_lines(view, t, width, w)
    parts += players_lines(view, w)
    if events:
        parts.append(Text(w._("Since {since} ('log' shows every card):").format(since=since or w._("your last move")),
                          style="bold"))
        parts += [_indented(e) for e in events]
    held = int(sum(view.hand))
    hand = Text(w.ngettext("Your hand, {n} card: ", "Your hand, {n} cards: ", held).format(n=w.num(held)),
                style="bold")
    parts.append(packed(hand, counts_text(view.hand, w).split("  "), width, "  ", "bold cyan"))
    if view.set_aside:
        value = melds_value(view.set_aside, rules.card_values)
        parts.append(Text(w._("Set aside ({value} of {minimum} needed): {melds}; 'l' lays them down, a discard "
                              "returns them.").format(value=w.num(value), minimum=w.num(view.minimums[view.team]),
                                                      melds=melds_inline(view.set_aside))))
    if view.my_turn:
        parts.append(_turn_line(view, w))
        parts.append(legal_grid(view.legal_actions, width))
    elif not view.is_over:
        line = w._("{who} to play (draw step).") if view.phase == "draw" else w._("{who} to play (play step).")
        parts.append(Text(line.format(who=who(view.current_player, -1, w, rules))))
    return Group(*parts)


def round_table(result: dict[str, Any], totals: Sequence[int], viewer_team: int | None = 0,
                w: Words = EN, rules: Rules | None = None) -> RenderableType:
    """The score table of a finished round (rule 9) with the running totals (at the table of ``rules``)."""
    table = Table(title=w._("Round {round} scores").format(round=w.num(result["round"])), title_justify="left",
                  header_style="bold", box=None, padding=(0, 1))
    cols = ("", w._("Melds"), w._("Canastas"), w._("nat/mix"), w._("Red\n3s"), w._("Going\nout"), w._("Cards\nheld"),
            w._("Round"), w._("Total"))
    for i, name in enumerate(cols):
        # a long side name (six players: South/Northwest/Northeast) wraps; the numbers never do
        table.add_column(name, justify="left" if i == 0 else "right", no_wrap=i > 0, overflow="fold")
    n = w.num
    sides = range(len(result["breakdown"]))
    for t in sides:
        b = result["breakdown"][t]
        name = team(t, w, rules) + ("*" if t == viewer_team else "")
        if name.count("/") > 1:  # three seats: it may wrap after each slash on a narrow terminal
            name = name.replace("/", "/ ")
        table.add_row(name, n(b["melds"]), n(b["canastas"]), f"{b['natural']}/{b['mixed']}",
                      n(b["red_threes"]), n(b["going_out"]), n(b["cards_held"]), n(b["total"]), n(totals[t]))
    alone = rules is not None and rules.players == rules.sides
    notes = [] if viewer_team is None else [w._("* you") if alone else w._("* your partnership")]
    if result.get("concealed"):
        notes.append(w._("Out concealed: no card melded before that turn (rule {rule}).").format(rule="8.4"))
    never = (N_("{team}: red threes count minus, that player never melded (rule {rule}).") if alone else
             N_("{team}: red threes count minus, the partnership never melded (rule {rule})."))
    notes += [w._(never).format(team=team(t, w, rules), rule="9.2") for t in sides
              if result["breakdown"][t]["red_threes"] < 0]
    return Group(table, *(Text(x) for x in notes))


def legal_grid(legal: Sequence[int], width: int) -> Text:
    """The legal actions, numbered, in as many columns as fit."""
    return family_legal_grid(legal, width, action_name)


def screen_text(view: View, events: Sequence[str] = (), width: int = 100, w: Words = EN) -> str:
    """The screen as plain text (for tests and logs)."""
    return family_screen_text(render_screen, view, events, width, w)
