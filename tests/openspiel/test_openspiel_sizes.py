"""Canasta in OpenSpiel at every table size of CANASTA_RULES.md section 14: ``canasta(players=2)``, ``players=3``,
``players=6`` and ``players=6,sides=3``. OpenSpiel's own random simulation test with serialisation, clone and
replay, the size's observation (the PettingZoo env's, step by step, with the engine's legal actions), returns
that are each side's zero-sum share (and the env's rewards), the bounds derived from the deck, the house's bots
playing whole games, and the refusals of sizes the rules do not know. Skipped without the ``openspiel`` extra."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
fo = pytest.importorskip("footcanasta_env.openspiel")

from footcanasta_env import canasta  # noqa: E402
from tests.helpers.spiel_states import dealt, play  # noqa: E402

SIZES = [
    pytest.param({"players": 2}, id="two"),
    pytest.param({"players": 3}, id="three"),
    pytest.param({"players": 6}, id="six"),
    pytest.param({"players": 6, "sides": 3}, id="six-in-three-sides"),
]
WIDTHS = {(2, 2): 294, (3, 3): 393, (4, 2): 386, (6, 2): 478, (6, 3): 531}


def load(size: dict, **params) -> pyspiel.Game:
    return pyspiel.load_game("canasta", {"max_rounds": 1, **size, **params})


def shares(scores, rules) -> list[float]:
    """Each seat's expected share of per-side values, written out: two sides own minus other, three sides own
    minus the mean of the other two."""
    n = len(scores)
    side = [scores[s] - (sum(scores) - scores[s]) / (n - 1) for s in range(n)]
    return [side[rules.seat_side[p]] for p in range(rules.players)]


@pytest.mark.parametrize("size", SIZES)
def test_every_size_loads_with_its_table_its_layout_and_its_game_string(size):
    game = load(size)
    cfg = game.config
    rules = canasta.Rules(max_rounds=1, **size)
    width = WIDTHS[rules.players, rules.sides]
    assert cfg.rules == rules and game.num_players() == rules.players
    assert game.observation_tensor_size() == game.information_state_tensor_size() == width
    assert canasta.layout_of(rules).size == width
    t = game.get_type()
    assert (t.min_num_players, t.max_num_players) == (2, 6) and t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game(str(game)).config == cfg  # as deserialisation reads it back
    assert fo.load_game("canasta", rules).config == cfg  # the Rules object's size travels as parameters
    assert "players" not in fo.params.rules_parameter(rules)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("reward", ["terminal", "round"])
def test_openspiels_random_simulation_test_at_every_size(size, reward):
    # OpenSpiel's own: legal actions, clone, serialise/deserialise, every player's observations at every step,
    # rewards adding up to returns, zero-sum, the bounds of utility and length.
    pyspiel.random_sim_test(load(size, reward=reward), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("size", SIZES)
def test_serialise_clone_and_replay_give_the_same_game(size):
    game = load(size, reward="round")
    state = play(dealt(game), 50)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    again, twin = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(twin) == str(state) and again.config == game.config
    replay = game.new_initial_state()
    for a in state.history():
        replay.apply_action(a)
    assert str(replay) == str(state)
    clone = state.clone()
    play(copy, 3000, seed=9)
    play(clone, 3000, seed=9)
    assert copy.is_terminal() and str(copy) == str(clone) and copy.returns() == clone.returns()
    assert str(state) == str(replay)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("reward, mode", [("round", "round"), ("terminal", "win")])
def test_observations_legal_actions_and_returns_are_the_envs(size, reward, mode):
    game = load(size, reward=reward)
    rules = game.config.rules
    state = dealt(game, 4)
    env = canasta.raw_env(rules=rules, reward_mode=mode, reward_scale=1.0)
    env.reset(options={"scenario": state.engine_game.to_scenario()})
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    steps = 0
    while not state.is_terminal():
        p = state.current_player()
        assert env.agent_selection == f"player_{p}"
        seen = env.observe(f"player_{p}")
        assert np.asarray(state.observation_tensor(p), np.float32).tobytes() == seen["observation"].tobytes()
        assert state.information_state_tensor(p) == state.observation_tensor(p)
        legal = state.legal_actions()
        assert legal == np.flatnonzero(seen["action_mask"]).tolist() == sorted(state.engine_game.legal_actions())
        for other in range(rules.players):  # the others have no legal actions, but their own observation
            if other != p:
                assert state.legal_actions(other) == []
                assert state.observation_tensor(other) == canasta.encode(state.view(other)).tolist()
        a = int(rng.choice(legal))
        state.apply_action(a)
        env.step(a)
        for agent, r in env.rewards.items():
            totals[agent] += r
        steps += 1
    assert steps > 20 and all(env.terminations.values())
    returns = state.returns()
    assert returns == pytest.approx([totals[f"player_{s}"] for s in range(rules.players)])
    assert sum(returns) == pytest.approx(0.0, abs=1e-9) and any(returns)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("reward", ["round", "terminal"])
def test_returns_are_each_sides_zero_sum_share(size, reward):
    state = dealt(load(size, reward=reward, max_rounds=2), 1)
    rules = state.engine_game.rules
    bots = [canasta.make_bot("greedy", s, rules=rules) for s in range(rules.players)]
    total = np.zeros(rules.players)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(int(bots[p].act(state.view(p))))
        total += state.rewards()
    scores = state.engine_game.scores
    assert len(scores) == rules.sides and state.returns() == pytest.approx(list(total))
    if reward == "round":
        expect = shares(scores, rules)
    else:
        best = max(scores)
        expect = shares([1.0 if s == best else 0.0 for s in scores], rules)
        if rules.sides == 3 and scores.count(best) == 1:  # the winner +1, the others -1/2 each
            assert sorted(set(expect)) == [-0.5, 1.0]
    assert state.returns() == pytest.approx(expect)
    assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
    assert all(abs(x) <= state.get_game().max_utility() for x in state.returns())


@pytest.mark.parametrize("size", SIZES)
def test_the_house_bots_play_every_size_to_the_end(size):
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = load(size)
    n = game.num_players()
    bots = [fo.HouseBot(game, "expert" if p % 2 else "greedy", p) for p in range(n)]
    returns = evaluate_bots(dealt(game, 2), bots, np.random.RandomState(0))
    assert len(returns) == n and sum(returns) == pytest.approx(0.0, abs=1e-9) and any(returns)
    state = play(dealt(game), 12)
    assert fo.PIMCBot(game, determinizations=1, seed=4).step(state) in state.legal_actions()
    assert fo.ismcts_bot(game, simulations=4, seed=1).step(state) in state.legal_actions()


def test_a_bot_that_cannot_play_the_size_is_refused_by_make_bots_message():
    with pytest.raises(ValueError, match="Canasta's learned bots play .*3-player Canasta has no learned bot yet"):
        fo.HouseBot(load({"players": 3}), "learned")
    for params in ({}, {"players": 2}):  # four and two players: each plays its own size's shipped policy
        assert isinstance(fo.HouseBot(load(params), "learned"), fo.HouseBot)


def test_the_bounds_follow_the_deck_of_the_size():
    six = load({"players": 6}, reward="round")
    d = 162  # three decks (rule 14.2)
    assert six.max_game_length() == (2 * d + 1) * (d + 3)
    assert load({"players": 2}).max_game_length() == load({}).max_game_length() == (2 * 108 + 1) * (108 + 3)
    assert six.max_utility() == -six.min_utility() == fo.round_bound(six.config)
    three_rounds = load({"players": 6, "sides": 3}, reward="round", max_rounds=3)
    assert three_rounds.max_utility() == 3 * fo.round_bound(six.config)
    # all six red threes on one side (rule 14.6) are in the bound; all four of two decks are not at six players
    more = load({"players": 6}, reward="round", rules="six_red_threes_bonus:2200")
    assert fo.round_bound(more.config) == fo.round_bound(six.config) + 1000
    assert fo.round_bound(load({"players": 6}, rules="all_red_threes_bonus:9000").config) == fo.round_bound(six.config)
    for size in ({"players": 2}, {"players": 3}, {"players": 6}, {"players": 6, "sides": 3}):
        assert load(size).max_utility() == 1.0 == -load(size).min_utility()


@pytest.mark.parametrize("params, message", [
    ({"players": 5}, r"players must be 2, 3, 4 or 6 \(CANASTA_RULES.md rule 14.1\), got 5"),
    ({"players": 3, "sides": 2}, r"sides must be 3 for 3 players \(rule 14.1: three sides of one"),
    ({"players": 2, "sides": 3}, r"sides must be 2 for 2 players \(rule 14.1: two sides of one\), got 3"),
    ({"players": 6, "sides": 6}, r"sides must be 2 or 3 for 6 players .*got 6"),
    ({"sides": -1}, r"sides must be 2 for 4 players .*got -1"),
    ({"players": 6, "rules": "decks:2;hand_size:15"}, r"a deal of 15 cards to each of 6 players \(90 cards\) does not"),
    ({"rules": "players:6"}, r"the table's size is the players and sides parameters .*it names players"),
    ({"players": 6, "rules": "sides:3"}, r"not the rules parameter \(it names sides\)"),
])
def test_bad_sizes_are_refused_with_the_rules_messages(params, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game("canasta", params)


def test_load_game_refuses_a_size_that_contradicts_its_rules():
    with pytest.raises(ValueError, match=r"load_game: the parameters give \{'players': 2\}, the rules \{'players': 6"):
        fo.load_game("canasta", canasta.Rules(players=6, sides=3), players=2, sides=0)
    assert fo.load_game("canasta", canasta.Rules(players=6, sides=3), max_rounds=1).config.rules.sides == 3


@pytest.mark.parametrize("size", SIZES)
def test_shuffling_hidden_cards_changes_nothing_a_seat_is_shown_at_every_size(size):
    from tests.openspiel.test_openspiel_hidden import _public, _seen, permute_canasta

    game = load(size)
    public = _public(game)
    rng = random.Random(0)
    changed = 0
    for deal, steps in ((1, 0), (2, 30), (3, 80)):
        state = play(dealt(game, deal), steps, seed=deal)
        for seat in range(game.num_players()):
            spec = permute_canasta(state.engine_game.to_scenario(), seat, rng)
            other = state.start_from(canasta.load_scenario(spec, seed=1))
            changed += str(other) != str(state)
            assert _seen(other, seat, public) == _seen(state, seat, public), (seat, state.history())
    assert changed >= 2 * game.num_players()  # the shuffles did move hidden cards
