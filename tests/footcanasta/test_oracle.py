"""Differential check: the engine's fast legal mask against the plain oracle of ``tests/helpers/oracle.py``.

On every state of seeded games (random play, and a greedy play that melds, adds, lays down and takes the
pile whenever it can, so games reach feet, canastas and going out), the engine's ``legal_actions()`` must
equal the oracle's set, which is computed from the scenario dict alone. On sampled states every allowed
action must succeed on a clone, and every forbidden one must raise ``IllegalActionError`` naming the
action and a rule, leaving the state unchanged (RULES.md section 11: the mask is exact).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from footcanasta_env import ACTION_NAMES, IllegalActionError, Rules, action_name, new_game
from tests.helpers.oracle import legal_names

# Variants push play into the feet and going out much more often than the default rules do.
VARIANTS = {
    "default": Rules(),
    "one_clean": Rules(clean_needed=1, dirty_needed=0, wild_needed=0),
    "small_hands": Rules(hand_size=6, foot_size=5, clean_needed=0, dirty_needed=1, wild_needed=0),
    "tiny": Rules(hand_size=4, foot_size=4, pile_take=3, clean_needed=0, dirty_needed=0, wild_needed=0,
                  partner_in_foot=False),
    "late_rounds": Rules(initial_minimums=(150, 150), hand_size=9, foot_size=9),
}


def greedy_choice(game, rng: random.Random) -> str:
    """Lay down, take the pile, add, meld (natural before wild) whenever possible; discard non-wilds."""
    acts = [action_name(a) for a in game.legal_actions()]
    prefs = (
        lambda a: a == "laydown",
        lambda a: a == "pickup",
        lambda a: a.startswith("add") and a.split()[1] == a.split()[2],
        lambda a: a.startswith("meld") and len(set(a.split()[1:])) == 1 and a.split()[1] not in ("2", "JK"),
        lambda a: a.startswith("add wild"),
        lambda a: a.startswith("meld") and set(a.split()[1:]) <= {"2", "JK"},
        lambda a: a.startswith("add"),
        lambda a: a.startswith("meld"),
        lambda a: a == "draw",
    )
    for pred in prefs:
        cands = [a for a in acts if pred(a)]
        if cands:
            return rng.choice(cands)
    discards = [a for a in acts if a.startswith("discard")]
    plain = [a for a in discards if a.split()[1] not in ("2", "JK")]
    return rng.choice(plain or discards)


def play(variant: str, seed: int, policy: str):
    """Yield every state of one game (before each action), then play the chosen action."""
    game = new_game(seed, rules=VARIANTS[variant])
    rng = random.Random(seed * 7 + 1)
    while not game.is_over:
        yield game
        if policy == "greedy":
            game.step(greedy_choice(game, rng))
        else:
            game.step(rng.choice(game.legal_actions()))


def _short(s: dict) -> str:
    return json.dumps({k: v for k, v in s.items() if k not in ("rng", "stock", "round_results")})


CASES = [(v, seed, pol) for v in VARIANTS for seed in range(2) for pol in ("random", "greedy")]


@pytest.mark.parametrize("variant,seed,policy", CASES)
def test_mask_equals_oracle_on_every_state(variant, seed, policy):
    states = 0
    for game in play(variant, seed, policy):
        engine = {action_name(a) for a in game.legal_actions()}
        s = game.to_scenario()
        oracle = legal_names(s)
        assert engine == oracle, (f"engine only: {sorted(engine - oracle)}, oracle only: {sorted(oracle - engine)}"
                                  f"\nscenario: {_short(s)}")
        states += 1
    assert states > 50  # the game really was played


RULE_REF = re.compile(r"rules? \d+(\.\d+)?")


@pytest.mark.parametrize("variant,seed", [("default", 11), ("tiny", 12), ("small_hands", 13)])
def test_every_action_on_sampled_states(variant, seed):
    """Allowed actions succeed on a clone; forbidden ones raise, name action and rule, change nothing."""
    sampled = 0
    for i, game in enumerate(play(variant, seed, "greedy")):
        if i % 37:
            continue
        sampled += 1
        before = game.to_scenario()
        legal = set(game.legal_actions())
        for a in range(len(ACTION_NAMES)):
            trial = game.clone()
            if a in legal:
                trial.step(a)  # must not raise
                continue
            with pytest.raises(IllegalActionError) as err:
                trial.step(a)
            msg = str(err.value)
            assert ACTION_NAMES[a] in msg, msg
            assert RULE_REF.search(msg), f"no rule number in {msg!r}"
            assert trial.to_scenario() == before
            assert set(trial.legal_actions()) == legal
        assert game.to_scenario() == before  # the clones never touched the original
    assert sampled >= 3
