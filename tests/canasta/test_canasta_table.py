"""Canasta's TableText (``footcanasta_env.canasta.table_text()``): moves in words, the prompt, the screen, the page's
JSON, all from a seat's views, and the face's ``rules_text`` and ``table``."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from rich.console import Console

from footcanasta_env import canasta
from footcanasta_env.family.cards import KINDS, kind_of
from footcanasta_env.games import INTERFACE
from tests.helpers.canasta_oracle import scenario

ROOT = Path(__file__).resolve().parents[2]
T = canasta.table_text()
# What the observation ("cobs") and the bots ("cbots") of Canasta bring to the face.
ELSEWHERE = {"OBS_SIZE", "OBS_VERSION", "encode", "make_bot", "bot_names", "check_bot_name", "strongest_bot",
             "hint_bot_name"}


def names(g) -> list[str]:
    return [canasta.action_name(a) for a in g.legal_actions()]


def parse(g, text: str):
    return T.parse_command(text, g.legal_actions(), g.why_illegal)


def step_lines(g, action: str, viewer: int = 0) -> list[str]:
    seat, before = g.current_player, g.view(viewer)
    a = canasta.action_id(action)
    g.step(a)
    return T.describe_step(before, g.view(viewer), seat, a)


def screen(view, events=(), width: int = 100) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None).print(T.render_screen(view, events, width))
    return out.getvalue().splitlines()


# ------------------------------------------------------------------------------------------------ the face


def test_the_face_offers_the_interface_names_of_the_engine_and_the_table():
    assert canasta.NAME == "canasta" and canasta.TITLE == "Canasta"
    assert [n for n in INTERFACE if n not in ELSEWHERE and not hasattr(canasta, n)] == []
    assert canasta.table_text() is T and canasta.table_text("en") is T  # one TableText per language
    import footcanasta_env.canasta.text.tabletext  # noqa: F401 - importing the package keeps `table_text` the function

    assert canasta.table_text() is T and canasta.table_text("de") is not T and canasta.table_text("de").lang == "de"


def test_rules_text_is_docs_canasta_md():
    # The checkout reads docs/ itself; the wheel's copy, made by the build, is tests/house/test_packaging.py's.
    doc = (ROOT / "docs" / "CANASTA.md").read_text(encoding="utf-8")
    assert canasta.rules_text() == doc
    assert canasta.rules_text(4).startswith("## 4. Taking the discard pile") and "## 5." not in canasta.rules_text(4)
    with pytest.raises(ValueError, match="no section 42"):
        canasta.rules_text(42)
    with pytest.raises(ValueError, match="a number"):
        canasta.rules_text("pile")


# ------------------------------------------------------------------------------------------------ the prompt


def down_south(hand: str, pile: str = "5 K", phase: str = "draw", melds=("A A A",), **kw):
    return canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], pile=pile, phase=phase,
                                          melds0=list(melds), **kw))


def test_short_forms_and_canonical_names_of_the_draw_step():
    g = down_south("K K 9 2")
    assert parse(g, "d").action == canasta.action_id("draw")
    assert parse(g, "p").action == parse(g, "PICKUP").action == parse(g, "take").action == canasta.action_id("pickup")
    assert parse(g, "1").action == g.legal_actions()[0]
    assert parse(g, "99").kind == "error" and "choose 1 to" in parse(g, "99").message
    for word in ("help", "hint", "pile", "look", "rules", "quit"):
        assert parse(g, word).kind == word
    assert parse(g, "log all").message == "all" and parse(g, "").kind == "empty"
    bad = parse(g, "x 9")
    assert bad.kind == "error" and "'discard 9' is not legal now" in bad.message and "rules 3.1, 3.3" in bad.message
    assert "rule 3.4" in parse(g, "x R3").message
    assert "unknown command 'fly away'" in parse(g, "fly away").message
    assert "unknown card" in parse(g, "m Z Z Z").message


def test_short_forms_of_the_play_step_and_errors_citing_the_rule():
    g = down_south("K K K 9 A 2 JK B3", phase="play")
    assert parse(g, "m K K K").action == canasta.action_id("meld K K K")
    assert parse(g, "meld 2 k k").action == canasta.action_id("meld K K 2")  # any order, any case
    ambiguous = parse(g, "m K")
    assert ambiguous.kind == "error" and "'meld K K K'" in ambiguous.message and "'meld K K JK'" in ambiguous.message
    assert parse(g, "a A").action == canasta.action_id("add A A")
    assert parse(g, "a A 2").action == canasta.action_id("add A 2")
    assert parse(g, "add a jk").action == canasta.action_id("add A JK")
    assert parse(g, "a JK").action == canasta.action_id("add A JK")  # the one meld a joker can go to
    assert parse(g, "x B3").action == canasta.action_id("discard B3")
    assert "you do not hold those cards (rule 5.1)" in parse(g, "m 9 9 9").message
    assert "not a meld" in parse(g, "m K Q J").message
    assert "rank first" in parse(g, "a 2 K").message
    assert "rule 5.4" in parse(g, "a K").message  # no meld of K on the table
    assert "rule 5.3" in parse(g, "m B3").message
    assert "rule 3.1" in parse(g, "d").message


def test_a_frozen_pile_refused_at_the_prompt_names_rules_4_2_and_4_3():
    g = canasta.load_scenario(scenario(["K 9 2", "5 6", "7 8", "4 10"], pile="5 K"))
    msg = parse(g, "p").message
    assert "frozen" in msg and "4.2" in msg and "4.3" in msg


# ------------------------------------------------------------------------------------------------ events


def test_another_players_draw_is_a_card_count_and_a_red_three_is_told():
    g = canasta.load_scenario(scenario(["K 9", "5 6", "7 8", "4 10"], current=1, pile="5", stock="Q 4 4"))
    assert step_lines(g, "draw") == ["West drew 1 card."]
    g = canasta.load_scenario(scenario(["K 9", "5 6", "7 8", "4 10"], current=1, pile="5", stock="R3 Q 4"))
    assert step_lines(g, "draw") == ["West drew 1 card.", "West laid down a red three from the stock."]
    g = canasta.load_scenario(scenario(["K 9", "5 6", "7 8", "4 10"], pile="5", stock="Q 4 4"))
    assert step_lines(g, "draw") == ["You drew Q."]


def test_set_aside_melds_are_private_until_laid_down():
    spec = scenario(["K 9", "K K K 5 6 A A A", "7 8", "4 10"], current=1, phase="play", pile="5")
    g = canasta.load_scenario(spec)
    before = g.view(0)
    assert step_lines(g, "meld K K K") == [] and not T.is_public(before, 1, canasta.action_id("meld K K K"))
    assert T.replay_note(g, 1, canasta.action_id("meld A A A")) == " (set aside)"
    assert "K K K" in T.private_text(g, 1) and T.private_text(g, 0) == ""
    assert step_lines(g, "meld A A A", viewer=1) == ["You set aside A A A (set aside: 90 of the 50 needed)."]
    lines = step_lines(g, "laydown")
    assert lines == ["West laid down the initial meld: K K K | A A A (worth 90)."]
    assert T.is_public(before, 1, canasta.action_id("laydown"))
    g = canasta.load_scenario(spec)
    g.step("meld K K K")
    assert step_lines(g, "discard 5") == ["West discarded 5."]  # the set-aside melds went back unseen


def test_a_pickup_names_the_pile_and_the_meld_and_a_canasta_is_told_by_kind():
    g = down_south("K 9 4", pile="5 9 K", melds=("A A A", "K K K K K K"))
    assert step_lines(g, "pickup") == [
        "You took the pile (3 cards, top K), melding K onto the Ks; into your hand: 5 9.",
        "South/North completed a natural canasta of K."]
    g = down_south("K 9 4 2", pile="5 9 Q", melds=("A A A", "K K K K K K K"), phase="play")
    assert step_lines(g, "add K 2") == ["You added 2 to the Ks.", "South/North: the canasta of K became mixed."]
    assert step_lines(g, "discard 9") == ["You discarded 9."]


def test_a_pickup_before_the_initial_meld_lays_it_down():
    g = canasta.load_scenario(scenario(["5 6", "Q Q 5 6", "7 8", "4 10"], current=1, pile="7 9 Q", scores=(0, -5)))
    assert step_lines(g, "pickup") == ["West took the pile (3 cards, top Q) and laid down the initial meld: "
                                       "Q Q Q (worth 30)."]


def test_the_turn_log_tells_another_players_turn_in_one_line():
    g = canasta.load_scenario(scenario(["K 9", "Q Q Q 5 6 J 2", "7 8", "4 10"], current=1, pile="5", stock="J 4 4",
                                       melds1=["J J J"]))
    log = T.turn_log(0)
    for name in ("draw", "meld Q Q Q", "add J J", "add J 2", "add J J", "discard 5"):
        before, seat = g.view(0), g.current_player
        g.step(name)
        log.step(before, g.view(0), seat, canasta.action_id(name))
    lines = log.take()
    assert lines == ["West drew, melded Q Q Q, added 3 cards to the Js and discarded 5."]
    assert "J" not in lines[0].split("Js")[1] and log.since == "the round began"
    assert sum(len(r) for r in log.rounds) == 6


def test_round_end_words():
    result = {"round": 3, "scores": (1200, -50), "went_out": 2, "concealed": True, "ended_by": "went_out"}
    assert T.describe_round_end(result) == ("North went out concealed: round 3 is over "
                                            "(South/North +1200, West/East -50).")
    result.update(went_out=None, ended_by="stock")
    assert T.describe_round_end(result).startswith("The stock ran out: round 3 is over")
    assert T.event_kind(canasta.action_id("meld B3 B3 B3")) == "meld_b3"


# ------------------------------------------------------------------------------------------------ the screen


def test_the_screen_shows_target_minimums_frozen_pile_canastas_and_threes():
    g = canasta.load_scenario(scenario(
        ["K 9 5 2 JK", "5 6", "7 8", "4 10"], phase="play", pile="8 2 Q", scores=(-100, 3000),
        melds0=["K K K K K K K", "7 7 7 7 7 7 2", "A A A"], red0=2, has_melded=(True, False, False, False)))
    text = "\n".join(screen(g.view(0)))
    assert "South/North -100" in text and "West/East 3000" in text and "target 5000" in text
    assert "you: made" in text and "West/East: 120 needed (score 3,000 or more)" in text
    assert "FROZEN for you (a wild card is in it)" in text and "Pile 3: top Q" in text and "Stock 4" in text
    assert "canastas: natural (K, 7 cards); mixed (7, 7 cards); red 3s: 2" in text and "melds: A A A" in text
    assert "×" not in text
    assert "West/East: no initial meld yet" in text
    assert "Your hand, 5 cards: 5  9  K  2  JK" in text
    for i, name in enumerate(names(g), 1):
        assert f"{i} {name}" in text
    g = canasta.load_scenario(scenario(["K 9", "5 6", "7 8", "4 10"], pile="8 Q", scores=(0, -20)))
    text = "\n".join(screen(g.view(0)))
    assert "you: 50 needed (score 0 to 1,495)" in text and "15 needed (score below 0)" in text
    assert "FROZEN for you (no initial meld yet)" in text


def test_black_threes_and_the_set_aside_melds_on_the_screen():
    g = canasta.load_scenario(scenario(["K K K 9", "5 6", "7 8", "4 10"], phase="play", pile="8"))
    g.step("meld K K K")
    text = "\n".join(screen(g.view(0)))
    assert "Set aside (30 of 50 needed): K K K" in text
    g = canasta.load_scenario(scenario(["5 6", "9", "7 8", "4 10"], current=1, phase="play", pile="8",
                                       melds0=["A A A"], melds1=["K K K K K K K", "B3 B3 B3"],
                                       has_melded=(True, True, False, False)))
    assert "black 3s: 3" in "\n".join(screen(g.view(0)))


def _positions(seeds):
    """South's views at their decisions in games of a meld-loving random bot, with the turn log's events."""
    for seed in seeds:
        rng = np.random.default_rng(seed)
        g = canasta.new_game(seed, rules=canasta.Rules(max_rounds=2))
        log = T.turn_log(0)
        while not g.is_over:
            seat, before = g.current_player, g.view(0)
            legal = g.legal_actions()
            keen = [a for a in legal if canasta.action_name(a).split()[0] in ("pickup", "meld", "add", "laydown")]
            a = int(rng.choice(keen if keen and rng.random() < 0.8 else legal))
            if seat == 0:
                yield g, before, log.take(), a
            rounds = len(g.round_results)
            g.step(a)
            if len(g.round_results) == rounds:
                log.step(before, g.view(0), seat, a)
            else:
                log.end_round(g.round_results[-1])


@pytest.fixture(scope="module")
def positions():
    return [(view, events) for _, view, events, _ in _positions(range(6))]


def test_the_screen_fits_100x40_and_80x24(positions):
    assert len(positions) > 100
    for width, height in ((100, 40), (80, 24)):
        for view, events in positions:
            lines = screen(view, events, width)
            assert len(lines) <= height, "\n".join(lines)
            assert all(len(line.rstrip()) <= width for line in lines)


def test_round_table_and_final_text():
    g = canasta.new_game(5, rules=canasta.Rules(max_rounds=1))
    while not g.is_over:
        g.step(g.legal_actions()[-1])
    out = io.StringIO()
    Console(file=out, width=80, no_color=True).print(T.round_table(g.round_results[-1], g.scores, g.rules))
    text = out.getvalue()
    assert "Round 1 scores" in text and "nat/mix" in text and "South/North*" in text
    assert T.final_text((100, 50)).endswith("You and North win!") and T.final_text((5, 5)).endswith("A draw.")


def test_help_rules_and_pile_words_come_from_the_rules():
    rules = canasta.Rules(target=3000, minimums=(10, 40, 80, 100))
    help_ = T.help_text(rules, 1)
    assert "m B3 B3 B3" in help_ and "x 9" in help_ and "10 (score below 0), 40 (score 0 to 1,495)" in help_
    assert "3000" in T.info_text("rules", None, rules) and T.info_text("nonsense", None, rules) is None
    g = down_south("K K 9", pile="5 2 K")
    pile = T.info_text("pile", g.view(0), g.rules)
    assert "5 2 K  <- top" in pile and "Frozen for you (a wild card is in it)" in pile


# ------------------------------------------------------------------------------------------------ the page


def test_view_state_has_what_the_page_needs():
    g = canasta.load_scenario(scenario(
        ["K 9 5 2 JK", "5 6", "7 8", "4 10"], phase="play", pile="8 2 Q", scores=(-100, 3000),
        melds0=["K K K K K K K", "7 7 7 7 7 7 2", "A A A"], red0=2, has_melded=(True, False, False, False)))
    s = T.view_state(g.view(0), g.round_results)
    assert s["hand"][0] == {"card": "5", "count": 1} and s["hand_size"] == 5
    assert s["legal"] == names(g) and s["target"] == 5000 and s["scores"] == [-100, 3000]
    assert s["minimum"] == [15, 120] and s["teams"][1]["minimum"] == 120
    assert s["pile"] == {"size": 3, "top": "Q", "cards": ["8", "2", "Q"], "frozen": True,
                         "frozen_why": "a wild card is in it", "blocked": False, "no_pickup": False}
    team = s["teams"][0]
    assert team["canastas"] == {"natural": 1, "mixed": 1} and team["red_threes"] == 2 and team["down"]
    assert [m["state"] for m in team["melds"]] == ["mixed canasta", "natural canasta",
                                                   "natural, 4 more cards for a canasta"]
    assert s["round_results"] == [] and s["players"][1]["held"] == 2


def test_the_selection_buttons_are_checked_by_the_table():
    g = down_south("K K K 9 2 JK B3 Q", phase="play")

    def check(seq):
        c = g.clone()
        for i, name in enumerate(seq):
            why = c.why_illegal(name)
            if why:
                return f"step {i + 1} of {len(seq)}, '{name}': {why}"
            c.step(name)
        return ""

    b = T.selection(g.view(0), ["K", "2", "K", "K", "JK"], check)
    assert b["meld"] == {"actions": ["meld K K K", "add K 2", "add K JK"], "ok": True, "reason": ""}
    assert b["add"]["A"]["ok"] is False and "takes only As" in b["add"]["A"]["reason"]
    assert T.selection(g.view(0), ["2"], check)["add"]["A"] == {"actions": ["add A 2"], "ok": True, "reason": ""}
    assert T.selection(g.view(0), ["9"], check)["discard"]["actions"] == ["discard 9"]
    assert not T.selection(g.view(0), ["B3", "B3", "B3"], check)["meld"]["ok"]
    assert "5.2)" in T.selection(g.view(0), ["2", "JK", "2"], check)["meld"]["reason"]
    assert not T.selection(g.view(0), [], check)["draw"]["ok"]
    with pytest.raises(ValueError, match="unknown card"):
        T.selection(g.view(0), ["Z"], check)
    assert kind_of("K") == KINDS.index("K")
