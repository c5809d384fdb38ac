"""The words of a Canasta game that explain it: ``help``, the rules in brief, scoring, the pile listing.

Figures come from the game's ``Rules`` (card values, minimums by score, bonuses, target), so a variant
game explains its own numbers.
"""

from __future__ import annotations

from ...family.cards import KINDS
from ...family.text import card_values_text
from ...i18n import Words
from ...messages import N_
from ..engine import View
from ..rules import CANASTA_SIZE, HAND_SIZE, Rules
from .events import EN
from .names import four, side, sides_from
from .screen import frozen_reason, score_band

# The typed commands (d, draw, m K K K, ...) stay English in every language: the prompt takes them.
COMMANDS = N_("""\
Commands (any case; cards are 4 5 6 7 8 9 10 J Q K A 2 JK B3):
  d, draw         draw a card from the stock
  p, pickup       take the whole pile (its top card is melded at once)
  m K K K         start a meld (m K K 2, m K K JK; 'm K' if one K meld fits)
  m B3 B3 B3      black threes, only on the way out
  a K, a K 2      add a card to your side's meld of K ('a 2': wherever it fits)
  l, laydown      lay your set-aside melds down as the initial meld
  x 9, discard 9  discard a card, which ends your turn
  1, 2, ...       the action with that number in the list; full names work too
  hint   what the strongest bot would play   pile   the whole discard pile
  log    this round's moves ('log all')      look   the table again
  rules  the rules in brief, and scoring     quit   stop (saved, to resume)""")


def minimums_text(rules: Rules, w: Words = EN) -> str:
    """The initial-meld minimum of each band of scores (rule 7.1)."""
    bands = [f"{w.num(m)} ({score_band(rules, lo, w)})" for m, lo in
             zip(rules.minimums, (rules.minimum_thresholds[0] - 1, *rules.minimum_thresholds), strict=True)]
    text = (N_("Initial meld: a player's first lay-down of a round must add up to {bands}, by their total at the "
               "start of the round, counting card values only.") if alone(rules) else
            N_("Initial meld: a partnership's first lay-down of a round must add up to {bands}, by its total at the "
               "start of the round, counting card values only."))
    return w._(text).format(bands=", ".join(bands))


def scoring_text(rules: Rules, w: Words = EN) -> str:
    """The bonuses and penalties of rule 9."""
    n = w.num
    text = w._(N_("Scoring: every melded card at its value; canastas {natural} natural, {mixed} mixed; {out} for "
                  "going out, {concealed} concealed; red threes {red} each ({all_red} for all four), minus if the "
                  "player has not melded; cards held count against.") if alone(rules) else
               N_("Scoring: every melded card at its value; canastas {natural} natural, {mixed} mixed; {out} for going "
                  "out, {concealed} concealed; red threes {red} each ({all_red} for all four), minus if the "
                  "partnership has not melded; cards held count against.")).format(
                   natural=n(rules.natural_canasta_bonus), mixed=n(rules.mixed_canasta_bonus),
                   out=n(rules.going_out_bonus), concealed=n(rules.concealed_bonus), red=n(rules.red_three_bonus),
                   all_red=n(rules.all_red_threes_bonus))
    if alone(rules):
        end = (w._("The game ends when a player reaches {target} or after {rounds} rounds.") if rules.max_rounds
               else w._("The game ends when a player reaches {target}."))
    else:
        end = (w._("The game ends when a partnership reaches {target} or after {rounds} rounds.") if rules.max_rounds
               else w._("The game ends when a partnership reaches {target}."))
    return text + " " + end.format(target=n(rules.target), rounds=n(rules.max_rounds or 0))


def help_text(rules: Rules, this_round: int | None = None, w: Words = EN) -> str:
    """What ``help`` prints: the commands, how the screen writes melds, card values and minimums."""
    notation = w._("On the screen every card is shown: Q Q Q Q is a meld of four queens, A A A 2 three aces and a "
                   "two, and a bar separates two melds; a canasta is {size} cards or more, natural without wild "
                   "cards, mixed with them. FROZEN: the pile needs a natural pair of its top card. The arrow keys "
                   "edit the line and recall earlier commands.").format(size=CANASTA_SIZE)
    return "\n".join([w._(COMMANDS), notation, card_values_text(rules, w), minimums_text(rules, w)])


def alone(rules: Rules) -> bool:
    """Whether each player is a side of their own (two and three players): no partnership to speak of."""
    return rules.players == rules.sides


def rules_brief(rules: Rules, w: Words = EN) -> str:
    """One paragraph without line breaks, so that the console wraps it to its own width."""
    if not four(rules):
        return sized_brief(rules, w)
    return w._(
        "Rules in brief: partners South/North against West/East, {hand} cards each, playing to "
        "{target}. Each turn draw a card or take the whole pile, meld, then discard one. A meld is 3 or "
        "more cards of one rank 4 to A with at least two naturals and at most three wild cards (2, JK); one "
        "meld per rank; {size} cards make a canasta. The pile cannot be taken when its top is a wild "
        "card or a black three; it is frozen while it holds a wild card, and for a side without its initial "
        "meld: then only a natural pair of the top card takes it. Red threes are laid down at once. Black "
        "threes are melded only when going out; going out needs a canasta. The first lay-down of a round must "
        "reach the minimum of the side's score."
    ).format(hand=HAND_SIZE, target=w.num(rules.target), size=CANASTA_SIZE)


def pile_text(view: View, w: Words = EN) -> str:
    """The whole pile for ``pile``: bottom to top, and whether (and why) it is frozen for each side."""
    if not view.pile:
        return w._("The pile is empty.")
    n = len(view.pile)
    line = w.ngettext("Pile, {n} card, bottom first and top last: {cards}  <- top. A pickup takes them all.",
                      "Pile, {n} cards, bottom first and top last: {cards}  <- top. A pickup takes them all.",
                      n).format(n=w.num(n), cards=" ".join(KINDS[k] for k in view.pile))
    sides = sides_from(view.team, view.rules)
    if len(sides) == 2:
        told = [(view.team, N_("Frozen for you ({why})."), N_("Not frozen for you.")),
                (sides[1], N_("Frozen for the other side ({why})."), N_("Not frozen for the other side."))]
    else:  # each other side by its name
        told = [(view.team, N_("Frozen for you ({why})."), N_("Not frozen for you."))]
        told += [(t, N_("Frozen for {side} ({why})."), N_("Not frozen for {side}.")) for t in sides[1:]]
    for t, frozen, free in told:
        why, name = frozen_reason(view, t, w), side(t, w, view.rules)
        line += " " + (w._(frozen).format(why=why, side=name) if why else w._(free).format(side=name))
    return line


def sized_brief(rules: Rules, w: Words = EN) -> str:
    """The rules in brief at two, three or six players: the table, the deal, the draw and the canastas to go out
    as section 14 sets them."""
    if alone(rules):
        table = w._("{n} players, each for themselves").format(n=w.num(rules.players))
    else:
        own, *rest = sides_from(0, rules)
        table = w._("partners {side} against {others}").format(
            side=side(own, w, rules), others=w.join([side(t, w, rules) for t in rest]))
    n = rules.canastas_to_go_out
    head = w._("Rules in brief: {table}, {hand} cards each, playing to {target}; going out needs {canastas}.").format(
        table=table, hand=w.num(rules.hand_size), target=w.num(rules.target),
        canastas=w.ngettext("a canasta", "{n} canastas", n).format(n=w.num(n)))
    rest = w._(
        "Each turn draw {draw} or take the whole pile, meld, then discard one. A meld is 3 or more cards of one rank "
        "4 to A with at least two naturals and at most three wild cards (2, JK); one meld per rank; {size} cards "
        "make a canasta. The pile cannot be taken when its top is a wild card or a black three; it is frozen while "
        "it holds a wild card, and for a side without its initial meld: then only a natural pair of the top card "
        "takes it. Red threes are laid down at once. Black threes are melded only when going out. The first "
        "lay-down of a round must reach the minimum of the side's score."
    ).format(draw=w.ngettext("a card", "{n} cards", rules.draw).format(n=w.num(rules.draw)), size=CANASTA_SIZE)
    return head + " " + rest
