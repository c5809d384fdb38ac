"""The hint and the review agree: in a recorded game, the move the hint recommended in a position is never
listed by the review as a mistake in that position (same bot, same budget, same seed:
``family.botregistry.hint_move``), and the review judges every move against the hint's.
Both games, several deals, at the default settings.

The search bot's time budget is the one thing that is not a function of the seed (a loaded machine stops a
search with fewer worlds), so the tests give the search a clock that never runs out: the searches then do
exactly their worlds, as on a machine fast enough, and the test is deterministic.
"""

from __future__ import annotations

import types

import numpy as np
import pytest

from footcanasta_env.evaluation.review import RATER, STRONGEST_BOT, hint_for, review_replay
from footcanasta_env.footcanasta.bots import search
from footcanasta_env.games import get_game
from footcanasta_env.table import Deal, Table


@pytest.fixture
def steady_clock(monkeypatch):
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=lambda: 0.0))


def _recorded(game: str, seed: int, decisions: int) -> tuple[Table, dict[int, int]]:
    """A game at the table where South follows the hint about half the time (else a random legal move), up to
    ``decisions`` decisions of South with a choice; the hint given at each (by the action's index)."""
    table = Table.open(Deal(game=game, seed=seed), "random", "random")
    pick = np.random.default_rng(seed)
    hints: dict[int, int] = {}
    list(table.bot_steps())
    while not table.game.is_over and len(hints) < decisions:
        legal = table.view().legal_actions
        move = legal[0]
        if len(legal) > 1:
            hint, _ = table.hint()
            hints[table.version] = hint
            move = hint if pick.random() < 0.5 else legal[int(pick.integers(len(legal)))]
        table.play([table.module.action_name(move)])
    return table, hints


def _check_agreement(game: str, seed: int, decisions: int) -> tuple[int, int]:
    table, hints = _recorded(game, seed, decisions)
    replay = table.replay("terminal")
    review = review_replay(replay, 0)
    name = table.module.action_name
    assert [d.index for d in review.decisions] == sorted(hints)  # every decision with a choice, reviewed
    mistakes = {d.index for d in review.mistakes(len(review.decisions))}
    followed = 0
    for d in review.decisions:
        assert d.best == name(hints[d.index]), (d.index, d.best)  # the review's reference is the hint's move
        if d.played == d.best:
            followed += 1
            assert d.accurate and d.index not in mistakes and (d.loss is None or d.loss == 0.0)
    return followed, len(review.decisions) - followed


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_foot_canasta_review_never_calls_the_hints_move_a_mistake(seed, steady_clock):
    assert get_game("footcanasta").hint_bot_name() == "search"
    followed, other = _check_agreement("footcanasta", seed, 6)
    assert followed and other  # both kinds of moves were judged


@pytest.mark.parametrize("seed", [2, 5, 13])
def test_canasta_review_never_calls_the_hints_move_a_mistake(seed):
    followed, other = _check_agreement("canasta", seed, 30)
    assert followed and other


def test_the_review_asks_the_hint_as_the_table_gives_it(steady_clock):
    table, hints = _recorded("footcanasta", 4, 3)
    replay = table.replay("web")
    g = get_game("footcanasta").new_game(replay.seed, replay.rules)
    for i, (seat, name) in enumerate(replay.actions):
        if i in hints:
            assert hint_for(replay, g.view(seat), i)[0] == hints[i]
        g.step(name)


def test_the_methods_are_named_and_a_move_unlike_the_hint_can_be_a_mistake(steady_clock):
    fc = review_replay(_recorded("footcanasta", 3, 6)[0].replay("terminal"), 0)
    ca = review_replay(_recorded("canasta", 5, 30)[0].replay("terminal"), 0)
    assert fc.method == RATER and ca.method == STRONGEST_BOT and ca.bot == get_game("canasta").hint_bot_name()
    assert all(d.loss is not None and d.loss >= 0 for d in fc.decisions)
    assert any(not d.accurate for d in ca.decisions)  # random moves unlike the hint's are listed


def test_a_hint_that_is_not_legal_is_refused_by_name(toy, monkeypatch):
    from footcanasta_env.replays import Replay

    game = toy.new_game(3)
    rep = Replay(seed=3, rules=game.rules, game="toy",
                 players=[{"seat": s, "name": f"bot{s}", "kind": "bot", "bot": "greedy", "seed": s} for s in range(4)])
    bots = [toy.make_bot("greedy", s) for s in range(4)]
    while not game.is_over:
        a = bots[game.current_player].act(game.view(game.current_player))
        rep.record(game.current_player, a)
        game.step(a)
    rep.finish(game)
    assert review_replay(rep, 0).accuracy == 1.0  # greedy plays the toy's hint bot's moves: none is a mistake

    class Broken:
        name = "broken"

        def act(self, view):
            return next(a for a in range(toy.NUM_ACTIONS) if a not in view.legal_actions)

    monkeypatch.setattr(toy, "make_bot", lambda name, seed=None: Broken())
    with pytest.raises(ValueError, match="suggested .*, not a legal action, before action"):
        review_replay(rep, 0)
