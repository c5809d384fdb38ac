"""The search bot: legal, repeatable, blind to hidden cards, within its time budget, strict about options."""

from __future__ import annotations

import json
import random
import time
from types import SimpleNamespace

import numpy as np
import pytest

from footcanasta_env.bots import make_bot
from footcanasta_env.bots.search import DEFAULTS, SearchBot, parse_options
from tests.bot_states import STATES, hidden_shuffle

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


def test_the_time_budget_holds():
    bot = make_bot("search:worlds=500,time=0.2", 0)
    for g in CHOICES[:4]:
        view = g.view(g.current_player)
        t0 = time.perf_counter()
        an = bot.analyse(view, include=view.legal_actions[0])
        assert time.perf_counter() - t0 < 0.2 + 0.25  # the budget, plus one batched step and the set-up
        assert an.worlds < 500


def test_the_analysis_is_consistent():
    bot = make_bot("search:worlds=6,time=10,margin=0,prior=0", 1)
    view = CHOICES[3].view(CHOICES[3].current_player)
    an = bot.analyse(view, include=view.legal_actions[-1])  # include: always searched, the move among the candidates
    assert an.worlds == 6 and an.values.shape == (6, len(an.candidates)) and view.legal_actions[-1] in an.candidates
    assert an.loss(an.best()) == (0.0, 0.0)
    assert all(an.loss(a)[0] >= 0 for a in an.candidates)
    assert an.chosen == an.best()  # margin 0, prior 0: the best mean is played


def test_the_policy_is_overruled_only_by_more_than_prior_and_margin():
    from footcanasta_env.bots.search import Analysis

    rng = np.random.default_rng(0)
    base = rng.normal(0, 500, size=(16, 1))  # the worlds' luck, shared by both candidates (paired)
    values = np.hstack([base, base + 80 + rng.normal(0, 40, size=(16, 1))])  # candidate 1: about +80 points
    an = Analysis([7, 9], values, policy_action=7, chosen=7, seconds=0.0)
    gain, se = an.loss(7)
    assert an.best() == 9 and 60 < gain < 100 and se < 15
    decide = lambda opts: SearchBot._decide(SimpleNamespace(opts={**DEFAULTS, **opts}), an)  # noqa: E731
    assert decide({"prior": 0, "margin": 1}) == 9
    assert decide({"prior": 100, "margin": 0}) == 7  # the gain is below the prior: the policy keeps its move
    assert decide({"prior": gain - 2 * se - 1, "margin": 2}) == 9
    assert decide({"prior": gain - 2 * se + 1, "margin": 2}) == 7
    assert DEFAULTS["prior"] > 0  # measured: an unpenalised best mean overrules the policy too often


def test_the_rule_plays_the_best_other_mean_only_past_prior_and_margin():
    from footcanasta_env.bots.search import rule

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
    assert parse_options("") == DEFAULTS
    assert parse_options("worlds=8, TIME=0.5")["time"] == 0.5
    bot = make_bot("search:worlds=8", 0)
    assert isinstance(bot, SearchBot) and bot.name == "search:worlds=8" and bot.opts["worlds"] == 8
    assert make_bot("search", 0).name == "search"


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
    from footcanasta_env.bots import search_record

    return {"format": search_record.RECORD_FORMAT, "format_version": search_record.RECORD_FORMAT_VERSION,
            **search_record.measured_with(), "evaluation": evaluation}


def test_hints_come_from_search_only_when_its_current_record_shows_it_stronger(monkeypatch):
    from footcanasta_env.bots import registry, search_record

    best = registry.strongest_bot()
    win = {"win_ci": [0.53, 0.61]}
    cases = [  # (record, hint)
        (_record({best: [win]}), "search"),
        (_record({best: [win, {"win_ci": [0.49, 0.57]}]}), best),  # one match short of it is enough to doubt
        (_record({"greedy" if best != "greedy" else "random": [win]}), best),  # beating a weaker bot says nothing
        (_record({}), best),
        (dict(_record({best: [win]}), value_sha256="0" * 64), best),  # measured with another value
        (dict(_record({best: [win]}), options={**DEFAULTS, "worlds": 4}), best),  # with other defaults
        (None, best),
    ]
    for record, hint in cases:
        monkeypatch.setattr(search_record, "load_record", lambda r=record: r)
        assert registry.hint_bot_name() == hint, record
    monkeypatch.setattr(search_record, "load_record", lambda: _record({best: [win]}))
    monkeypatch.setattr("footcanasta_env.bots.search.DEFAULTS", {**DEFAULTS, "time": 2 * registry.HINT_BUDGET_S})
    assert registry.hint_bot_name() == best  # too slow for a person, however strong


def test_a_damaged_record_or_an_unloadable_search_bot_leaves_hints_with_the_strongest_bot(monkeypatch, tmp_path):
    from footcanasta_env.bots import registry, search_record

    path = tmp_path / "search.json"
    monkeypatch.setattr(search_record, "_RECORD", path)
    assert search_record.load_record() is None and registry.hint_bot_name() == registry.strongest_bot()
    good = _record({"learned": [{"win_ci": [0.53, 0.61]}]})
    for damaged, why in [("{", "Expecting"), ("[]", "not a footcanasta-search-record"),
                         (json.dumps(dict(good, evaluation={"learned": [{"win_rate": 0.6}]})), "'win_ci' of two"),
                         (json.dumps(dict(good, evaluation={"learned": {"win_ci": [0.5, 0.6]}})), "a list of match")]:
        path.write_text(damaged)
        with pytest.raises(ValueError, match=why):
            search_record.load_record()
        with pytest.warns(UserWarning, match="record could not be read"):
            assert registry.hint_bot_name() == registry.strongest_bot()

    def unloadable(seed):
        raise ValueError("the shipped value net is missing from this install")

    best = registry.strongest_bot()
    monkeypatch.setattr(search_record, "load_record", lambda: _record({best: [{"win_ci": [0.53, 0.61]}]}))
    monkeypatch.setitem(registry.BOTS, "search", unloadable)
    with pytest.warns(UserWarning, match="search bot could not be loaded .*value net is missing"):
        assert registry.hint_bot_name() == best


def test_the_shipped_record_is_current_and_decides_the_hint_bot():
    # Shipping another policy, value or default without playing the matches again fails here, not silently.
    from footcanasta_env.bots import registry, search_record

    record = search_record.load_record()
    assert record is not None, "no bots/data/search.json: write it with training/record_search.py"
    assert search_record.is_current(record), (
        "bots/data/search.json was measured with other defaults or files: play the matches again "
        "and write it with training/record_search.py")
    assert record["evaluation"] and all("evaluate search" in m["command"] and m["a"] == "search"
                                        for ms in record["evaluation"].values() for m in ms)
    best = registry.strongest_bot()
    assert registry.hint_bot_name() == ("search" if search_record.beats(best) else best)
