"""Classic Canasta through the ``footcanasta`` command as a user types it (``footcanasta_env.cli``,
``footcanasta_env.evaluation.cli``): the rule flags of ``evaluate``, and bad game names refused by name."""

from __future__ import annotations

import json

import pytest

from footcanasta_env import canasta
from footcanasta_env.cli import main
from footcanasta_env.evaluation.cli import game_rules
from footcanasta_env.games import get_game


def test_rounds_is_canastas_round_cap():
    rules = game_rules(get_game("canasta"), rounds=2)
    assert rules == canasta.Rules(max_rounds=2)
    assert game_rules(get_game("canasta"), rounds=None) is None


def test_evaluate_rounds_caps_each_canasta_game_and_says_so(capsys):
    args = ["evaluate", "--game", "canasta", "random", "random", "--deals", "1", "--seed", "3", "--workers", "1",
            "--rounds", "1"]
    assert main([*args, "--json", "--games"]) == 0
    report = json.loads(capsys.readouterr().out)
    # A random game to 5,000 takes thousands of actions; one round a few hundred.
    assert all(g["actions"] < 1000 for g in report["games"])
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Games capped at 1 round (--rounds, the rules' max_rounds)" in out
    assert "not the full" not in out


def test_a_rule_flag_the_game_does_not_have_is_refused_by_name():
    with pytest.raises(ValueError, match="--shoes: the rules of Canasta have no 'shoes'"):
        game_rules(get_game("canasta"), shoes=1)


@pytest.mark.parametrize("command", [
    ["evaluate", "--game", "nope", "expert", "greedy"],
    ["league", "--game", "nope", "expert", "greedy"],
    ["play", "--game", "nope"],
    ["rules", "--game", "nope"],
])
def test_an_unknown_game_is_refused_naming_the_games(command, capsys):
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "unknown game 'nope' (known: footcanasta, canasta)" in err


def test_a_canasta_bot_name_is_checked_by_canasta(capsys):
    assert main(["evaluate", "--game", "canasta", "expert", "nobody", "--deals", "1"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
