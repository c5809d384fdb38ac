"""The value net's data and fine-tuning (``training/positions.py``, ``training/value_net.py``)."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.bots.value import SHIPPED_VALUE, load_value
from footcanasta_env.footcanasta.engine import new_game
from footcanasta_env.footcanasta.rules import Rules
from training.positions import record_turns

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def turn_starts_of_learned_play(seed: int, n: int, rounds: int) -> list[tuple[int, float]]:
    """(seat, label) of every turn start in ``n`` games of four ``learned`` bots dealt as record_turns deals."""
    rng = np.random.default_rng(seed)
    bot = make_bot("learned", 0)
    out = []
    for _ in range(n):
        g = new_game(int(rng.integers(0, 2**62)), Rules().with_rounds(rounds))
        starts = []
        while not g.is_over:
            if g.phase == "draw":
                starts.append((g.current_player, g.round))
            g.step(bot.act(g.view(g.current_player)))
        for s, rnd in starts:
            sc = g.round_results[rnd - 1]["scores"]
            out.append((s, float(sc[s & 1] - sc[1 - (s & 1)])))
    return out


def test_without_exploration_turn_starts_are_those_of_learned_play_with_their_round_results():
    # one game: record_turns draws from the game generator during play, so later deals differ from these
    want = turn_starts_of_learned_play(5, 1, 1)
    x, y, gid = record_turns((5, 1, 1, 1.0, 0.0))
    assert len(y) == len(want) > 20
    assert y.tolist() == [label for _, label in want]
    assert x.shape[1] == load_value(SHIPPED_VALUE).meta["layers"][0]
    assert len(np.unique(gid)) == 1 and len(np.unique(record_turns((5, 3, 1, 0.5, 0.0))[2])) == 3


def test_exploration_plays_other_candidates_and_keep_thins_the_positions():
    plain = record_turns((5, 2, 1, 1.0, 0.0))[1]
    explored = record_turns((5, 2, 1, 1.0, 1.0))[1]
    assert len(explored) != len(plain) or explored.tolist() != plain.tolist()
    thinned = record_turns((5, 2, 1, 0.3, 0.0))[1]
    assert 0 < len(thinned) < 0.6 * len(plain)
    assert set(thinned.tolist()) <= set(plain.tolist())


def run_value_net(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, os.path.join("training", "value_net.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_fine_tuning_starts_from_the_init_file_and_keeps_it_when_training_does_not_help(tmp_path):
    out = tmp_path / "v.npz"
    proc = run_value_net("--games", "4", "--rounds", "1", "--positions", "turns", "--keep", "0.5", "--init",
                         SHIPPED_VALUE, "--epochs", "1", "--lr", "0", "--weight-decay", "0", "--out", str(out),
                         "--summary", "")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    start, tuned = load_value(SHIPPED_VALUE), load_value(str(out))
    assert tuned.meta["layers"] == start.meta["layers"] and tuned.scale == start.scale
    for a, b in zip(start.weights + start.biases, tuned.weights + tuned.biases, strict=True):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-6)
    assert "start (" in proc.stdout


@pytest.mark.parametrize("args, why", [(["--init", "no/such.npz"], "not found"),
                                       (["--positions", "everywhere"], "--positions must be")])
def test_bad_options_are_refused_by_name(tmp_path, args, why):
    proc = run_value_net("--games", "2", "--out", str(tmp_path / "v.npz"), "--summary", "", *args)
    assert proc.returncode != 0 and why in proc.stderr + proc.stdout
    assert not (tmp_path / "v.npz").exists()
