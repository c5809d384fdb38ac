"""Canasta's one-seat gymnasium env: env checkers, registration, masks, exact reward accounting, opponents,
illegal actions, scenarios, and MaskablePPO plugged in unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

from footcanasta_env import canasta
from footcanasta_env.canasta.envs.one_seat import CanastaGymEnv
from tests.helpers.canasta_oracle import scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("seats", [0, (1, 3)])
def test_gymnasium_and_sb3_env_checkers(seats):
    check_env(CanastaGymEnv(learner_seats=seats, max_rounds=1))
    sb3_check_env(CanastaGymEnv(learner_seats=seats, max_rounds=1))


def test_registered_with_gymnasium_and_on_the_face():
    assert canasta.GymEnv is canasta.CanastaGymEnv is CanastaGymEnv
    e = gymnasium.make("footcanasta/Canasta-v0", learner_seats=(0, 2), max_rounds=1)
    assert isinstance(e.unwrapped, CanastaGymEnv) and e.unwrapped.learner_seats == (0, 2)
    obs, _ = e.reset(seed=3)
    assert e.observation_space.contains(obs)


def test_gymnasium_registration_in_a_fresh_interpreter():
    script = ("import footcanasta_env, sys\nassert 'gymnasium' not in sys.modules\nimport gymnasium\n"
              "gymnasium.make('footcanasta/Canasta-v0', max_rounds=1).reset(seed=0)\n")
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr


def _run_episode(env, seed, rng, per_step=None):
    obs, info = env.reset(seed=seed)
    total = 0.0
    steps = 0
    while True:
        mask = env.action_masks()
        game = env.game
        assert game.current_player in env.learner_seats
        assert (mask == game.legal_mask().astype(bool)).all()
        assert (info["action_mask"] == mask).all()
        assert obs.tobytes() == canasta.encode(game.view(game.current_player)).tobytes()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, term, trunc, info = env.step(action)
        assert obs.shape == (canasta.OBS_SIZE,) and env.observation_space.contains(obs)
        if per_step:
            per_step(reward)
        total += reward
        steps += 1
        if term or trunc:
            return total, steps, term, trunc


@pytest.mark.parametrize("seats", [(0,), (1,), (0, 2), (1, 3)])
def test_rewards_add_up_to_the_partnership_total(seats):
    env = CanastaGymEnv(learner_seats=seats, max_rounds=2)
    rng = np.random.default_rng(0)
    team = seats[0] % 2
    for seed in range(2):
        total, steps, term, _ = _run_episode(env, seed, rng)
        game = env.game
        assert term and game.is_over and steps > 30
        expected = sum((r["scores"][team] - r["scores"][1 - team]) * 0.001 for r in game.round_results)
        assert total == pytest.approx(expected, abs=1e-9)


def test_win_mode_reward_once_at_the_end():
    env = CanastaGymEnv(learner_seats=2, max_rounds=1, reward_mode="win")
    rewards = []
    total, _, term, _ = _run_episode(env, 3, np.random.default_rng(3), rewards.append)
    s = env.game.scores
    assert term and total == float(np.sign(s[0] - s[1]))
    assert sum(1 for r in rewards if r) <= 1 and rewards[-1] == total


def test_reset_seed_is_deterministic_and_deals_vary():
    env = CanastaGymEnv(learner_seats=1)
    a, _ = env.reset(seed=42)
    b, _ = env.reset(seed=42)
    c, _ = env.reset(seed=43)
    assert a.tobytes() == b.tobytes() != c.tobytes()


class FirstLegal:
    def act(self, view):
        return view.legal_actions[0]


def test_opponents_as_bots_callables_and_mapping():
    calls = []

    def last_legal(view):
        calls.append(view.seat)
        return view.legal_actions[-1]

    for opponents in (FirstLegal(), last_legal, {1: None, 2: last_legal, 3: FirstLegal()}, [last_legal, None, None]):
        env = CanastaGymEnv(learner_seats=0, opponents=opponents, max_rounds=1, opponent_seed=5)
        _run_episode(env, 0, np.random.default_rng(0))
    assert set(calls) == {1, 2, 3}
    with pytest.raises(ValueError, match="opponent"):
        CanastaGymEnv(opponents={1: FirstLegal()})
    with pytest.raises(ValueError, match="opponents"):
        CanastaGymEnv(opponents=[last_legal])
    with pytest.raises(ValueError, match="opponent"):
        CanastaGymEnv(opponents=3)
    with pytest.raises(ValueError, match="learner_seats"):
        CanastaGymEnv(learner_seats=(0, 1))


def test_opponents_by_name_use_the_canasta_bots():
    if getattr(canasta, "make_bot", None) is None:
        with pytest.raises(ValueError, match="make_bot"):
            CanastaGymEnv(opponents="random")
    else:
        env = CanastaGymEnv(learner_seats=0, opponents="random", max_rounds=1, opponent_seed=1)
        _run_episode(env, 0, np.random.default_rng(0))


@pytest.mark.parametrize("kwargs, option", [
    ({"render_seat": 7}, "render_seat"), ({"reward_mode": "score"}, "reward_mode"),
    ({"max_actions": 0}, "max_actions"), ({"render_mode": "rgb"}, "render_mode"), ({"max_rounds": 0}, "max_rounds"),
])
def test_bad_constructor_options_are_refused_by_name(kwargs, option):
    with pytest.raises(ValueError, match=option):
        CanastaGymEnv(**kwargs)


def test_opponent_illegal_action_raises():
    env = CanastaGymEnv(learner_seats=0, opponents=lambda view: canasta.action_id("laydown"))
    env.reset(seed=0)
    with pytest.raises(canasta.IllegalActionError, match="seat 1"):
        for _ in range(50):
            env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_illegal_learner_action_ends_the_episode():
    env = CanastaGymEnv(learner_seats=0)
    env.reset(seed=0)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, term, trunc, info = env.step(bad)
    assert term and not trunc and reward == -1.0
    assert "rule" in info["reason"] and info["illegal_action"] == canasta.action_name(bad)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_truncation_and_scenario_reset():
    env = CanastaGymEnv(learner_seats=0, max_actions=30)
    _, steps, term, trunc = _run_episode(env, 0, np.random.default_rng(0))
    assert trunc and not term and steps <= 30
    spec = scenario(["K K 9 8 7", "5 6 Q", "7 8 J", "4 10 J"], pile="4 9 K", melds0=["A A A"], stock="4 5 6 7")
    env = CanastaGymEnv(learner_seats=0)
    obs, info = env.reset(seed=0, options={"scenario": spec})
    assert info["action_mask"][canasta.action_id("pickup")]
    env2 = CanastaGymEnv(learner_seats=2)
    env2.reset(seed=0, options={"scenario": spec})  # South and West play first, as opponents
    assert env2.game.current_player == 2


def test_render_text():
    env = CanastaGymEnv(learner_seats=3, render_mode="ansi")
    env.reset(seed=0)
    assert "Your hand (East)" in env.render()


def test_maskable_ppo_runs_end_to_end():
    from sb3_contrib import MaskablePPO

    env = CanastaGymEnv(learner_seats=(0, 2), max_rounds=1)
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, verbose=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu")
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
    assert model.num_timesteps >= 256  # it learned; how fast is a benchmark's question, not a test's
