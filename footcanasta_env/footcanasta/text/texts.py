"""The words of ``footcanasta play`` that explain the game: ``help``, the rules in brief, the pile listing.

Figures come from the game's ``Rules`` (card values, initial-meld minimums, bonuses), so a variant game
explains its own numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...family.cards import KINDS
from ...family.text import card_values_text
from ...i18n import Words
from ...messages import N_
from ..rules import CANASTA_SIZE, Rules
from .events import EN

# Each line fits 80 columns; the paragraphs below are single lines that the console wraps. The typed
# commands (d, draw, m K K K, ...) stay English in every language: the prompt takes them.
COMMANDS = N_("""\
Commands (any case; cards are 4 5 6 7 8 9 10 J Q K A 2 JK B3):
  d, draw         draw two cards from the stock
  p, pickup       take the pile (you need two cards matching its top card)
  m K K K         start a meld (m K K 2, m 2 2 JK; 'm K' if one K meld fits)
  a K, a K 2      add a card to your side's K meld ('a wild JK': the wild meld)
  l, laydown      lay your set-aside melds down as the initial meld
  x 9, discard 9  discard a card, which ends your turn
  1, 2, ...       the action with that number in the list
  hint   what the strongest bot would play   pile   the whole discard pile
  log    this round's moves ('log all')      look   the table again
  rules  the rules in brief, and scoring     quit   stop (saved, to resume)""")


def minimums_text(rules: Rules, this_round: int | None = None, w: Words = EN) -> str:
    """The initial-meld minimum of each round, and what counts toward it."""
    mins = ", ".join(w.num(m) for m in rules.initial_minimums)
    line = w._("Initial meld: your side's first lay-down of a round must add up to {minimums} points in rounds "
               "1 to {rounds}, counting the card values of its melds (no bonuses)").format(
                   minimums=mins, rounds=w.num(rules.rounds))
    if this_round is not None:
        line += w._("; this round {minimum}").format(minimum=w.num(rules.initial_minimums[this_round - 1]))
    return line + "."


def scoring_text(rules: Rules, w: Words = EN) -> str:
    """The bonuses and penalties of rule 9."""
    n = w.num
    return w._("Scoring: every melded card at its value; canastas {clean} clean, {dirty} dirty, {wild} wild; {red} "
               "per red three laid down, but minus {red} for each one left in a foot nobody picked up; {out} for "
               "going out; cards left in hand and foot count against.").format(
                   clean=n(rules.clean_bonus), dirty=n(rules.dirty_bonus), wild=n(rules.wild_bonus),
                   red=n(rules.red_three_bonus), out=n(rules.going_out_bonus))


def help_text(rules: Rules, this_round: int | None = None, w: Words = EN) -> str:
    """What ``help`` prints: the commands, how the screen writes melds, card values and minimums."""
    notation = w._("On the screen every card is shown: Q Q Q Q is a meld of four queens, A A A 2 three aces and a "
                   "two, wild 2 2 2 JK three twos and a joker, and a bar separates two melds; 'in foot': playing "
                   "from the foot. The arrow keys edit the line and recall earlier commands.")
    return "\n".join([w._(COMMANDS), notation, card_values_text(rules, w), minimums_text(rules, this_round, w)])


def rules_brief(rules: Rules, w: Words = EN) -> str:
    """One paragraph without line breaks, so that the console wraps it to its own width."""
    return w._(
        "Rules in brief: partners South/North against West/East, {rounds} rounds. Each turn draw "
        "{draw} cards or take the pile, meld, then discard one. Melds are 3 to {size} cards "
        "of one rank (4 to A), at least two naturals per wild card (2 or JK), or 3 to "
        "{size} wild cards; {size} cards make a canasta. Before your side's first lay-down of "
        "a round, melds are set aside and go down together with 'laydown' (or with a pickup) once they reach "
        "the minimum. When your hand is empty you play your foot. To go out your side needs "
        "{clean} clean, {dirty} dirty and {wild} wild canasta, you in your foot and your partner in theirs."
    ).format(rounds=w.num(rules.rounds), draw=rules.draw_count, size=CANASTA_SIZE, clean=rules.clean_needed,
             dirty=rules.dirty_needed, wild=rules.wild_needed)


def pile_text(pile: Sequence[int], take: int, w: Words = EN) -> str:
    """The whole pile for ``pile``, saying which end is the top and what a pickup would take."""
    if not pile:
        return w._("The pile is empty.")
    n = len(pile)
    cards = " ".join(KINDS[k] for k in pile)
    line = w.ngettext("Pile, {n} card, bottom first and top last: {cards}  <- top.",
                      "Pile, {n} cards, bottom first and top last: {cards}  <- top.", n).format(n=w.num(n), cards=cards)
    if n > take:
        line += " " + w._("A pickup takes the top {n}: {cards} (top first).").format(
            n=w.num(take), cards=" ".join(KINDS[k] for k in reversed(pile[-take:])))
    return line
