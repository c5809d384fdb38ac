"""The words of a Canasta game that explain it: ``help``, the rules in brief, scoring, the pile listing.

Figures come from the game's ``Rules`` (card values, minimums by score, bonuses, target), so a variant
game explains its own numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import KINDS, RED3
from ..engine import View
from ..rules import CANASTA_SIZE, HAND_SIZE, Rules
from .screen import frozen_reason, score_band

COMMANDS = """\
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
  rules  the rules in brief, and scoring     quit   stop (saved, to resume)"""


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def card_values_text(rules: Rules) -> str:
    """The card values, highest first: ``50 for JK; 20 for A and 2; ...``."""
    by_value: dict[int, list[str]] = {}
    for k, v in enumerate(rules.card_values):
        if k != RED3:
            by_value.setdefault(v, []).append(KINDS[k])
    return "Card values: " + "; ".join(f"{v} for {_and(n)}" for v, n in sorted(by_value.items(), reverse=True)) + "."


def minimums_text(rules: Rules) -> str:
    """The initial-meld minimum of each band of scores (rule 7.1)."""
    bands = [f"{m} ({score_band(rules, lo)})" for m, lo in
             zip(rules.minimums, (rules.minimum_thresholds[0] - 1, *rules.minimum_thresholds), strict=True)]
    return ("Initial meld: a partnership's first lay-down of a round must add up to " + ", ".join(bands)
            + ", by its total at the start of the round, counting card values only.")


def scoring_text(rules: Rules) -> str:
    """The bonuses and penalties of rule 9."""
    return (f"Scoring: every melded card at its value; canastas {rules.natural_canasta_bonus} natural, "
            f"{rules.mixed_canasta_bonus} mixed; {rules.going_out_bonus} for going out, {rules.concealed_bonus} "
            f"concealed; red threes {rules.red_three_bonus} each ({rules.all_red_threes_bonus} for all four), "
            "minus if the partnership has not melded; cards held count against. The game ends when a "
            f"partnership reaches {rules.target}" + (f" or after {rules.max_rounds} rounds." if rules.max_rounds
                                                     else "."))


def help_text(rules: Rules, this_round: int | None = None, times: str = "×") -> str:
    """What ``help`` prints: the commands, how the screen writes melds, card values and minimums."""
    notation = (f"On the screen: Q{times}6 is a meld of six queens, A{times}4+2 four aces and a two; a canasta "
                f"is {CANASTA_SIZE} cards or more, natural without wild cards, mixed with them. FROZEN: the pile "
                "needs a natural pair of its top card. The arrow keys edit the line and recall earlier commands.")
    return "\n".join([COMMANDS, notation, card_values_text(rules), minimums_text(rules)])


def rules_brief(rules: Rules) -> str:
    """One paragraph without line breaks, so that the console wraps it to its own width."""
    return (
        f"Rules in brief: partners South/North against West/East, {HAND_SIZE} cards each, playing to "
        f"{rules.target}. Each turn draw a card or take the whole pile, meld, then discard one. A meld is 3 or "
        "more cards of one rank 4 to A with at least two naturals and at most three wild cards (2, JK); one "
        f"meld per rank; {CANASTA_SIZE} cards make a canasta. The pile cannot be taken when its top is a wild "
        "card or a black three; it is frozen while it holds a wild card, and for a side without its initial "
        "meld: then only a natural pair of the top card takes it. Red threes are laid down at once. Black "
        "threes are melded only when going out; going out needs a canasta. The first lay-down of a round must "
        "reach the minimum of the side's score."
    )


def pile_text(view: View) -> str:
    """The whole pile for ``pile``: bottom to top, and whether (and why) it is frozen for each side."""
    if not view.pile:
        return "The pile is empty."
    n = len(view.pile)
    line = f"Pile, {n} card{'s' if n != 1 else ''}, bottom first and top last: "
    line += " ".join(KINDS[k] for k in view.pile) + "  <- top. A pickup takes them all."
    for t, name in ((view.team, "you"), (1 - view.team, "the other side")):
        why = frozen_reason(view, t)
        line += f" Frozen for {name} ({why})." if why else f" Not frozen for {name}."
    return line
