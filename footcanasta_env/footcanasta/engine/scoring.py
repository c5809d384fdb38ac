"""Scoring a round (RULES.md section 9), with a breakdown per partnership."""

from __future__ import annotations

from operator import mul
from typing import Any

from ...family.cards import RED3


def score_round(game: Any, went_out: int | None) -> list[dict[str, int]]:
    """Each partnership's round score and its parts, for the state of ``game`` as the round ends."""
    r = game.rules
    vals = game.values
    breakdown = []
    for t in (0, 1):
        down = game.down[t]
        melds = game.mval[t] if down else 0
        bonus = (game.n_clean[t] * r.clean_bonus + game.n_dirty[t] * r.dirty_bonus
                 + game.n_wild[t] * r.wild_bonus) if down else 0
        red = game.red_threes[t] * r.red_three_bonus
        out = r.going_out_bonus if went_out is not None and went_out & 1 == t else 0
        held = 0
        foot_red = 0
        for s in (t, t + 2):
            held += sum(map(mul, game.hand[s], vals))  # both lists hold one entry per card kind
            if not game.in_foot[s]:
                held += sum(map(mul, game.foot[s], vals))
                foot_red += game.foot[s][RED3]
        if not down:
            held += game.mval[t]  # set-aside cards count as held (rule 7.2)
        penalty = held + foot_red * r.red_three_bonus
        total = melds + bonus + red + out - penalty
        breakdown.append({
            "melds": melds, "canastas": bonus, "red_threes": red, "going_out": out,
            "cards_held": -held, "red_threes_in_foot": -foot_red * r.red_three_bonus,
            "clean": game.n_clean[t] if down else 0, "dirty": game.n_dirty[t] if down else 0,
            "wild": game.n_wild[t] if down else 0, "total": total,
        })
    return breakdown
