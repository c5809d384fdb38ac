"""MaskablePPO, DAgger and the sb3 export at Canasta's other table sizes (``--players``/``--sides``).

Tiny runs in this process (one core, networks of 16): a two-player (and a three-player) MaskablePPO run and a
two-player DAgger run train on that size's observation and games, and their policy files record the size:
``make_bot("policy:PATH", rules=Rules(players=2))`` plays them and the four-player table refuses them. The sb3
export of a saved two-player model is the run's own policy at two players and refused at four. Sizes a game does
not have are refused by every script, by name, before a run folder is made. (RLlib: test_rllib_sizes.py.)
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.policyfile import load_policy
from training import dagger, export_sb3, maskable_ppo, rllib_ppo

TWO, THREE = canasta.Rules(players=2), canasta.Rules(players=3)
SHIPPED_FOUR = os.path.join(os.path.dirname(canasta.__file__), "data", "learned.npz")  # the four-player learned

MASKABLE = ["--game", "canasta", "--total-steps", "64", "--num-envs", "1", "--n-steps", "64", "--batch-size", "32",
            "--n-epochs", "1", "--hidden", "16", "--snapshot-every", "32", "--p-snapshot", "0.5", "--eval-every",
            "0", "--pool", "random,greedy", "--rounds", "1", "--progress", "false"]


def play_one_round(path: str, rules) -> list[int]:
    """A one-round game at the table of ``rules``: the policy file in seat 0, greedy elsewhere; its scores."""
    capped = canasta.Rules.from_dict({**rules.to_dict(), "max_rounds": 1})
    seats = canasta.geometry(rules).seats
    bots = [canasta.make_bot(f"policy:{path}", 0, rules=capped)]
    bots += [canasta.make_bot("greedy", s, rules=capped) for s in range(1, seats)]
    g = canasta.new_game(3, capped)
    while not g.is_over:
        a = bots[g.current_player].act(g.view(g.current_player))
        assert a in g.legal_actions()
        g.step(a)
    return list(g.scores)


def assert_plays_at_its_size_only(path: str, rules, words: str) -> None:
    """The policy file records ``rules``, reads that size's observation, plays a game there and is refused at
    four players (``words``: the size as the refusal names it)."""
    pol = load_policy(path, "canasta")
    width = canasta.layout_of(rules).size
    assert canasta.Rules.from_dict(pol.meta["rules"]) == rules
    assert pol.meta["obs_size"] == width == pol.weights[0].shape[0] != canasta.OBS_SIZE
    assert len(play_one_round(path, rules)) == canasta.geometry(rules).num_sides
    with pytest.raises(ValueError, match=f"made for {words}"):
        canasta.make_bot(f"policy:{path}", rules=canasta.Rules())


@pytest.fixture(scope="module")
def two_player_maskable(tmp_path_factory) -> dict:
    """A two-player MaskablePPO run of 64 steps with one-deal evaluations: its summary."""
    out = tmp_path_factory.mktemp("maskable")
    return maskable_ppo.main([*MASKABLE, "--players", "2", "--eval-deals", "1", "--out-dir", str(out)])


def test_maskable_ppo_at_two_players_exports_a_two_player_policy(two_player_maskable):
    summary = two_player_maskable
    assert summary["steps"] == 64 and summary["args"]["players"] == 2
    assert summary["curve"][-1]["random"]["games"] == 2  # whole two-player games, both seatings of the deal
    assert_plays_at_its_size_only(summary["policy"], TWO, "two players")
    snapshots = [f for f in os.listdir(os.path.dirname(summary["policy"])) if f.startswith("snapshot_")]
    assert snapshots  # the league's snapshots are two-player files too
    assert_plays_at_its_size_only(os.path.join(os.path.dirname(summary["policy"]), snapshots[0]), TWO, "two players")


def test_the_sb3_export_of_a_two_player_model_records_its_size(two_player_maskable, tmp_path):
    model = os.path.join(os.path.dirname(two_player_maskable["policy"]), "model.zip")
    out = str(tmp_path / "two.npz")
    meta = export_sb3.main(["--model", model, "--out", out, "--game", "canasta", "--players", "2"])
    assert meta["arch"]["layers"][0] == canasta.layout_of(TWO).size
    assert_plays_at_its_size_only(out, TWO, "two players")
    final = load_policy(two_player_maskable["policy"])
    for a, b in zip(load_policy(out).weights, final.weights, strict=True):
        np.testing.assert_array_equal(a, b)  # the export is the run's own policy
    with pytest.raises(SystemExit, match=r"a Box of shape \(294,\), not the env's Box of shape \(386,\)"):
        export_sb3.main(["--model", model, "--out", str(tmp_path / "four.npz"), "--game", "canasta"])
    assert not os.path.exists(tmp_path / "four.npz")


def test_maskable_ppo_at_three_players(tmp_path):
    summary = maskable_ppo.main([*MASKABLE, "--players", "3", "--eval-deals", "0", "--out-dir", str(tmp_path)])
    assert summary["steps"] == 64 and summary["curve"] == []
    assert_plays_at_its_size_only(summary["policy"], THREE, "three players")


def test_maskable_ppo_refuses_an_initial_policy_of_another_size(tmp_path):
    with pytest.raises(SystemExit, match="--init-policy: .*made for four players"):
        maskable_ppo.main([*MASKABLE, "--players", "2", "--init-policy", SHIPPED_FOUR, "--out-dir", str(tmp_path)])
    assert not os.listdir(tmp_path)


def test_dagger_at_two_players_labels_two_player_games_and_exports_their_policy(tmp_path):
    export = tmp_path / "dagger.npz"
    summary = dagger.main(["--game", "canasta", "--players", "2", "--hidden", "16", "--bc-games", "2", "--bc-data",
                           str(tmp_path / "bc.npz"), "--rounds", "1", "--iterations", "1", "--decisions", "100",
                           "--num-games", "4", "--workers", "1", "--bc-batch", "64", "--eval-deals", "1",
                           "--out-dir", str(tmp_path / "runs"), "--export", str(export)])
    (it,) = summary["iterations"]
    assert it["new"] > 0 and it["expert"]["games"] == 2 and summary["args"]["players"] == 2
    with np.load(tmp_path / "bc.npz") as z:
        assert z["obs"].shape[1] == canasta.layout_of(TWO).size  # the expert's games were two-player games
    assert_plays_at_its_size_only(str(export), TWO, "two players")
    # Their decisions are refused by a run at another size, and so is an initial policy of another size.
    with pytest.raises(SystemExit, match="recorded at another table size"):
        dagger.main(["--game", "canasta", "--players", "3", "--bc-data", str(tmp_path / "bc.npz"), "--iterations",
                     "0", "--out-dir", str(tmp_path / "runs3")])
    with pytest.raises(SystemExit, match="--init-policy: .*made for two players"):
        dagger.main(["--game", "canasta", "--init-policy", str(export), "--hidden", "16", "--iterations", "0",
                     "--out-dir", str(tmp_path / "runs4")])
    assert not os.path.exists(tmp_path / "runs4")  # refused before the run's folder is made


def test_dagger_collects_at_three_players():
    rng = np.random.default_rng(0)
    width = canasta.layout_of(THREE).size
    w = [rng.normal(size=(width, 8)).astype(np.float32), rng.normal(size=(8, canasta.NUM_ACTIONS)).astype(np.float32)]
    b = [np.zeros(8, np.float32), np.zeros(canasta.NUM_ACTIONS, np.float32)]
    data = dagger._collect(("canasta", {"w": w, "b": b}, "relu", 3, 48, 3, 0.0, 1, THREE.to_dict()))
    assert data["obs"].shape[1] == width and len(data["action"]) > 0
    masks = np.unpackbits(data["mask"], axis=1, count=canasta.NUM_ACTIONS).astype(bool)
    assert masks[np.arange(len(masks)), data["action"]].all()  # the three-player expert's labels are legal


SCRIPTS = {"maskable_ppo": maskable_ppo.main, "dagger": dagger.main, "rllib_ppo": rllib_ppo.main,
           "export_sb3": lambda argv: export_sb3.main(["--model", "none.zip", *argv])}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
@pytest.mark.parametrize("argv, message", [
    (["--game", "footcanasta", "--players", "2"], "Foot Canasta is played at one table size only"),
    (["--players", "3"], "Foot Canasta is played at one table size only"),
    (["--game", "canasta", "--players", "5"], "players must be 2, 3, 4 or 6"),
    (["--game", "canasta", "--players", "4", "--sides", "3"], "sides must be 2 for 4 players"),
    (["--game", "canasta", "--players", "-2"], "--players must be 0"),
])
def test_sizes_a_game_does_not_have_are_refused(script, argv, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match=message):
        SCRIPTS[script]([*argv, *([] if script == "export_sb3" else ["--out-dir", str(tmp_path / "runs")])])
    assert not os.listdir(tmp_path)  # refused before a run folder (or an export) is made
