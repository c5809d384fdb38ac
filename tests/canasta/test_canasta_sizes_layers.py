"""The layers above Canasta's engine at the other sizes (CANASTA_RULES.md section 14): what plays them already
(``random``, ``greedy`` and ``expert``, duplicate evaluation through the geometry, the observation and the envs:
their own tests are ``test_canasta_sizes_env*.py`` and ``test_canasta_sizes_bots.py``) and what refuses them by
name until it is laid out for them (the learned bot of four players, OpenSpiel), the state unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.evaluation import evaluate

OTHER_SIZES = [
    pytest.param({"players": 2}, id="two"),
    pytest.param({"players": 3}, id="three"),
    pytest.param({"players": 6}, id="six"),
    pytest.param({"players": 6, "sides": 3}, id="six-in-three-sides"),
]


@pytest.mark.parametrize("size", OTHER_SIZES)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_random_and_greedy_play_every_size_to_the_end(size, bot):
    rules = canasta.Rules(max_rounds=2, **size)
    bots = [canasta.make_bot(bot, seed=i) for i in range(rules.players)]
    g = canasta.new_game(1, rules=rules)
    while not g.is_over:
        g.step(bots[g.current_player].act(g.view(g.current_player)))
    assert g.is_over and g.round == 2 and len(g.round_results) == 2 and len(g.scores) == rules.sides


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_duplicate_evaluation_plays_every_size_through_the_geometry(size):
    rules = canasta.Rules(max_rounds=1, **size)
    rep = evaluate("random", "greedy", deals=1, seed=3, rules=rules, game="canasta")
    assert rep.rotations == rules.sides  # one seating a side: each bot through every seat
    assert rep.wins + rep.draws + rep.losses == rules.sides
    assert rep == evaluate("random", "greedy", deals=1, seed=3, rules=rules, game="canasta")


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_the_layers_laid_out_for_four_refuse_another_size_by_name(size):
    rules = canasta.Rules(**size)
    n = rules.players
    g = canasta.new_game(2, rules=rules)
    before = g.to_scenario()
    view = g.view(g.current_player)
    assert len(view.legal_actions) > 1  # the learned bot reads the observation only when it has a choice
    width = canasta.layout_of(rules).size
    with pytest.raises(ValueError, match=f"learned reads canasta observations of 386 features; this {n}-player "
                                         f"position's has {width}: the policy plays another table size"):
        canasta.make_bot("learned").act(view)
    assert canasta.make_bot("expert", rules=rules).act(view) in view.legal_actions  # the expert plays every size
    assert g.to_scenario() == before


@pytest.mark.parametrize("size", OTHER_SIZES)
def test_the_observation_and_the_envs_play_every_size(size):
    rules = canasta.Rules(**size)
    g = canasta.new_game(2, rules=rules)
    width = canasta.layout_of(rules).size
    assert canasta.GameEncoder(g).observe(0).shape == canasta.encode(g.view(0)).shape == (width,)
    assert canasta.hidden_cards(g, 0).shape == (15 * (rules.players + 1),)
    for e in (canasta.env(rules=rules), canasta.env(rules=rules.to_dict())):
        assert e.possible_agents == [f"player_{s}" for s in range(rules.players)]
        assert e.observation_space("player_0")["observation"].shape == (width,)
    assert canasta.CanastaGymEnv(rules=rules).observation_space.shape == (width,)


def test_four_players_with_three_decks_observe_the_four_player_layout_scaled_for_three_decks():
    rules = canasta.Rules(decks=3)
    g = canasta.new_game(1, rules=rules)
    assert sum(g.htot) == 44 and len(g.stock) + len(g.pile) + sum(g.red_threes) == 162 - 44
    assert canasta.encode(g.view(0)).shape == (canasta.OBS_SIZE,)
    low2, high2 = canasta.observation_bounds(canasta.Rules())
    low3, high3 = canasta.observation_bounds(rules)
    hand, team = canasta.OFFSETS["hand"], canasta.OFFSETS["own_team"]
    assert high2[hand] == high3[hand] == 1.0  # 8 fours x 1/8, 12 x 1/12
    assert high2[team] == high3[team] == 1.0  # 4 red threes x 1/4, 6 x 1/6
    assert canasta.layout_of(rules).scale[hand] == np.float32(1 / 12)
    e = canasta.env(rules=rules)
    e.reset(seed=1)
    assert e.observe("player_0")["observation"].shape == (canasta.OBS_SIZE,)


def test_an_env_refuses_a_scenario_of_another_size():
    env = canasta.env()
    two = canasta.new_game(1, rules=canasta.Rules(players=2)).to_scenario()
    with pytest.raises(ValueError, match=r"this Canasta env plays 4 players; the episode's rules or scenario are for "
                                         r"2 players \(build an env with rules=Rules\(players=2\)\)"):
        env.reset(seed=1, options={"scenario": two})
    six = canasta.env(rules=canasta.Rules(players=6))
    with pytest.raises(ValueError, match=r"plays 6 players; .* for 6 players in 3 sides .*players=6, sides=3"):
        six.reset(seed=1, options={"rules": {"players": 6, "sides": 3}})
    env.reset(seed=1)  # the env still plays its own size
    assert env.agents == [f"player_{s}" for s in range(4)]


def test_openspiel_plays_every_size_and_refuses_an_unknown_one_by_name():
    openspiel = pytest.importorskip("footcanasta_env.openspiel")  # the sizes in depth: test_openspiel_sizes.py
    with pytest.raises(ValueError, match=r"players must be 2, 3, 4 or 6 \(CANASTA_RULES.md rule 14.1\), got 5"):
        openspiel.load_game("canasta", players=5)
    assert [openspiel.load_game("canasta", players=n).num_players() for n in (2, 3, 6)] == [2, 3, 6]
    assert openspiel.load_game("canasta").num_players() == 4
