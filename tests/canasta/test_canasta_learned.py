"""Canasta's learned bot: the shipped policy (``footcanasta_env/canasta/data/learned.npz``) loads as
``learned`` and as ``policy:PATH``, plays legal moves through a whole game with numpy only, keeps its record
beside it, and a policy file of the other game is refused by each game with the game it names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta import bots as cbots
from footcanasta_env.canasta.bots.policy import SHIPPED_POLICY, PolicyBot
from footcanasta_env.footcanasta.bots import make_bot as foot_make_bot
from footcanasta_env.footcanasta.bots.policy import SHIPPED_POLICY as FOOT_POLICY
from footcanasta_env.policyfile import load_policy, save_policy

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "footcanasta_env" / "canasta" / "data"
RECORD = ROOT / "checkpoints" / "canasta"


def test_learned_is_the_shipped_canasta_policy_and_a_known_name():
    assert Path(SHIPPED_POLICY).resolve() == (DATA / "learned.npz").resolve()
    bot = canasta.make_bot("learned", 0)
    assert isinstance(bot, PolicyBot) and bot.name == "learned"
    meta = bot.policy.meta
    assert meta["game"] == "canasta" and meta["obs_size"] == canasta.OBS_SIZE
    assert meta["num_actions"] == canasta.NUM_ACTIONS and meta["arch"]["layers"][0] == canasta.OBS_SIZE
    assert "learned" in canasta.bot_names() and canasta.check_bot_name(" Learned ") == "learned"
    by_path = canasta.make_bot(f"policy:{SHIPPED_POLICY}", 0)
    assert by_path.name == f"policy:{SHIPPED_POLICY}"
    for w, v in zip(by_path.policy.weights, bot.policy.weights, strict=True):
        np.testing.assert_array_equal(w, v)


def test_learned_plays_a_whole_game_legally_with_numpy_only():
    # A fresh process, so that nothing this test session imported (torch) can hide an import of the bot's.
    code = (
        "import sys\n"
        "from footcanasta_env import canasta\n"
        "bots = [canasta.make_bot(n, s) for s, n in enumerate(['learned', 'expert', 'learned', 'expert'])]\n"
        "g = canasta.new_game(11)\n"
        "moves = 0\n"
        "while not g.is_over:\n"
        "    a = bots[g.current_player].act(g.view(g.current_player))\n"
        "    assert a in g.legal_actions(), (a, g.legal_actions())\n"
        "    g.step(a)\n"
        "    moves += 1\n"
        "assert max(g.scores) >= g.rules.target, g.scores\n"
        "assert 'torch' not in sys.modules, 'the learned bot imported torch'\n"
        "print(moves, len(g.round_results))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's package, whatever else is installed
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    moves, rounds = map(int, done.stdout.split())
    assert moves > 100 and rounds >= 1


def test_the_record_is_the_files_metadata_and_the_package_copies_are_the_checkpoints_files():
    policy = load_policy(SHIPPED_POLICY, "canasta")
    record = json.loads((DATA / "learned.json").read_text(encoding="utf-8"))
    for key in ("game", "arch", "rules", "evaluation", "training", "obs_version", "action_version"):
        assert record[key] == policy.meta[key], key
    for name in ("learned.npz", "learned.json"):
        assert (DATA / name).read_bytes() == (RECORD / name).read_bytes(), (
            f"{DATA / name} differs from {RECORD / name}: ship again (training/ship.py)")
    expert = record["evaluation"]["expert"]
    assert expert["game"] == "canasta" and expert["deals"] >= 1000
    assert expert["command"].startswith("footcanasta evaluate --game canasta ")
    # the wheel ships what the game's manifest names (setup.py; tests/house/test_packaging.py builds it)
    assert {"data/learned.npz", "data/learned.json"} <= set(canasta.MANIFEST.shipped)


def test_strongest_and_hint_follow_the_record_against_the_expert():
    record = json.loads((DATA / "learned.json").read_text(encoding="utf-8"))
    beats = record["evaluation"]["expert"]["win_ci"][0] > 0.5
    cbots.REGISTRY.clear_cache()
    assert cbots.strongest_bot() == ("learned" if beats else "expert")
    assert cbots.hint_bot_name() == cbots.strongest_bot()


def test_a_policy_of_the_other_game_is_refused_by_each_game(tmp_path):
    with pytest.raises(ValueError, match="it is a policy of 'footcanasta', not of 'canasta'"):
        canasta.make_bot(f"policy:{FOOT_POLICY}")
    with pytest.raises(ValueError, match="it is a policy of 'canasta', not of 'footcanasta'"):
        foot_make_bot(f"policy:{SHIPPED_POLICY}")
    # A file that claims Canasta but was made for Foot Canasta's observation is refused by its sizes.
    foot = load_policy(FOOT_POLICY)
    meta = {k: foot.meta[k] for k in ("obs_version", "obs_size", "action_version", "num_actions")}
    path = tmp_path / "mislabelled.npz"
    with pytest.raises(ValueError, match=f"obs_size {canasta.OBS_SIZE} to num_actions {canasta.NUM_ACTIONS}"):
        save_policy(str(path), foot.weights, foot.biases, foot.activation, game="canasta")
    assert not path.exists() and meta["obs_size"] != canasta.OBS_SIZE


def test_a_missing_or_damaged_policy_file_is_refused_with_its_path(tmp_path):
    with pytest.raises(ValueError, match="not found"):
        canasta.make_bot(f"policy:{tmp_path / 'none.npz'}")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a policy")
    with pytest.raises(ValueError, match="bad.npz"):
        canasta.make_bot(f"policy:{bad}")
