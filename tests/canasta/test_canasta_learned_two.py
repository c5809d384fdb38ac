"""Two-player Canasta's learned bot (CANASTA_RULES.md section 14; issue "Canasta for two, three and six
players", item 4): the shipped ``data/learned2.npz`` is what ``learned`` plays at two players, a file that names
its size and records it; the four-player ``learned.npz`` stays what ``learned`` plays at four; each size refuses
the other's file; the sizes without one say so. The record beside it holds the held-out evaluation it was
shipped on, and ``training/ship.py`` writes a two-player policy under its own name, never over the four-player
one.
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
from footcanasta_env.canasta.actions import NUM_ACTIONS
from footcanasta_env.canasta.bots import learned_stem, size_note
from footcanasta_env.policyfile import load_policy, save_policy

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "footcanasta_env" / "canasta" / "data"
TWO = canasta.Rules(players=2)


def test_learned_at_two_players_is_the_two_player_file_and_records_its_size():
    bot = canasta.make_bot("learned", 0, rules=TWO)
    assert bot.name == "learned"
    meta = bot.policy.meta
    assert meta["game"] == "canasta" and meta["obs_size"] == canasta.layout_of(TWO).size == 294
    assert canasta.Rules.from_dict(meta["rules"]) == TWO
    assert meta["arch"]["layers"][0] == 294 and meta["arch"]["layers"][-1] == NUM_ACTIONS
    shipped = load_policy(str(DATA / "learned2.npz"))
    for w, v in zip(shipped.weights, bot.policy.weights, strict=True):
        np.testing.assert_array_equal(w, v)
    four = canasta.make_bot("learned", 0)  # the default table's file is untouched
    assert four.policy.meta["obs_size"] == canasta.OBS_SIZE == 386
    assert canasta.Rules.from_dict(four.policy.meta["rules"]).players == 4


def test_each_size_names_its_file_and_refuses_the_others():
    assert learned_stem() == learned_stem(canasta.Rules()) == "learned"
    assert learned_stem(TWO) == "learned2" and learned_stem(canasta.Rules(players=3)) == "learned3"
    assert learned_stem(canasta.Rules(players=6, sides=3)) == "learned6x3"
    assert learned_stem(canasta.Rules(decks=3)) == "learned4d3"
    with pytest.raises(ValueError, match=r"made for two players \(its recorded rules\); 4-player Canasta needs"):
        canasta.make_bot(f"policy:{DATA / 'learned2.npz'}")
    with pytest.raises(ValueError, match=r"made for four players \(its recorded rules\); 2-player Canasta needs"):
        canasta.make_bot(f"policy:{DATA / 'learned.npz'}", rules=TWO)
    for players in (3, 6):
        with pytest.raises(ValueError, match=f"learned bots play four players and two players; {players}-player "
                                             "Canasta has no learned bot yet: its strongest bot is expert"):
            canasta.make_bot("learned", rules=canasta.Rules(players=players))


def test_the_two_player_learned_bot_is_that_sizes_strongest_and_hint_bot():
    assert canasta.strongest_bot(TWO) == canasta.hint_bot_name(TWO) == "learned"
    assert size_note(TWO) == "2-player Canasta has a learned bot: its strongest bot is learned"
    assert canasta.strongest_bot(canasta.Rules(players=3)) == "expert"


def test_the_record_holds_a_held_out_win_over_the_expert():
    record = json.loads((DATA / "learned2.json").read_text(encoding="utf-8"))
    meta = load_policy(str(DATA / "learned2.npz")).meta
    assert {k: v for k, v in record.items() if k in meta} == meta  # the record is the file's metadata and more
    expert = record["evaluation"]["expert"]
    assert expert["b"] == "expert" and expert["players"] == 2 and expert["game"] == "canasta"
    assert expert["deals"] >= 1000 and expert["games_played"] == 2 * expert["deals"]
    assert expert["win_rate"] >= 0.6 and expert["win_ci"][0] > 0.55
    assert "--players 2" in expert["command"] and f"--seed {expert['seed']}" in expert["command"]
    # the selection seed (7) and the run's own evaluations (seeds 10,000 and up) are not the held-out deals
    assert expert["seed"] not in (7,) and expert["seed"] < 10_000
    assert record["evaluation"]["greedy"]["players"] == 2 and record["evaluation"]["greedy"]["win_rate"] > 0.5


def test_learned_plays_a_two_player_game_legally_with_numpy_only():
    # A fresh process, so that nothing this test session imported (torch) can hide an import of the bot's.
    code = (
        "import sys\n"
        "from footcanasta_env import canasta\n"
        "rules = canasta.Rules(players=2)\n"
        "bots = [canasta.make_bot(n, s, rules=rules) for s, n in enumerate(['learned', 'expert'])]\n"
        "g = canasta.new_game(5, rules)\n"
        "while not g.is_over:\n"
        "    a = bots[g.current_player].act(g.view(g.current_player))\n"
        "    assert a in g.legal_actions(), (a, g.legal_actions())\n"
        "    g.step(a)\n"
        "assert max(g.scores) >= g.rules.target and len(g.scores) == 2, g.scores\n"
        "assert 'torch' not in sys.modules, 'the learned bot imported torch'\n"
        "print(len(g.round_results))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[0]) >= 1


def _two_player_policy(path: Path) -> None:
    rng = np.random.default_rng(3)
    sizes = [canasta.layout_of(TWO).size, 8, NUM_ACTIONS]
    weights = [rng.normal(size=(a, b)).astype(np.float32) for a, b in zip(sizes, sizes[1:], strict=False)]
    save_policy(str(path), weights, [np.zeros(b, np.float32) for b in sizes[1:]], rules=TWO, game="canasta",
                training={"run": "tiny"})


def test_ship_writes_a_two_player_policy_under_its_own_name(tmp_path):
    pol = tmp_path / "two.npz"
    _two_player_policy(pol)
    (tmp_path / "s.json").write_text(json.dumps({"run": "c2__1__2", "curve": []}))
    out, package = tmp_path / "record", tmp_path / "pkg"
    out.mkdir()
    (out / "learned.npz").write_bytes(b"four-player file")  # must survive
    done = subprocess.run([sys.executable, "training/ship.py", "--policy", str(pol), "--summaries",
                           str(tmp_path / "s.json"), "--out-dir", str(out), "--package-dir", str(package)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert (out / "learned.npz").read_bytes() == b"four-player file"
    assert {p.name for p in out.iterdir()} == {"learned.npz", "learned2.npz", "learned2.json", "learning_curve2.png"}
    assert {p.name for p in package.iterdir()} == {"learned2.npz", "learned2.json"}
    assert (out / "learned2.npz").read_bytes() == (package / "learned2.npz").read_bytes()
    shipped = load_policy(str(package / "learned2.npz"))
    assert canasta.Rules.from_dict(shipped.meta["rules"]) == TWO


def test_ship_refuses_a_size_the_manifest_does_not_ship():
    sys.path.insert(0, str(ROOT))
    try:
        from training.ship import shipped_folders
    finally:
        sys.path.remove(str(ROOT))
    assert shipped_folders("canasta", "learned2")[0] == "checkpoints/canasta"
    with pytest.raises(SystemExit, match="its manifest ships no data/learned3.npz, data/learned3.json"):
        shipped_folders("canasta", "learned3")
