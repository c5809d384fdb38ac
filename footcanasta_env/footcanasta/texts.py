"""The words of ``footcanasta play`` that explain the game: ``help``, the rules in brief, the pile listing.

Figures come from the game's ``Rules`` (card values, initial-meld minimums, bonuses), so a variant game
explains its own numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import KINDS, RED3
from ..rules import CANASTA_SIZE, Rules

# Each line fits 80 columns; the paragraphs below are single lines that the console wraps.
COMMANDS = """\
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
  rules  the rules in brief, and scoring     quit   stop (saved, to resume)"""


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def card_values_text(rules: Rules) -> str:
    """The card values, highest first: ``50 for JK; 20 for A and 2; ...``."""
    by_value: dict[int, list[str]] = {}
    for k, v in enumerate(rules.card_values):
        if k != RED3:
            by_value.setdefault(v, []).append(KINDS[k])
    parts = [f"{v} for {_and(names)}" for v, names in sorted(by_value.items(), reverse=True)]
    return "Card values: " + "; ".join(parts) + "."


def minimums_text(rules: Rules, this_round: int | None = None) -> str:
    """The initial-meld minimum of each round, and what counts toward it."""
    mins = ", ".join(str(m) for m in rules.initial_minimums)
    line = (f"Initial meld: your side's first lay-down of a round must add up to {mins} points in rounds "
            f"1 to {rules.rounds}, counting the card values of its melds (no bonuses)")
    if this_round is not None:
        line += f"; this round {rules.initial_minimums[this_round - 1]}"
    return line + "."


def scoring_text(rules: Rules) -> str:
    """The bonuses and penalties of rule 9."""
    return (f"Scoring: every melded card at its value; canastas {rules.clean_bonus} clean, {rules.dirty_bonus} "
            f"dirty, {rules.wild_bonus} wild; {rules.red_three_bonus} per red three laid down, but minus "
            f"{rules.red_three_bonus} for each one left in a foot nobody picked up; {rules.going_out_bonus} for "
            "going out; cards left in hand and foot count against.")


def help_text(rules: Rules, this_round: int | None = None, times: str = "×") -> str:
    """What ``help`` prints: the commands, how the screen writes melds, card values and minimums."""
    notation = (f"On the screen: Q{times}6 is a meld of six queens, A{times}4+2 four aces and a two, "
                f"wild 2{times}3+JK three twos and a joker; 'in foot': playing from the foot. The arrow keys "
                "edit the line and recall earlier commands.")
    return "\n".join([COMMANDS, notation, card_values_text(rules), minimums_text(rules, this_round)])


def rules_brief(rules: Rules) -> str:
    """One paragraph without line breaks, so that the console wraps it to its own width."""
    need = f"{rules.clean_needed} clean, {rules.dirty_needed} dirty and {rules.wild_needed} wild canasta"
    return (
        f"Rules in brief: partners South/North against West/East, {rules.rounds} rounds. Each turn draw "
        f"{rules.draw_count} cards or take the pile, meld, then discard one. Melds are 3 to {CANASTA_SIZE} cards "
        "of one rank (4 to A), at least two naturals per wild card (2 or JK), or 3 to "
        f"{CANASTA_SIZE} wild cards; {CANASTA_SIZE} cards make a canasta. Before your side's first lay-down of "
        "a round, melds are set aside and go down together with 'laydown' (or with a pickup) once they reach "
        "the minimum. When your hand is empty you play your foot. To go out your side needs "
        f"{need}, you in your foot and your partner in theirs."
    )


def pile_text(pile: Sequence[int], take: int) -> str:
    """The whole pile for ``pile``, saying which end is the top and what a pickup would take."""
    if not pile:
        return "The pile is empty."
    n = len(pile)
    cards = " ".join(KINDS[k] for k in pile)
    line = f"Pile, {n} card{'s' if n != 1 else ''}, bottom first and top last: {cards}  <- top."
    if n > take:
        line += f" A pickup takes the top {take}: {' '.join(KINDS[k] for k in reversed(pile[-take:]))} (top first)."
    return line
