"""The batched trainer at a table size (``--game canasta --players 2``): every size-dependent number comes from the
rules. A tiny two-player run (BC from the two-player expert, PPO, export) whose policy file records its table,
plays a two-player game through ``make_bot("policy:PATH", rules=...)`` and is refused at four players; its resume
keeps the size; sizes a game does not have are refused by name. In this process, one core, tiny networks.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.policyfile import load_policy
from training.selfplay_ppo import main
from training.train_common import eval_vs
from training.trainer_state import load_checkpoint

TWO = canasta.Rules(players=2)

TINY = ["--game", "canasta", "--players", "2", "--bc-games", "2", "--bc-workers", "1", "--bc-epochs", "1",
        "--bc-batch", "32", "--num-games", "4", "--rollout-len", "16", "--num-minibatches", "2", "--hidden", "16",
        "--critic-hidden", "8", "--critic-warmup", "1", "--rounds", "1", "--rollout-workers", "0",
        "--eval-background", "false", "--eval-every", "0", "--final-eval-deals", "0", "--checkpoint-every", "1",
        "--progress", "false"]


@pytest.fixture(scope="module")
def two_player_run(tmp_path_factory) -> str:
    """A two-player run of 2 updates (64 decisions each): its folder."""
    out = tmp_path_factory.mktemp("runs")
    summary = main([*TINY, "--total-steps", "128", "--out-dir", str(out)])
    return os.path.join(str(out), summary["run"])


def play_one_round(bot_name: str) -> list[int]:
    """A one-round two-player game of ``bot_name`` against greedy; its scores."""
    rules = canasta.Rules(players=2, max_rounds=1)
    bots = [canasta.make_bot(bot_name, 0, rules=rules), canasta.make_bot("greedy", 1, rules=rules)]
    g = canasta.new_game(3, rules)
    while not g.is_over:
        g.step(bots[g.current_player].act(g.view(g.current_player)))
    return list(g.scores)


def test_a_two_player_run_exports_a_two_player_policy(two_player_run):
    path = os.path.join(two_player_run, "final.npz")
    pol = load_policy(path, "canasta")
    width = canasta.layout_of(TWO).size
    assert width != canasta.OBS_SIZE  # the two-player observation is narrower than the four-player one
    assert pol.meta["arch"]["layers"] == [width, 16, canasta.NUM_ACTIONS] and pol.meta["obs_size"] == width
    assert canasta.Rules.from_dict(pol.meta["rules"]) == TWO  # trained on one-round games, played whole
    assert pol.meta["training"]["args"]["players"] == 2
    assert len(play_one_round(f"policy:{path}")) == 2
    assert eval_vs(path, "greedy", 1, 0)["games"] == 2  # the trainer's evaluations: whole two-player games
    with pytest.raises(ValueError, match="made for two players"):
        canasta.make_bot(f"policy:{path}", rules=canasta.Rules())
    # The BC warm start is the two-player expert's clone, of the same width.
    assert load_policy(os.path.join(two_player_run, "bc.npz")).weights[0].shape[0] == width


def test_a_resumed_two_player_run_keeps_its_size(two_player_run):
    ckpt = os.path.join(two_player_run, "last.ckpt.npz")
    arrays, meta = load_checkpoint(ckpt)
    width, hidden = canasta.layout_of(TWO).size, canasta.hidden_cards_size(TWO)
    assert meta["args"]["players"] == 2 and meta["obs_size"] == width
    assert arrays["actor/0.weight"].shape[1] == width and arrays["critic/0.weight"].shape[1] == width + hidden
    summary = main(["--resume", ckpt, "--total-steps", "192", "--progress", "false"])
    assert summary["args"]["players"] == 2 and summary["progress"]["ppo_steps"] == 192
    _, meta2 = load_checkpoint(ckpt)
    assert meta2["update"] == 3 and meta2["args"]["players"] == 2
    assert canasta.Rules.from_dict(load_policy(os.path.join(two_player_run, "final.npz")).meta["rules"]) == TWO
    with pytest.raises(SystemExit, match="--players is 2 in the checkpoint and 4 here"):
        main(["--resume", ckpt, "--players", "4", "--progress", "false"])


@pytest.mark.parametrize("argv, message", [
    (["--game", "footcanasta", "--players", "2"], "Foot Canasta is played at one table size only"),
    (["--game", "canasta", "--players", "5"], "players must be 2, 3, 4 or 6"),
    (["--game", "canasta", "--players", "4", "--sides", "3"], "sides must be 2 for 4 players"),
    (["--game", "canasta", "--players", "-2"], "--players must be 0"),
])
def test_sizes_a_game_does_not_have_are_refused(tmp_path, argv, message):
    with pytest.raises(SystemExit, match=message):
        main([*argv, "--out-dir", str(tmp_path), "--progress", "false"])
    assert not os.listdir(tmp_path)  # refused before the run's folder is made


def test_expert_data_of_another_size_is_refused(tmp_path):
    cache = tmp_path / "four.npz"
    n = canasta.OBS_SIZE
    np.savez(cache, obs=np.zeros((4, n), np.float16), mask=np.zeros((4, 11), np.uint8), action=np.zeros(4, np.int16))
    with pytest.raises(SystemExit, match="recorded at another table size"):
        main([*TINY, "--bc-data", str(cache), "--total-steps", "0", "--out-dir", str(tmp_path / "runs")])


def test_a_fixed_opponent_of_another_size_is_refused():
    from training.opponent_league import OpponentLeague

    four = os.path.join(os.path.dirname(canasta.__file__), "data", "learned.npz")  # the shipped four-player file
    with pytest.raises(ValueError, match="reads 386 features, the training table 294: it plays another table size"):
        OpponentLeague(canasta, np.random.default_rng(0), 0.5, 0.0, 2, [four], 0.5, TWO)
    league = OpponentLeague(canasta, np.random.default_rng(0), 0.5, 0.0, 2, [four], 0.5, canasta.Rules())
    assert league.bots["expert"] is not None and len(league.fixed) == 1
