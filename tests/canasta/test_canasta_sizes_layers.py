"""The layers above Canasta's engine at the other sizes (CANASTA_RULES.md section 14): what plays them already
(``random``, ``greedy`` and ``expert``, duplicate evaluation through the geometry) and what refuses them by name
until it is laid out for them (the observation, the envs, the learned bot, OpenSpiel), the state unchanged."""

from __future__ import annotations

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
    observation = f"Canasta's observation is laid out for four players; {n}-player Canasta has no observation"
    for build in (lambda: canasta.GameEncoder(g), lambda: canasta.encode(view),
                  lambda: canasta.hidden_cards(g, 0), lambda: canasta.make_bot("learned").act(view)):
        with pytest.raises(ValueError, match=observation):
            build()
    envs = f"Canasta's environments play four players; {n}-player Canasta has no environment"
    for build in (lambda: canasta.env(rules=rules), lambda: canasta.CanastaGymEnv(rules=rules),
                  lambda: canasta.env(rules=rules.to_dict())):
        with pytest.raises(ValueError, match=envs):
            build()
    assert canasta.make_bot("expert", rules=rules).act(view) in view.legal_actions  # the expert plays every size
    assert g.to_scenario() == before


def test_four_players_with_three_decks_are_refused_by_the_layers_too():
    rules = canasta.Rules(decks=3)
    g = canasta.new_game(1, rules=rules)
    assert sum(g.htot) == 44 and len(g.stock) + len(g.pile) + sum(g.red_threes) == 162 - 44
    with pytest.raises(ValueError, match="laid out for four players with two decks; Canasta with 3 decks"):
        canasta.encode(g.view(0))
    with pytest.raises(ValueError, match="environments play four players with two decks; Canasta with 3 decks"):
        canasta.env(rules=rules)


def test_an_env_of_four_refuses_a_scenario_of_another_size():
    env = canasta.env()
    two = canasta.new_game(1, rules=canasta.Rules(players=2)).to_scenario()
    with pytest.raises(ValueError, match="environments play four players; 2-player"):
        env.reset(seed=1, options={"scenario": two})


def test_openspiel_refuses_another_size_by_name():
    openspiel = pytest.importorskip("footcanasta_env.openspiel")
    with pytest.raises(ValueError, match="OpenSpiel game plays four players; 2-player Canasta"):
        openspiel.load_game("canasta", players=2)
    assert openspiel.load_game("canasta").num_players() == 4
