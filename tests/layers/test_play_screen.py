"""The play screen fits a terminal: real positions measured at 100 and 80 columns; turns told in one line.

Bounds (what a person sees without scrolling, the screen being drawn again after every move):

* 100 columns: every screen, events and the numbered list of legal actions included, is at most 40 lines.
* 80 columns: the table (scores, pile, both sides' melds, the players, your hand: everything above
  "Your turn") is at most 14 lines; the whole screen is at most 24 lines in 99% of positions and never
  more than 30 (the one part without a small bound is the list of legal actions, up to some 40 actions
  in a play step, which the person needs). No line is ever cut: rich wraps words, never crops.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from footcanasta_env import action_id, load_scenario, new_game
from footcanasta_env.footcanasta.bots import make_bot
from footcanasta_env.footcanasta.melds import is_canasta
from footcanasta_env.footcanasta.rules import Rules
from footcanasta_env.footcanasta.text.events import TurnLog
from footcanasta_env.footcanasta.text.screen import meld_short, render_screen, round_table
from footcanasta_env.footcanasta.text.texts import help_text, pile_text


def _render(view, events, width: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None).print(render_screen(view, events, width))
    return out.getvalue().splitlines()


def _positions(seeds, every: int = 1):
    """(view, events) at South's decisions in games of four expert bots, events as the game shows them."""
    for seed in seeds:
        game = new_game(seed)
        bots = {s: make_bot("expert", 1000 + 4 * seed + s) for s in range(4)}
        log = TurnLog(0)
        n = 0
        while not game.is_over:
            seat, before = game.current_player, game.view(0)
            if seat == 0:
                events = log.take()
                n += 1
                if n % every == 0:
                    yield before, events
            a = bots[seat].act(game.view(seat))
            rounds = len(game.round_results)
            game.step(a)
            if len(game.round_results) == rounds:
                log.step(before, game.view(0), seat, a)
            else:
                log.end_round(game.round_results[-1])
                log.take()


@pytest.fixture(scope="module")
def positions():
    return list(_positions((0, 1, 2, 3), every=2))


def test_positions_cover_late_games(positions):
    assert len(positions) > 300
    many = [v for v, _ in positions if max(len(v.melds[0]), len(v.melds[1])) >= 12]
    assert len(many) >= 20, "the sample must hold late positions with many melds"
    assert any(len(v.legal_actions) >= 25 for v, _ in positions)
    assert any(len(e) >= 4 for _, e in positions)


def test_screen_fits_100_columns(positions):
    worst = 0
    for view, events in positions:
        lines = _render(view, events, 100)
        worst = max(worst, len(lines))
        assert len(lines) <= 40, "\n".join(lines)
        assert all(len(x) <= 100 for x in lines) and not any("…" in x for x in lines)
    assert worst <= 40


def test_screen_reads_at_80_columns(positions):
    whole = []
    for view, events in positions:
        lines = _render(view, events, 80)
        assert all(len(x) <= 80 for x in lines) and not any("…" in x for x in lines)
        whole.append(len(lines))
        table = _render(view, (), 80)
        top = next(i for i, x in enumerate(table) if x.startswith("Your turn"))
        assert top <= 14, "\n".join(table)
        assert len(lines) <= 30, "\n".join(lines)
        # Nothing of the table is lost to wrapping: every open meld is written in full.
        text = " ".join(lines)
        for t in (0, 1):
            for m in view.melds[t]:
                if not is_canasta(m):
                    assert meld_short(m) in text
    within = sum(n <= 24 for n in whole) / len(whole)
    assert within >= 0.99, f"only {within:.1%} of screens fit 24 lines"


def test_events_are_one_line_per_turn(positions):
    for _, events in positions:
        others = [e for e in events if not e.startswith("You ")]
        assert len(others) <= 3, events  # West, North and East: a line each, however many actions


def _west_down():
    return load_scenario({
        "round": 1, "current": 1, "phase": "draw",
        "players": [{"hand": "4 4 4"}, {"hand": "K K 7 7 7 Q 2 9"}, {"hand": "5 5 5"}, {"hand": "6 6 6"}],
        "teams": [{}, {"melds": ["K K K", "7 7 7", "Q Q Q Q Q Q"]}],
        "pile": "4 9", "stock": "8 8 8 8 8 8 8 8 8 8",
    })


def test_a_turn_is_summed_up_in_one_line():
    g = _west_down()
    log = TurnLog(0)
    for name in ("draw", "add K K", "add K K", "add 7 7", "add 7 7", "add Q Q", "discard 9"):
        before = g.view(0)
        g.step(name)
        log.step(before, g.view(0), 1, action_id(name))
    lines = log.take()
    assert lines == ["West drew, added 5 cards to three melds, completed a clean Q canasta and discarded 9."]
    assert len(log.rounds[-1]) >= 7  # the full log keeps every card
    assert "West added to a meld: K K K K." in log.rounds[-1]


def test_set_aside_melds_stay_out_of_the_summary():
    g = load_scenario({
        "round": 1, "current": 1, "phase": "draw",
        "players": [{"hand": "4 4 4"}, {"hand": "K K K Q Q Q 9"}, {"hand": "5 5 5"}, {"hand": "6 6 6"}],
        "pile": "4 9", "stock": "8 8 8 8 8 8 8 8 8 8",
    })
    log = TurnLog(0)
    for name in ("meld K K K", "meld Q Q Q", "draw", "discard 9"):
        before = g.view(0)
        g.step(name)
        log.step(before, g.view(0), 1, action_id(name))
    lines = log.take()
    assert lines == ["West drew and discarded 9."]
    assert not any("K" in x or "Q" in x for x in log.rounds[-1])


def test_negative_red_threes_say_why():
    b = {"melds": 100, "canastas": 0, "clean": 0, "dirty": 0, "wild": 0, "red_threes": 100,
         "red_threes_in_foot": -200, "going_out": 0, "cards_held": -50, "total": -50}
    ok = dict(b, red_threes_in_foot=0, total=150)
    out = io.StringIO()
    Console(file=out, width=80, no_color=True).print(
        round_table({"round": 1, "breakdown": [b, ok]}, [-50, 150]))
    text = out.getvalue()
    assert "-100" in text  # the figure: +100 laid down, -200 stuck in a foot
    assert "South/North red 3s: +100 laid down, -200 for 2 in an unpicked foot (rule 9.2)." in text
    assert "West/East red 3s" not in text


def test_help_gives_card_values_and_minimums_from_the_rules():
    text = help_text(Rules(), 2)
    assert "Card values: 50 for JK; 20 for A and 2; 10 for 8, 9, 10, J, Q and K; 5 for 4, 5, 6, 7 and B3." in text
    assert "50, 90, 120, 150" in text and "this round 90" in text
    variant = help_text(Rules(initial_minimums=(15, 25, 35, 45)), 1)
    assert "15, 25, 35, 45" in variant and "this round 15" in variant
    assert all(len(line) <= 80 for line in text.splitlines()[:11])  # the command table fits 80 columns


def test_pile_listing_says_which_end_is_the_top():
    text = pile_text((0, 5, 9), 7)
    assert "bottom first and top last: 4 9 K  <- top" in text
    long = pile_text(tuple(range(11)), 7)
    assert "A pickup takes the top 7: A K Q J 10 9 8 (top first)" in long
    assert pile_text((), 7) == "The pile is empty."
