"""Canasta's bots: determinism over whole games, strength, names, and the expert's play. The contract every bot of
every game keeps (legal, deterministic, blind to hidden cards) is tests/conformance/test_bot_conformance.py."""

import inspect

import pytest

from footcanasta_env import canasta
from footcanasta_env.canasta import bots as cbots
from footcanasta_env.canasta.bots import ExpertBot, GreedyBot, RandomBot, make_bot


def play(seed, lineup, rules):
    """Play one game; ``lineup[s & 1]`` names seat s's bot. Returns the game."""
    g = canasta.new_game(seed, rules)
    players = [make_bot(lineup[s & 1], seed * 4 + s) for s in range(4)]
    while not g.is_over:
        p = g.current_player
        g.step(players[p].act(g.view(p)))
    return g


def duplicate_win_share(a, b, seeds, rules):
    """A's share of wins (a draw a half) over both seatings of each deal."""
    total = 0.0
    for seed in seeds:
        for names, team in (((a, b), 0), ((b, a), 1)):
            s = play(seed, names, rules).scores
            d = s[team] - s[1 - team]
            total += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    return total / (2 * len(seeds))


def test_the_same_seeds_give_the_same_games():
    rules = canasta.Rules(max_rounds=1)
    for lineup in (("random", "random"), ("expert", "greedy")):
        a, b = play(7, lineup, rules), play(7, lineup, rules)
        assert a.round_results == b.round_results and a.scores == b.scores
    g = canasta.new_game(3, rules)
    g.step("draw")
    view = g.view(g.current_player)
    assert len(view.legal_actions) > 3

    def picks(seed):
        bot = RandomBot(seed)
        return tuple(bot.act(view) for _ in range(20))

    assert picks(1) == picks(1) and picks(1) != picks(2)  # the random bot's choices follow its own seed


def test_expert_beats_greedy_and_greedy_beats_random_on_fixed_deals():
    rules = canasta.Rules(max_rounds=30)
    assert duplicate_win_share("greedy", "random", range(2000, 2006), rules) >= 0.9
    assert duplicate_win_share("expert", "greedy", range(2000, 2020), rules) >= 0.7


@pytest.mark.parametrize("cls", [RandomBot, GreedyBot, ExpertBot])
def test_a_view_with_no_legal_action_or_no_view_is_refused(cls):
    g = canasta.new_game(1)
    idle = (g.current_player + 1) % 4
    with pytest.raises(ValueError, match="no legal actions"):
        cls(0).act(g.view(idle))
    with pytest.raises(TypeError, match="Canasta View"):
        cls(0).act(g)


@pytest.mark.parametrize("module", ["simple", "expert", "reading", "base"])
def test_bots_decide_from_the_view_alone(module):
    source = inspect.getsource(getattr(cbots, module))
    assert "engine.game" not in source and "Game" not in source and ".clone(" not in source


def test_names_strongest_and_errors():
    assert cbots.bot_names() == ["expert", "greedy", "learned", "random"]  # learned: test_canasta_learned.py
    assert cbots.check_bot_name(" Expert ") == "expert"
    assert cbots.check_bot_name("greedy", patterns=False) == "greedy"
    assert isinstance(make_bot("EXPERT", 3), ExpertBot) and make_bot("random").name == "random"
    assert cbots.strongest_bot() in ("learned", "expert") and cbots.hint_bot_name() == cbots.strongest_bot()
    with pytest.raises(ValueError, match=r"unknown bot 'search' \(known: expert, greedy, learned, random, "
                                         r"policy:PATH\)"):
        make_bot("search")
    with pytest.raises(ValueError, match="unknown bot 'policy:x.npz' \\(known: expert, greedy, learned, random\\)"):
        cbots.check_bot_name("policy:x.npz", patterns=False)
    with pytest.raises(ValueError, match="policy file 'x.npz' not found"):
        make_bot("policy:x.npz")
    with pytest.raises(ValueError, match="must be a string"):
        cbots.check_bot_name(3)


def test_foot_canastas_bots_are_untouched():
    from footcanasta_env.footcanasta.bots import ExpertBot as FootExpert
    from footcanasta_env.footcanasta.bots import make_bot as foot_make_bot

    assert isinstance(foot_make_bot("expert", 0), FootExpert) and not isinstance(make_bot("expert", 0), FootExpert)
    assert "search" in __import__("footcanasta_env.footcanasta.bots", fromlist=["bot_names"]).bot_names()
