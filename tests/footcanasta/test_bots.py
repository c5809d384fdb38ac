"""Bots: the sampled states, the registry's errors, and the expert's documented strategy.

The contract every bot keeps (legal, deterministic, blind to hidden cards) is tested for every registered
name in ``test_bot_conformance.py``.
"""

from __future__ import annotations

import pytest

from footcanasta_env import load_scenario, new_game
from footcanasta_env.evaluation import play_deal
from footcanasta_env.family.cards import RED3, format_cards, parse_cards
from footcanasta_env.footcanasta.bots import (
    BOTS,
    Bot,
    BotRegistry,
    ExpertBot,
    GreedyBot,
    RandomBot,
    bot_names,
    check_bot_name,
    make_bot,
    registry,
)
from footcanasta_env.footcanasta.bots.policy import SHIPPED_POLICY
from tests.helpers.bot_states import SHUFFLED, STATES, same_view


def test_states_cover_the_interesting_cases():
    seen = {"draw": 0, "play": 0, "aside": 0, "foot": 0, "pickup": 0}
    for g in STATES:
        v = g.view(g.current_player)
        seen[v.phase] += 1
        seen["aside"] += bool(v.set_aside)
        seen["foot"] += v.in_foot[v.seat]
        seen["pickup"] += 1 in v.legal_actions
    assert all(n > 5 for n in seen.values()), seen


def test_hidden_shuffle_moves_hidden_cards_only():
    moved = 0
    for g, h in SHUFFLED:
        seat = g.current_player
        a, b = g.to_scenario(), h.to_scenario()
        moved += a["stock"] != b["stock"]
        assert a["players"][seat]["hand"] == b["players"][seat]["hand"]
        assert same_view(g.view(seat), h.view(seat))
    assert moved > 10  # the shuffle really moved hidden cards


def test_view_changes_when_a_visible_card_changes():
    # Guards the hidden-shuffle test: a change the seat can see must show in its view.
    g = STATES[5]
    seat = g.current_player
    spec = g.to_scenario()
    hand = parse_cards(spec["players"][seat]["hand"])
    stock = parse_cards(spec["stock"])
    j = next(i for i, k in enumerate(stock) if k != RED3 and hand and k != hand[0])
    hand[0], stock[j] = stock[j], hand[0]
    spec["players"][seat]["hand"] = format_cards(hand)
    spec["stock"] = format_cards(stock)
    assert same_view(g.view(seat), load_scenario(g.to_scenario()).view(seat))
    assert not same_view(g.view(seat), load_scenario(spec).view(seat))


def test_registry_and_errors():
    assert {"random", "greedy", "expert", "learned", "search"} <= set(bot_names())  # every name, in one place
    for n in bot_names():
        assert isinstance(make_bot(n, 1), Bot)
    assert isinstance(make_bot(" Expert "), ExpertBot)
    assert BOTS["greedy"] is GreedyBot and BOTS["random"] is RandomBot
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")
    assert make_bot("learned").name == "learned"  # the shipped policy (checkpoints/footcanasta/learned.npz)
    with pytest.raises(ValueError, match="not found"):
        make_bot("policy:/no/such/file.npz")
    with pytest.raises(ValueError, match="no legal actions"):
        g = new_game(0)
        make_bot("expert").act(g.view((g.current_player + 1) % 4))


def test_bot_names_are_checked_without_building_a_bot(monkeypatch):
    def unbuildable(seed=None):
        raise AssertionError("check_bot_name built a bot")

    for name in ("expert", "search"):
        monkeypatch.setitem(BOTS, name, unbuildable)
    monkeypatch.setitem(registry._POLICY_LOADERS, "learned", lambda path, seed: unbuildable())
    assert check_bot_name(" Expert ") == "expert" and check_bot_name("LEARNED") == "learned"
    assert check_bot_name("search") == "search"
    assert check_bot_name("Search: Worlds=8, time=0.5,") == "search:worlds=8,time=0.5"
    assert check_bot_name("search:") == "search"
    assert check_bot_name(f"Policy:{SHIPPED_POLICY}") == f"policy:{SHIPPED_POLICY}"  # the path as given
    for bad, why in [("nobody", r"unknown bot 'nobody' \(known: expert, greedy, learned, random, search, policy:PATH, "
                                r"search:OPTIONS\)"),
                     ("search:worlds=0", "worlds must be at least 1"), ("search:speed=2", "unknown option 'speed'"),
                     ("policy:", "needs a file path"), ("policy:/no/such/file.npz", "not found"),
                     ("expert:fast", "unknown bot"), (None, "must be a string")]:
        with pytest.raises(ValueError, match=why):
            check_bot_name(bad)  # type: ignore[arg-type]
    assert check_bot_name("Learned", patterns=False) == "learned"
    for pattern in (f"policy:{SHIPPED_POLICY}", "search:worlds=2"):  # plain names only, as a stranger may ask for
        with pytest.raises(ValueError, match=r"unknown bot .* \(known: expert, greedy, learned, random, search\)"):
            check_bot_name(pattern, patterns=False)
    monkeypatch.delitem(registry._POLICY_LOADERS, "learned")
    assert "learned" not in bot_names()
    with pytest.raises(ValueError, match="no learned policy is available"):
        check_bot_name("learned")


def _toy_registry(**kw) -> BotRegistry:
    """A registry of another game: two scripted bots, nothing learned."""
    return BotRegistry(bots={"random": RandomBot, "greedy": GreedyBot}, strength=("greedy", "random"), **kw)


def test_another_game_makes_its_own_registry():
    toy = _toy_registry()
    assert toy.bot_names() == ["greedy", "random"] and toy.known_names() == "greedy, random"
    assert isinstance(toy.make_bot("Greedy", 1), GreedyBot)
    assert toy.strongest_bot() == "greedy" and toy.hint_bot_name() == "greedy"
    for bad in ("expert", "learned", "search", f"policy:{SHIPPED_POLICY}"):  # Foot Canasta's names are not its own
        with pytest.raises(ValueError, match="unknown bot|no learned policy"):
            toy.make_bot(bad)
    toy.register_bot(" Expert ", ExpertBot)
    assert toy.bot_names() == ["expert", "greedy", "random"] and isinstance(toy.make_bot("expert"), ExpertBot)
    with pytest.raises(ValueError, match="without ':'"):
        toy.register_bot("expert:fast", ExpertBot)
    assert "expert" not in BOTS or BOTS["expert"] is ExpertBot  # Foot Canasta's table is untouched
    assert "greedy" in toy.bots and toy.bots is not BOTS
    with pytest.raises(ValueError, match="at least one name in strength"):
        BotRegistry(bots={"random": RandomBot}, strength=())


def test_the_strongest_and_hint_bots_are_worked_out_once(monkeypatch):
    builds = []

    def counted(seed=None):
        builds.append(seed)
        return GreedyBot(seed)

    stamp = [0]
    toy = _toy_registry(hint=lambda best: "random", stamp=lambda: (stamp[0],))
    toy.bots["greedy"] = counted
    assert toy.strongest_bot() == "greedy" and toy.hint_bot_name() == "random"
    worked = len(builds)
    for _ in range(5):
        assert toy.strongest_bot() == "greedy" and toy.hint_bot_name() == "random"
    assert len(builds) == worked == 1  # kept: no bot is built to answer again
    stamp[0] += 1  # a shipped file changed
    assert toy.strongest_bot() == "greedy" and len(builds) == 2
    toy.bots["greedy"] = RandomBot  # the tables changed
    toy.strongest_bot()
    assert len(builds) == 2
    toy.register_bot("greedy", counted)
    toy.strongest_bot()
    assert len(builds) == 3
    toy.clear_cache()
    toy.strongest_bot()
    assert len(builds) == 4


def test_the_learned_policy_is_ranked_by_its_record_without_building_it(monkeypatch):
    from footcanasta_env.footcanasta.bots import policy

    registry.clear_cache()
    built = []
    real = policy.load_shipped
    monkeypatch.setattr(policy, "load_shipped", lambda seed=None: built.append(seed) or real(seed))
    assert registry.strongest_bot() == "learned"  # its record beats the expert: built once, to see that it loads
    assert len(built) == 1
    for _ in range(3):
        registry.strongest_bot()
    assert len(built) == 1
    registry.clear_cache()
    weaker = {"evaluation": {"expert": {"win_ci": [0.4, 0.6]}}}
    monkeypatch.setattr(type(registry.REGISTRY.loaders["learned"]), "record", lambda self: weaker)
    assert registry.strongest_bot() == "expert" and len(built) == 1  # read from the record alone: not built
    registry.clear_cache()


def test_expert_strategy_is_documented():
    doc = ExpertBot.__doc__ or ""
    for word in ("foot", "wild canasta", "pile", "black three", "memory", "clean", "go out"):
        assert word in doc.lower(), word


def test_expert_saves_wild_cards_for_the_wild_meld():
    # Down, with a K meld of 4 and a joker: greedy spoils the clean meld, the expert keeps the joker.
    spec = {
        "round": 1, "dealer": 3, "current": 0, "phase": "play",
        "players": [{"hand": "K JK 5 9 4", "foot": "4 4 7 8 9 10 J Q A A 6 6 6"},
                    {"hand": "5 6 7 8 9 10 J Q A 4 4 5 6", "foot": "7 8 9 10 J Q 5 5 5 6 7 8 9"},
                    {"hand": "8 8 9 9 10 10 J J Q Q A A 4", "foot": "10 J Q A 7 7 7 8 8 8 9 9 9"},
                    {"hand": "4 4 5 5 6 6 7 7 8 8 9 9 10", "foot": "Q Q Q J J J A A A 10 10 4 5"}],
        "teams": [{"melds": ["K K K K"], "red_threes": 0}, {"melds": [], "red_threes": 0}],
        "pile": "4 9", "stock": "5 6 7 8 9 10 J Q 4 5 6 7 8 9 10 J Q 4 5 6",
    }
    g = load_scenario(spec)
    v = g.view(0)
    from footcanasta_env import action_name

    assert action_name(GreedyBot().act(v)) == "add K K"
    g.step("add K K")
    v = g.view(0)
    assert action_name(GreedyBot().act(v)) == "add K JK"
    assert action_name(ExpertBot().act(v)).startswith("discard")
    assert action_name(ExpertBot().act(v)) != "discard JK"


@pytest.mark.parametrize("strong,weak", [("greedy", "random"), ("expert", "greedy")])
def test_stronger_bot_wins_fixed_deals(strong, weak):
    games = [g for d in range(2) for g in play_deal(strong, weak, seed=11, deal=d)]
    assert sum(g.result for g in games) >= len(games) - 1
