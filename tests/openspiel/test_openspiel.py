"""The house's games as registered OpenSpiel games: OpenSpiel's own checks (random simulation with serialisation,
clone, chance outcomes), the bounds of ``GameInfo``, action names, rewards, refusals, observers, resampling and
the bots both ways. Skipped where the ``openspiel`` extra (``open_spiel``) is not installed."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
fo = pytest.importorskip("footcanasta_env.openspiel")

from footcanasta_env.games import get_game  # noqa: E402
from footcanasta_env.seeds import deal_seed  # noqa: E402
from tests.helpers.spiel_states import dealt, play  # noqa: E402

SMALL = {"footcanasta": {"rounds": 1}, "canasta": {"max_rounds": 1}}
CAP = {"footcanasta": "rounds", "canasta": "max_rounds"}


def load(name: str, **params) -> pyspiel.Game:
    return pyspiel.load_game(name, {**SMALL[name], **params})


def test_both_games_are_registered_with_their_type():
    assert {"footcanasta", "canasta"} <= set(pyspiel.registered_names())
    for name in ("footcanasta", "canasta"):
        t = pyspiel.load_game(name).get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert t.provides_information_state_tensor and t.provides_observation_tensor


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
@pytest.mark.parametrize("reward", ["terminal", "round"])
def test_openspiels_random_simulation_test_with_serialisation(name, reward):
    # OpenSpiel's own: legal actions sorted and empty for others, clone, serialise/deserialise, observations
    # of every player at every step, rewards adding up to returns, zero-sum, bounds of utility and length.
    pyspiel.random_sim_test(load(name, reward=reward), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", ["footcanasta(reward=round)", "canasta(reward=round,max_rounds=4)"])
def test_openspiels_random_simulation_test_over_several_rounds(spec):
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_the_deal_is_the_one_chance_node_and_its_outcomes_sum_to_one(name):
    game = load(name, seed=7)
    root = game.new_initial_state()
    assert root.is_chance_node()
    outcomes = root.chance_outcomes()
    assert len(outcomes) == fo.NUM_DEALS == game.max_chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
    assert [a for a, _ in outcomes] == root.legal_actions()
    state = dealt(game, 5)
    assert not state.is_chance_node() and state.current_player() in range(4)
    module = get_game(name)
    same = module.new_game(deal_seed(7, 5), game.config.rules)  # deal k is the duplicate matches' deal k
    assert state.engine_game.to_scenario() == same.to_scenario()
    assert str(dealt(game, 6)) != str(state)
    with pytest.raises(pyspiel.SpielError):
        root.apply_action(fo.NUM_DEALS)


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_game_info_holds_the_true_bounds(name):
    module = get_game(name)
    game = load(name, reward="round")
    cfg = game.config
    d = 270 if name == "footcanasta" else 108
    assert game.num_distinct_actions() == module.NUM_ACTIONS
    assert game.num_players() == 4 and game.utility_sum() == 0.0
    assert game.max_game_length() == (2 * d + 1) * (d + 3)
    assert game.max_utility() == -game.min_utility() == fo.round_bound(cfg)
    assert load(name).max_utility() == 1.0
    assert load(name, **{CAP[name]: 2}).max_game_length() == 2 * game.max_game_length()
    # the bound is far above what bots score in a round
    bots = [module.make_bot("expert", s) for s in range(4)]
    for k in range(2):
        state = dealt(game, k)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(int(bots[p].act(state.view(p))))
        assert abs(state.returns()[0]) < fo.round_bound(cfg) / 3


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_action_strings_are_the_canonical_names(name):
    module = get_game(name)
    state = play(dealt(load(name)), 40)
    p = state.current_player()
    for a in range(module.NUM_ACTIONS):
        assert state.action_to_string(p, a) == module.action_name(a)
    assert dealt(load(name)).history_str() == "3"
    assert load(name).new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 9) == "deal 9"


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_serialise_clone_and_replay_give_the_same_game(name):
    game = load(name, reward="round")
    state = play(dealt(game), 60)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    again, twin = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(twin) == str(state) and str(again) == str(game)
    replay = game.new_initial_state()
    for a in state.history():
        replay.apply_action(a)
    assert str(replay) == str(state)
    clone = state.clone()
    play(copy, 400, seed=9)
    play(clone, 400, seed=9)
    assert str(copy) == str(clone) and copy.returns() == clone.returns()
    assert str(state) == str(replay)  # playing the copies changed nothing here


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_rewards_per_round_and_at_the_end(name):
    module = get_game(name)
    bots = [module.make_bot("greedy", s) for s in range(4)]
    for reward in ("round", "terminal"):
        state = dealt(load(name, reward=reward, **{CAP[name]: 2}), 1)
        total = np.zeros(4)
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(int(bots[p].act(state.view(p))))
            total += state.rewards()
        a, b = state.engine_game.scores
        assert list(total) == state.returns()
        expect = a - b if reward == "round" else np.sign(a - b)
        assert state.returns() == [expect, -expect, expect, -expect]


def test_bad_parameters_are_refused_with_the_rules_messages():
    with pytest.raises(ValueError, match=r"sides must be 2 for 4 players \(rule 14.1: two partnerships of two"):
        pyspiel.load_game("canasta", {"sides": 3})  # every size plays (tests/openspiel/test_openspiel_sizes.py)
    with pytest.raises(ValueError, match="players must be 2, 3, 4 or 6"):
        pyspiel.load_game("canasta", {"players": 5})
    with pytest.raises(ValueError, match="rounds must be 1 to 4, got 5"):
        pyspiel.load_game("footcanasta", {"rounds": 5})
    with pytest.raises(ValueError, match="rules: decks must be at least 1, got 0"):
        pyspiel.load_game("footcanasta", {"rules": "decks:0"})
    with pytest.raises(ValueError, match="rounds must be 1 to 2, got 4"):
        pyspiel.load_game("footcanasta", {"rules": "initial_minimums:50/90"})
    with pytest.raises(ValueError, match="the rules parameter is field:value pairs"):
        pyspiel.load_game("canasta", {"rules": '{"target": 3000}'})
    with pytest.raises(ValueError, match="max_rounds must be at least 1"):
        pyspiel.load_game("canasta", {"max_rounds": 0})
    with pytest.raises(ValueError, match="unknown field"):
        pyspiel.load_game("canasta", {"rules": "targt:3000"})
    with pytest.raises(ValueError, match="reward must be one of terminal, round"):
        pyspiel.load_game("canasta", {"reward": "win"})
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        pyspiel.load_game("canasta", {"seed": -1})
    assert pyspiel.load_game("footcanasta", {"rules": "decks:4", "rounds": 2}).config.rules.decks == 4


@pytest.mark.parametrize("name, text, params", [
    ("footcanasta", "decks:4;hand_size:11;foot_size:11;initial_minimums:50/90;partner_in_foot:false", {"rounds": 2}),
    ("footcanasta", "initial_minimums:70", {"rounds": 1}),
    ("canasta", "target:3000;minimums:0/50/90/120;going_out_bonus:0", {}),
])
def test_rules_travel_in_the_game_string_through_serialisation(name, text, params):
    game = load(name, rules=text, **params)
    cfg = game.config
    assert cfg.rules.changes()  # the text changed the rules
    assert fo.params.parse_rules(fo.params.rules_parameter(cfg.rules)) == {
        k: list(v) if isinstance(v, tuple) else v for k, v in cfg.rules.changes().items()}
    again = pyspiel.load_game(str(game))  # OpenSpiel reads the game's string back, as deserialisation does
    assert again.config == cfg
    assert fo.load_game(name, cfg.rules, **params).config == cfg
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_an_illegal_action_raises_spielerror_with_the_engines_message(name):
    state = dealt(load(name))
    module_game = state.engine_game
    illegal = next(a for a in range(get_game(name).NUM_ACTIONS) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(pyspiel.SpielError) as e:
        state.apply_action(illegal)
    with pytest.raises(ValueError) as engine:
        module_game.clone().step(illegal)
    assert isinstance(e.value, ValueError) and str(e.value) == str(engine.value)
    assert module_game.why_illegal(illegal) in str(e.value)
    assert str(state) == before and state.history() == [3]


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_observers_are_the_encoder_and_the_view(name):
    from open_spiel.python.observation import make_observation

    module = get_game(name)
    game = load(name)
    state = play(dealt(game), 30)
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    for p in range(4):
        view = state.view(p)
        assert np.array_equal(state.information_state_tensor(p), module.encode(view))
        assert np.array_equal(state.observation_tensor(p), module.encode(view))
        assert state.information_state_string(p) == state.observation_string(p)
        assert f"hand={view.hand.tolist()}" in state.information_state_string(p)
        public.set_from(state, p)
        assert np.array_equal(public.tensor, module.encode(fo.observer.public_view(view)))
        assert "hand=[0, 0" in public.string_from(state, p)
    root = game.new_initial_state()
    assert not any(root.information_state_tensor(0))
    with pytest.raises(ValueError, match="observes the public view"):
        make_observation(game, pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_resampling_keeps_the_information_state_and_deals_the_hidden_cards_anew(name):
    state = play(dealt(load(name)), 25)
    rng = np.random.default_rng(0)
    seen = set()
    for p in range(4):
        for _ in range(3):
            world = state.resample_from_infostate(p, rng.random)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert np.array_equal(world.information_state_tensor(p), state.information_state_tensor(p))
            if p == state.current_player():  # another seat's legal actions come from its hidden hand
                assert world.legal_actions() == state.legal_actions()
            seen.add(str(world))
    assert len(seen) == 12 and str(state) not in seen
    world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    play(world, 5000)
    assert world.is_terminal() and sum(world.returns()) == 0


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_house_bots_play_openspiel_states_and_ismcts_plays_at_the_house(name):
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = load(name)
    bots = [fo.HouseBot(game, "greedy" if p % 2 else "expert", p) for p in range(4)]
    returns = evaluate_bots(dealt(game, 2), bots, np.random.RandomState(0))
    assert len(returns) == 4 and sum(returns) == 0
    ismcts = fo.ismcts_bot(game, simulations=8, seed=1)
    state = play(dealt(game), 12)
    assert ismcts.step(state) in state.legal_actions()
    player = fo.SpielPlayer(game, fo.ismcts_bot(game, simulations=8, seed=2), seed=3, name="ismcts")
    view = state.view(state.current_player())
    assert player.act(view) in view.legal_actions


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_pimc_values_every_legal_action_on_resampled_worlds(name):
    game = load(name)
    state = play(dealt(game), 12)
    bot = fo.PIMCBot(game, determinizations=2, seed=4)
    values = bot.action_values(state)
    assert sorted(values) == state.legal_actions()
    assert all(abs(v) <= game.max_utility() for v in values.values())
    assert fo.PIMCBot(game, determinizations=2, seed=4).step(state) == fo.PIMCBot(game, 2, seed=4).step(state)
    assert str(state) == str(play(dealt(game), 12))  # searching left the state as it was


def test_a_game_object_of_another_kind_is_refused_by_the_bots():
    with pytest.raises(ValueError, match="not a game of footcanasta_env.openspiel"):
        fo.HouseBot(pyspiel.load_game("kuhn_poker"), "random")


@pytest.mark.parametrize("name", ["footcanasta", "canasta"])
def test_openspiels_rl_environment_plays_an_episode(name):
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load(name, reward="round"), seed=3)
    step = env.reset()
    rng = np.random.default_rng(0)
    total = np.zeros(4)
    while not step.last():
        p = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][p]))])
        total += step.rewards
    assert len(step.observations["info_state"][0]) == get_game(name).OBS_SIZE
    assert list(total) == env.get_state.returns() and total[0] == -total[1] != 0
