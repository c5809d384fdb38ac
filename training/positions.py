"""Positions of learned self-play labelled with their round's result: the data value nets are fitted or checked on.

``record((seed, n, rounds, keep, explore))`` plays ``n`` games of four ``learned`` bots (a seat plays a
random legal action with chance ``explore``), keeps a share ``keep`` of the positions with a choice, and
labels each with the final score difference of its round from the acting seat's side. Features are the
value net's (``bots/value.py``'s ``value_features``: observation and hidden cards). A pool maps it over
seeds (``value_net.py``, ``export_critic.py``). The value net is Foot Canasta's search bot's, so the games are
Foot Canasta's (``GAME``, through the game lookup).
"""

from __future__ import annotations

import numpy as np

from footcanasta_env.footcanasta.bots.value import value_features
from footcanasta_env.games import get_game

GAME = "footcanasta"
"""The game of the value net (``footcanasta_env.footcanasta.bots.value``) and of its positions."""
TABLE = get_game(GAME).geometry()


def label(g, pending: list[tuple[np.ndarray, int, int]], gid: int, feats: list, labels: list, gids: list) -> None:
    """Append each pending (features, seat, round) of the finished game ``g`` with its round's final score
    difference from the seat's side."""
    for f, s, rnd in pending:
        sc = g.round_results[rnd - 1]["scores"]
        feats.append(f)
        labels.append(TABLE.zero_sum(sc, TABLE.side_of(s)))
        gids.append(gid)


def record(task: tuple[int, int, int, float, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``n`` games from ``seed``; kept positions' features (float16), labels (points) and game ids."""
    seed, n, rounds, keep, explore = task
    game = get_game(GAME)
    rules = game.Rules().with_rounds(rounds)
    rng = np.random.default_rng(seed)
    bot = game.make_bot("learned", 0)  # deterministic: the same bot serves every seat
    feats, labels, gids = [], [], []
    for gi in range(n):
        g = game.new_game(int(rng.integers(0, 2**62)), rules)
        pending: list[tuple[np.ndarray, int, int]] = []  # (features, seat, round)
        while not g.is_over:
            s, rnd = g.current_player, g.round
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < keep:
                pending.append((value_features(g, s).astype(np.float16), s, rnd))
            if len(legal) > 1 and rng.random() < explore:
                a = int(legal[int(rng.integers(len(legal)))])
            else:
                a = bot.act(g.view(s))
            g.step(a)
        label(g, pending, seed % 100_000 * 10_000 + gi, feats, labels, gids)
    return np.stack(feats), np.asarray(labels, np.float32), np.asarray(gids, np.int64)


def record_turns(task: tuple[int, int, int, float, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions where the search bot applies its value, labelled with their round's result.

    With its default horizon the search scores the position at which the searching seat's next turn begins,
    after one of its candidates and the policy's replies. So these games are four ``learned`` bots in which a
    decision the search would search is, with chance ``explore``, played as one of the search's other
    candidates (``SearchBot.candidates``, uniformly), and the positions kept are turn starts (draw phase), a
    share ``keep`` of them, from the turn's seat's side. Same returns as ``record``."""
    from footcanasta_env.footcanasta.bots.search import (
        make_search_bot,  # the search's own candidates and its choice of decisions
    )

    seed, n, rounds, keep, explore = task
    game = get_game(GAME)
    rules = game.Rules().with_rounds(rounds)
    rng = np.random.default_rng(seed)
    search = make_search_bot("", 0)
    feats, labels, gids = [], [], []
    for gi in range(n):
        g = game.new_game(int(rng.integers(0, 2**62)), rules)
        pending: list[tuple[np.ndarray, int, int]] = []
        while not g.is_over:
            s, rnd = g.current_player, g.round
            view = g.view(s)
            if view.phase == "draw" and rng.random() < keep:
                pending.append((value_features(g, s).astype(np.float16), s, rnd))
            legal = view.legal_actions
            if len(legal) == 1:
                g.step(int(legal[0]))
                continue
            cands, a = search.candidates(view)
            if len(cands) > 1 and search.matters(view, a) and rng.random() < explore:
                others = [c for c in cands if c != a]
                a = others[int(rng.integers(len(others)))]
            g.step(int(a))
        label(g, pending, seed % 100_000 * 10_000 + gi, feats, labels, gids)
    return np.stack(feats), np.asarray(labels, np.float32), np.asarray(gids, np.int64)
