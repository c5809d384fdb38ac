"""The search bot: legal, repeatable, blind to hidden cards, within its time budget, strict about options."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, asdict, dataclass, field, replace
from types import SimpleNamespace

import numpy as np
import pytest

from footcanasta_env.footcanasta.bots import make_bot, registry
from footcanasta_env.footcanasta.bots.search import SearchBot, SearchOptions, parse_options, shipped_nets
from tests.helpers.bot_states import STATES, hidden_shuffle


@pytest.fixture(autouse=True)
def _fresh_answers():
    """The registry keeps its answers while its tables and files stay the same: these tests change what they
    depend on by other means (a record read from elsewhere, other default options), so they start afresh."""
    registry.clear_cache()
    yield
    registry.clear_cache()

# States with a real choice for the bot to search.
CHOICES = [g for g in STATES if len(g.legal_actions()) > 2][::6]


def test_search_plays_legal_repeatable_moves():
    for i, g in enumerate(CHOICES[:8]):
        view = g.view(g.current_player)
        a = make_bot("search:worlds=4,time=10", i).act(view)
        assert a in view.legal_actions
        assert make_bot("search:worlds=4,time=10", i).act(view) == a


def test_hidden_cards_never_change_the_search():
    rng = random.Random(3)
    for i, g in enumerate(CHOICES[:6]):
        seat = g.current_player
        h = hidden_shuffle(g, seat, rng)
        a, b = make_bot("search:worlds=3,time=10", i), make_bot("search:worlds=3,time=10", i)
        assert a.act(g.view(seat)) == b.act(h.view(seat))
        assert np.array_equal(a.last.values, b.last.values)  # the very same worlds and values


class _Clock:
    """A clock read only by the search: still until ``ticks`` reads, then far past any deadline. A real clock
    made this test fail on a loaded machine; this one checks the rule itself, the same on every machine."""

    def __init__(self, ticks: int):
        self.ticks, self.reads = ticks, 0

    def perf_counter(self) -> float:
        self.reads += 1
        return 0.0 if self.reads <= self.ticks else 1e9


@pytest.mark.parametrize("ticks", [1, 3, 40, 400])
def test_the_time_budget_is_a_hard_cap(monkeypatch, ticks):
    """The clock is read before every batched step; the first read past the deadline ends the search at once
    (no further step, no further read), and the chunk it interrupted is dropped, not half counted."""
    from footcanasta_env.footcanasta.bots import search

    bot = make_bot("search:worlds=500,time=0.2", 0)
    for g in CHOICES[:4]:
        view = g.view(g.current_player)
        clock = _Clock(ticks)
        monkeypatch.setattr(search, "time", clock)
        an = bot.analyse(view, include=view.legal_actions[0])
        assert clock.reads == ticks + 1  # stopped at the first read past the deadline
        assert an.worlds < 500 and an.worlds % search.CHUNK == 0
        assert an.values.shape == (an.worlds, len(an.candidates)) and np.isfinite(an.values).all()
        if ticks == 1:
            assert an.worlds == 0 and an.chosen == an.policy_action  # no time at all: the policy's move
    monkeypatch.undo()
    an = make_bot("search:worlds=8,time=100", 0).analyse(view, include=view.legal_actions[0])
    assert an.worlds == 8  # with time to spare, every world asked for


def test_the_analysis_is_consistent():
    bot = make_bot("search:worlds=6,time=10,margin=0,prior=0", 1)
    view = CHOICES[3].view(CHOICES[3].current_player)
    an = bot.analyse(view, include=view.legal_actions[-1])  # include: always searched, the move among the candidates
    assert an.worlds == 6 and an.values.shape == (6, len(an.candidates)) and view.legal_actions[-1] in an.candidates
    assert an.loss(an.best()) == (0.0, 0.0)
    assert all(an.loss(a)[0] >= 0 for a in an.candidates)
    assert an.chosen == an.best()  # margin 0, prior 0: the best mean is played


def test_the_policy_is_overruled_only_by_more_than_prior_and_margin():
    from footcanasta_env.footcanasta.bots.search import Analysis

    rng = np.random.default_rng(0)
    base = rng.normal(0, 500, size=(16, 1))  # the worlds' luck, shared by both candidates (paired)
    values = np.hstack([base, base + 80 + rng.normal(0, 40, size=(16, 1))])  # candidate 1: about +80 points
    an = Analysis([7, 9], values, policy_action=7, chosen=7)
    gain, se = an.loss(7)
    assert an.best() == 9 and 60 < gain < 100 and se < 15
    decide = lambda **kw: SearchBot._decide(SimpleNamespace(options=replace(SearchOptions(), **kw)), an)  # noqa: E731
    assert decide(prior=0, margin=1) == 9
    assert decide(prior=100, margin=0) == 7  # the gain is below the prior: the policy keeps its move
    assert decide(prior=gain - 2 * se - 1, margin=2) == 9
    assert decide(prior=gain - 2 * se + 1, margin=2) == 7
    assert SearchOptions().prior > 0  # measured: an unpenalised best mean overrules the policy too often


def test_the_rule_plays_the_best_other_mean_only_past_prior_and_margin():
    from footcanasta_env.footcanasta.bots.search import rule

    rng = np.random.default_rng(1)
    base = rng.normal(0, 500, size=(16, 1))
    values = np.hstack([base + 30, base, base + 150 + rng.normal(0, 40, (16, 1)), base + 120])
    d = values[:, 2] - values[:, 1]
    se = d.std(ddof=1) / 4
    assert rule(values, 1, margin=0, prior=0) == 2  # the best mean, not the first one above the policy's
    assert rule(values, 1, margin=1, prior=d.mean() - se - 0.5) == 2 and rule(values, 1, 1, d.mean() - se + 0.5) == 1
    assert rule(values, 2, margin=0, prior=0) == 2  # nothing beats the policy's move: it stays
    assert rule(values, 0, margin=0, prior=89) == 2 and rule(values, 0, margin=0, prior=200) == 0


@pytest.mark.parametrize("name, match", [
    ("search:speed=3", "unknown option 'speed'.*worlds, time"),
    ("search:worlds=0", "worlds must be at least 1"),
    ("search:time=fast", "not a float"),
    ("search:prior=-5", "prior must be at least 0"),
    ("search:margin=nan", "margin must be at least 0"),
    ("search:worlds", "needs a value"),
])
def test_bad_options_are_refused_by_name(name, match):
    with pytest.raises(ValueError, match=match):
        make_bot(name, 0)


def test_options_and_names():
    assert parse_options("") == SearchOptions()
    assert parse_options("worlds=8, TIME=0.5") == SearchOptions(worlds=8, time=0.5)
    bot = make_bot("search:worlds=8", 0)
    assert isinstance(bot, SearchBot) and bot.name == "search:worlds=8" and bot.options.worlds == 8
    assert make_bot("search", 0).name == "search" and make_bot("search", 0).options == SearchOptions()
    assert SearchOptions.names() == ("worlds", "time", "horizon", "top", "margin", "prior")


@pytest.mark.parametrize("options, match", [
    ({"worlds": 0}, "worlds must be at least 1, got 0"),
    ({"worlds": 2.5}, "worlds must be an int, got 2.5"),
    ({"top": True}, "top must be an int"),
    ({"time": "fast"}, "time must be a number"),
    ({"time": 0.0}, "time must be at least 0.001"),
    ({"prior": float("nan")}, "prior must be at least 0"),
    ({"horizon": -1}, "horizon must be at least 1"),
])
def test_search_options_are_checked_on_creation(options, match):
    with pytest.raises(ValueError, match=match):
        SearchOptions(**options)


def test_search_options_are_one_frozen_value():
    opts = SearchOptions(worlds=np.int64(8), time=1, margin=2)
    assert (type(opts.worlds), type(opts.time), type(opts.margin)) == (int, float, float)
    assert opts == SearchOptions(worlds=8, time=1.0, margin=2.0)
    assert hash(opts) == hash(SearchOptions(8, 1.0, margin=2.0))
    with pytest.raises(FrozenInstanceError):
        opts.worlds = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        SearchOptions(depth=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="must be a SearchOptions"):
        SearchBot(*shipped_nets(), options={"worlds": 4})  # type: ignore[arg-type]


def test_the_search_bot_plays_with_the_policy_and_value_it_is_given():
    class Flat:
        """A value that sees no difference anywhere (and counts the positions it is asked about)."""

        calls = 0

        def predict(self, x):
            Flat.calls += len(x)
            return np.zeros(len(x))

    policy, value = shipped_nets()
    assert make_bot("search", 0).policy is policy and make_bot("search", 1).value is value  # loaded once
    view = CHOICES[3].view(CHOICES[3].current_player)
    bot = SearchBot(policy, Flat(), SearchOptions(worlds=4, time=10, margin=0, prior=0), seed=1)
    an = bot.analyse(view, include=view.legal_actions[-1])
    assert an.worlds == 4 and Flat.calls > 0
    if not an.values.any():  # no round ended in a rollout: every candidate is worth the same, the policy's move stays
        assert an.chosen == an.policy_action
    shipped = SearchBot(policy, value, SearchOptions(worlds=4, time=10, margin=0, prior=0), seed=1)
    assert not np.array_equal(shipped.analyse(view, include=view.legal_actions[-1]).values, an.values)


def test_evaluate_plays_shorter_games_with_rounds(capsys):
    import json

    from footcanasta_env.cli import main

    assert main(["evaluate", "greedy", "random", "--deals", "1", "--json", "--workers", "1", "--rounds", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(["evaluate", "greedy", "random", "--deals", "1", "--json", "--workers", "1"]) == 0
    four = json.loads(capsys.readouterr().out)
    assert one["mean_actions"] < four["mean_actions"] / 2
    assert main(["evaluate", "greedy", "random", "--deals", "1", "--workers", "1", "--rounds", "1"]) == 0
    assert "Games of 1 round" in capsys.readouterr().out


def test_the_draw_step_is_searched_and_plain_melds_are_left_to_the_policy():
    bot = make_bot("search:worlds=2,time=20", 0)
    draws = [g for g in STATES if g.phase == "draw" and len(g.legal_actions()) == 2]
    assert draws
    bot.act(draws[0].view(draws[0].current_player))
    assert bot.last.worlds == 2 and len(bot.last.candidates) == 2
    for g in CHOICES:
        view = g.view(g.current_player)
        bot.act(view)
        assert (bot.last.worlds > 0) == SearchBot.matters(view, bot.last.policy_action) or len(bot.last.candidates) == 1


def _record(evaluation: dict) -> dict:
    from footcanasta_env.footcanasta.bots import search_record

    return {"format": search_record.RECORD_FORMAT, "format_version": search_record.RECORD_FORMAT_VERSION,
            **search_record.measured_with(), "evaluation": evaluation}


def test_hints_come_from_search_only_when_its_current_record_shows_it_stronger(monkeypatch):
    from footcanasta_env.footcanasta.bots import search_record

    best = registry.strongest_bot()
    win = {"win_ci": [0.53, 0.61]}
    cases = [  # (record, hint)
        (_record({best: [win]}), "search"),
        (_record({best: [win, {"win_ci": [0.49, 0.57]}]}), best),  # one match short of it is enough to doubt
        (_record({"greedy" if best != "greedy" else "random": [win]}), best),  # beating a weaker bot says nothing
        (_record({}), best),
        (dict(_record({best: [win]}), value_sha256="0" * 64), best),  # measured with another value
        (dict(_record({best: [win]}), options=asdict(SearchOptions(worlds=4))), best),  # with other defaults
        (None, best),
    ]
    for record, hint in cases:
        registry.clear_cache()
        monkeypatch.setattr(search_record, "load_record", lambda r=record: r)
        assert registry.hint_bot_name() == hint, record

    @dataclass(frozen=True)
    class Slow(SearchOptions):
        time: float = field(default=2 * registry.HINT_BUDGET_S, metadata={"low": 0.001})

    registry.clear_cache()
    monkeypatch.setattr(search_record, "load_record", lambda: _record({best: [win]}))
    monkeypatch.setattr("footcanasta_env.footcanasta.bots.search.SearchOptions", Slow)
    assert search_record.beats(best) and registry.hint_bot_name() == best  # too slow for a person, however strong


def test_a_damaged_record_or_an_unloadable_search_bot_leaves_hints_with_the_strongest_bot(monkeypatch, tmp_path):
    from footcanasta_env.footcanasta.bots import search_record

    path = tmp_path / "search.json"
    monkeypatch.setattr(search_record, "_RECORD", path)
    registry.clear_cache()
    assert search_record.load_record() is None and registry.hint_bot_name() == registry.strongest_bot()
    good = _record({"learned": [{"win_ci": [0.53, 0.61]}]})
    for damaged, why in [("{", "Expecting"), ("[]", "not a footcanasta-search-record"),
                         (json.dumps(dict(good, evaluation={"learned": [{"win_rate": 0.6}]})), "'win_ci' of two"),
                         (json.dumps(dict(good, evaluation={"learned": {"win_ci": [0.5, 0.6]}})), "a list of match")]:
        path.write_text(damaged)
        registry.clear_cache()
        with pytest.raises(ValueError, match=why):
            search_record.load_record()
        with pytest.warns(UserWarning, match="record could not be read"):
            assert registry.hint_bot_name() == registry.strongest_bot()

    def unloadable(seed):
        raise ValueError("the shipped value net is missing from this install")

    best = registry.strongest_bot()
    monkeypatch.setattr(search_record, "load_record", lambda: _record({best: [{"win_ci": [0.53, 0.61]}]}))
    monkeypatch.setitem(registry.BOTS, "search", unloadable)  # a change of the registry's tables: seen without clearing
    with pytest.warns(UserWarning, match="search bot could not be loaded .*value net is missing"):
        assert registry.hint_bot_name() == best


def test_the_shipped_record_is_current_and_decides_the_hint_bot():
    # Shipping another policy, value or default without playing the matches again fails here, not silently.
    from footcanasta_env.footcanasta.bots import search_record

    record = search_record.load_record()
    assert record is not None, "no bots/data/search.json: write it with training/record_search.py"
    assert search_record.is_current(record), (
        "bots/data/search.json was measured with other defaults or files: play the matches again "
        "and write it with training/record_search.py")
    assert record["evaluation"] and all("evaluate search" in m["command"] and m["a"] == "search"
                                        for ms in record["evaluation"].values() for m in ms)
    best = registry.strongest_bot()
    assert registry.hint_bot_name() == ("search" if search_record.beats(best) else best)
