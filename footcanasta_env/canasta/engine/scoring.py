"""Scoring a round (CANASTA_RULES.md section 9, and 14.6 for three decks), with a breakdown per side."""

from __future__ import annotations

from operator import mul
from typing import Any

from ...family.cards import NUM_NATURAL
from ..rules import CANASTA_SIZE


def canastas(game: Any, t: int) -> tuple[int, int]:
    """Side t's canastas: (natural, mixed) (rule 5.5)."""
    natural = mixed = 0
    for r in range(NUM_NATURAL):
        if game.msize[t][r] >= CANASTA_SIZE:
            if game.mtwo[t][r] + game.mjk[t][r]:
                mixed += 1
            else:
                natural += 1
    return natural, mixed


def is_concealed(game: Any, t: int) -> bool:
    """Rule 8.4: the player to act had melded nothing before this turn and made a canasta of their own in it."""
    return game.turn_fresh and any(game.turn_new >> r & 1 and game.msize[t][r] >= CANASTA_SIZE
                                   for r in range(NUM_NATURAL))


def red_three_score(rules: Any, n: int) -> int:
    """Rules 9.2, 14.6: 100 a red three, 800 for all four of two decks; with three decks 100 each up to four,
    1,000 for five, 1,200 for all six (before the sign the initial meld gives it)."""
    if rules.decks == 2:
        return rules.all_red_threes_bonus if n == 4 else n * rules.red_three_bonus
    if n == 6:
        return rules.six_red_threes_bonus
    return rules.five_red_threes_bonus if n == 5 else n * rules.red_three_bonus


def score_round(game: Any, went_out: int | None, concealed: bool = False) -> list[dict[str, int]]:
    """Each side's round score and its parts, for the state of ``game`` as the round ends."""
    r = game.rules
    vals = game.values
    breakdown = []
    out_side = None if went_out is None else game.side_of[went_out]
    for t, seats in enumerate(r.side_seats):
        down = game.down[t]
        natural, mixed = canastas(game, t) if down else (0, 0)
        melds = game.mval[t] if down else 0
        bonus = natural * r.natural_canasta_bonus + mixed * r.mixed_canasta_bonus
        out = 0
        if out_side == t:
            out = r.concealed_bonus if concealed else r.going_out_bonus
        red = red_three_score(r, game.red_threes[t]) * (1 if down else -1)
        held = sum(sum(map(mul, game.hand[p], vals)) for p in seats)
        if not down:
            held += game.mval[t]  # set-aside cards count as held (rule 7.2)
        total = melds + bonus + out + red - held
        breakdown.append({"melds": melds, "canastas": bonus, "going_out": out, "red_threes": red,
                          "cards_held": -held, "natural": natural, "mixed": mixed, "total": total})
    return breakdown
