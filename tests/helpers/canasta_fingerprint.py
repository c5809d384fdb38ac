"""A fingerprint of seeded random four-player Canasta (CANASTA_RULES.md sections 1-13): every legal action list
and mask, every action chosen, and at regular steps every seat's view and observation and the scenario, then
each game's scores and round results. The engine of section 14 must leave it unchanged: the value in
``test_canasta_sizes_fuzz.py`` was computed on the engine before the other sizes came. ``expert_hash``: every
move of the expert bot over whole games at a table, which the tests pin per size."""

from __future__ import annotations

import hashlib
import json

import numpy as np

from footcanasta_env import canasta
from footcanasta_env.canasta.observation import encode


def _view_bytes(view) -> bytes:
    parts = []
    for name in view._fields:
        x = getattr(view, name)
        if name == "rules":
            continue  # the Rules object gained fields; its play is what must not change
        parts.append(repr((name, x.tolist() if isinstance(x, np.ndarray) else x)))
    return "|".join(parts).encode()


def fingerprint(seeds, rules, every: int = 7) -> tuple[str, int]:
    """(sha256, steps) of random play over ``seeds`` under ``rules`` (the four-player game)."""
    h = hashlib.sha256()
    steps = 0
    for seed in seeds:
        g = canasta.new_game(seed, rules=rules)
        rng = np.random.default_rng(seed + 1000)
        while not g.is_over:
            legal = g.legal_actions()
            h.update(repr(legal).encode())
            h.update(g.legal_mask().tobytes())
            a = legal[int(rng.integers(len(legal)))]
            h.update(str(a).encode())
            if steps % every == 0:
                for s in range(4):
                    v = g.view(s)
                    h.update(_view_bytes(v))
                    h.update(encode(v).tobytes())
                spec = g.to_scenario()
                spec.pop("rng")
                h.update(json.dumps(spec, sort_keys=True).encode())
            g.step(a)
            steps += 1
        h.update(repr((g.scores, g.round_results, g.winner())).encode())
    return h.hexdigest(), steps


def encoder_fingerprint(seeds, rules, every: int = 3) -> tuple[str, int]:
    """(sha256, steps) of seeded random play through the envs' encoder: at every ``every``-th step each seat's
    ``GameEncoder.observe`` bytes, its mask (the engine's legal actions for the seat to act, zeros for the
    others) and its ``hidden_cards``, then the final observations. Four players: it must not change when the
    observation learns the other sizes (the shipped learned bot reads these bytes)."""
    from footcanasta_env.canasta.observation import GameEncoder, hidden_cards

    h = hashlib.sha256()
    steps = 0
    for seed in seeds:
        g = canasta.new_game(seed, rules=rules)
        enc = GameEncoder(g)
        rng = np.random.default_rng(seed + 2000)
        n = rules.players
        while True:
            if steps % every == 0 or g.is_over:
                for s in range(n):
                    h.update(enc.observe(s).tobytes())
                    mask = g.legal_mask() if s == g.current_player and not g.is_over else np.zeros(
                        canasta.NUM_ACTIONS, dtype=np.int8)
                    h.update(np.asarray(mask, dtype=np.int8).tobytes())
                    h.update(hidden_cards(g, s).tobytes())
            if g.is_over:
                break
            legal = g.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
            g.step(a)
            enc.invalidate(a)
            steps += 1
    return h.hexdigest(), steps


def expert_hash(rules, games: int) -> str:
    """Every action of ``games`` whole games at ``rules``' table: on even seeds experts in every seat, on odd
    ones experts for the even sides against greedy; the final scores too."""
    h = hashlib.sha256()
    for seed in range(games):
        bots = [canasta.make_bot("expert" if seed % 2 == 0 or rules.seat_side[s] % 2 == 0 else "greedy",
                                 seed=seed * 10 + s, rules=rules) for s in range(rules.players)]
        g = canasta.new_game(seed, rules=rules)
        while not g.is_over:
            p = g.current_player
            a = bots[p].act(g.view(p))
            h.update(f"{seed},{p},{a};".encode())
            g.step(a)
        h.update(repr(g.scores).encode())
    return h.hexdigest()
