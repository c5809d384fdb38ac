"""The Canasta expert's club play, position by position (scenarios): each test fails if the habit is lost."""

from footcanasta_env import canasta
from footcanasta_env.canasta.bots import ExpertBot, GreedyBot
from footcanasta_env.canasta.bots.reading import holds_at_least, kept_pair_chance, pile_evidence, unseen_counts
from footcanasta_env.family.cards import KINDS, NUM_NATURAL, parse_cards
from tests.helpers.canasta_oracle import scenario

LONG = 32  # cards in the stock: far from the end of the round


def scenario_long(hands, melds0=(), melds1=(), pile="", **kw):
    """``scenario`` with a stock of ``LONG`` naturals left over from the decks."""
    used = [0] * len(KINDS)
    for text in (*hands, *melds0, *melds1, pile):
        for k in parse_cards(text):
            used[k] += 1
    stock = [KINDS[k] for k in range(NUM_NATURAL) for _ in range(8 - used[k])][:LONG]
    return scenario(hands, melds0=melds0, melds1=melds1, pile=pile, stock=" ".join(stock), **kw)


def south_turn(game, bot):
    """Let ``bot`` play South's whole turn; return the action names."""
    played = []
    while not game.is_over and game.current_player == 0:
        a = bot.act(game.view(0))
        played.append(canasta.action_name(a))
        game.step(a)
    return played


def test_guards_the_score_dependent_minimum():
    hand = "A A A K K K 2 9 J 5"
    below = canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], phase="play", pile="6", scores=(0, 0)))
    assert south_turn(below, ExpertBot(0))[0] == "meld A A A" and below.view(0).down[0]  # 90 >= 50
    at_3000 = canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], phase="play", pile="6",
                                             scores=(3000, 0)))
    played = south_turn(at_3000, ExpertBot(0))
    assert played[0].startswith("discard") and not at_3000.view(0).down[0]  # 110 < 120: nothing set aside
    greedy = canasta.load_scenario(scenario([hand, "5 6", "7 8", "4 10"], phase="play", pile="6", scores=(3000, 0)))
    assert south_turn(greedy, GreedyBot(0))[0].startswith("meld")  # greedy sets aside in vain


def test_sets_melds_aside_to_make_a_pickup_legal():
    g = canasta.load_scenario(scenario(["Q Q K K K 9 8 5", "5 6", "7 8", "4 10"], pile="4 6 Q"))
    assert "pickup" not in {canasta.action_name(a) for a in g.legal_actions()}  # 30 points < 50
    played = south_turn(g, ExpertBot(0))
    assert played[:2] == ["meld K K K", "pickup"] and g.view(0).down[0]


def test_never_feeds_the_next_opponent_a_card_they_melded():
    g = canasta.load_scenario(scenario_long(["9 K J Q Q 8 8", "5 6 7", "7 8", "4 10"], phase="play",
                                            pile="5 6 7 J", melds0=["A A A"], melds1=["9 9 9"]))
    a = canasta.action_name(ExpertBot(0).act(g.view(0)))
    assert a.startswith("discard") and a != "discard 9"


def test_a_black_three_blocks_a_dangerous_pile():
    g = canasta.load_scenario(scenario_long(["9 10 B3 K K", "5 6 7", "7 8", "4 10"], phase="play",
                                       pile="5 6 7 J 4 5 6 7 Q 8", melds0=["A A A"],
                                       melds1=["9 9 9", "10 10 10"]))
    assert canasta.action_name(ExpertBot(0).act(g.view(0))) == "discard B3"
    quiet = canasta.load_scenario(scenario_long(["4 B3 K K Q Q", "5 6 7", "7 8", "6 10"], phase="play", pile="5",
                                                melds0=["A A A"]))
    assert canasta.action_name(ExpertBot(0).act(quiet.view(0))) == "discard 4"  # kept while a safe card can go


def test_freezes_a_large_pile_that_the_opponents_would_take():
    hands = ["9 10 2 K", "5 6 7", "7 8", "4 10"]
    kw = dict(phase="play", pile="5 6 7 J 4 5 6 7 Q 8", melds1=["9 9 9", "10 10 10", "K K K"])
    g = canasta.load_scenario(scenario_long(hands, **kw))
    assert canasta.action_name(ExpertBot(0).act(g.view(0))) == "discard 2"
    small = canasta.load_scenario(scenario_long(hands, **{**kw, "pile": "5 6"}))
    assert canasta.action_name(ExpertBot(0).act(small.view(0))) != "discard 2"  # a small pile is not worth a wild


def test_goes_out_when_ahead_and_holds_when_far_behind():
    hands = ["Q Q Q 5", "5 6 7 8 9 J", "7 8 9 J 10", "4 10 J 9 K"]
    ahead = canasta.load_scenario(scenario_long(hands, phase="play", pile="6", melds0=["K K K K K K K"],
                                           melds1=["A A A"]))
    assert south_turn(ahead, ExpertBot(0)) == ["meld Q Q Q", "discard 5"]
    assert ahead.round_results[0]["went_out"] == 0
    behind = canasta.load_scenario(scenario_long(hands, phase="play", pile="5", melds0=["K K K K K K K"],
                                            melds1=["4 4 4 4 4 4 4", "6 6 6 6 6 6 6", "A A A A A A A"]))
    played = south_turn(behind, ExpertBot(0))
    assert "meld Q Q Q" not in played and not behind.round_results


def test_a_wild_card_completes_a_canasta():
    g = canasta.load_scenario(scenario_long(["2 9 8 5 4", "5 6 7", "7 8", "4 10"], phase="play", pile="6",
                                       melds0=["K K K K K K"]))
    assert canasta.action_name(ExpertBot(0).act(g.view(0))) == "add K 2"


def test_reads_who_discarded_and_who_drew_over_each_pile_card():
    # South to act: the top card came from East, the one below from North, then West's discard, then South's.
    g = canasta.load_scenario(scenario_long(["9 10 K K Q Q", "5 6 7", "7 8", "4 10"], phase="play",
                                            pile="9 6 10 4 7 8", melds0=["A A A"], melds1=["J J J"]))
    discarded, passed = pile_evidence(g.view(0), 1)
    assert discarded == {KINDS.index("4")} and passed == {KINDS.index("10")}
    east = pile_evidence(g.view(0), 3)  # the bottom card is never East's: it may be the upcard
    assert east == ({KINDS.index("8"), KINDS.index("6")}, {KINDS.index("7"), KINDS.index("9")})


def test_discards_a_card_the_next_opponent_drew_over():
    # 9 and 10 are alike (same value, as many seen), but West drew over a 10 instead of taking the pile.
    hands = ["9 10 K K Q Q", "5 6 7 4 5 6 7 8", "7 8", "4 10"]
    g = canasta.load_scenario(scenario_long(hands, phase="play", pile="9 6 10 4 7 8", melds0=["A A A"],
                                            melds1=["J J J"]))
    assert canasta.action_name(ExpertBot(0).act(g.view(0))) == "discard 10"
    swapped = canasta.load_scenario(scenario_long(hands, phase="play", pile="10 6 9 4 7 8", melds0=["A A A"],
                                                  melds1=["J J J"]))
    assert canasta.action_name(ExpertBot(0).act(swapped.view(0))) == "discard 9"


def test_a_pair_too_low_for_their_minimum_is_no_danger():
    # West's side has not melded (minimum 50 at a score of 0): a pair of kings (30 with the top) cannot take it
    # without more melds set aside; a pair of aces (60) can.
    g = canasta.load_scenario(scenario_long(["K A 5 5 6 6", "5 6 7 8 9 10 J Q", "7 8", "4 10"], phase="play",
                                            pile="9 6", melds0=["4 4 4"]))
    bot, v = ExpertBot(0), g.view(0)
    king, ace = bot.danger(v, KINDS.index("K")), bot.danger(v, KINDS.index("A"))
    assert king == 0.0 < ace
    # at a score of 1,500 (minimum 90) the aces (60) fall short too
    high = canasta.load_scenario(dict(g.to_scenario(), scores=[0, 1500]))
    assert bot.danger(high.view(0), KINDS.index("A")) == 0.0 < ace


def test_keeps_a_safe_discard_while_a_large_pile_is_open_to_them():
    # Melding J J J would leave Q and K, both on West's melds, to feed a pile of 13 open to West.
    hands = ["Q K J J J", "5 6 7 8 9 10 4 5", "7 8", "4 10"]
    big = canasta.load_scenario(scenario_long(hands, phase="play", pile="4 5 6 7 8 9 4 5 6 7 8 9 4",
                                              melds0=["6 6 6"], melds1=["Q Q Q", "K K K"]))
    played = south_turn(big, ExpertBot(0))
    assert "meld J J J" not in played and played[-1] == "discard J"
    small = canasta.load_scenario(scenario_long(hands, phase="play", pile="4 5", melds0=["6 6 6"],
                                                melds1=["Q Q Q", "K K K"]))
    assert south_turn(small, ExpertBot(0))[0] == "meld J J J"  # a small pile is not worth holding melds back


def test_does_not_lay_down_into_a_large_open_pile_with_nothing_safe_left():
    hands = ["J J J A A A Q K", "5 6 7 8 9 10 4 5", "7 8", "4 10"]
    big = canasta.load_scenario(scenario_long(hands, phase="play", pile="4 5 6 7 8 9 4 5 6 7 8 9 4",
                                              melds1=["Q Q Q", "K K K"]))
    played = south_turn(big, ExpertBot(0))
    assert len(played) == 1 and played[0].startswith("discard") and not big.view(0).down[0]
    small = canasta.load_scenario(scenario_long(hands, phase="play", pile="4 5", melds1=["Q Q Q", "K K K"]))
    south_turn(small, ExpertBot(0))
    assert small.view(0).down[0]


def test_takes_a_pile_it_may_take():
    g = canasta.load_scenario(scenario_long(["4 5 K Q", "5 6 7", "7 8", "4 10"], pile="4 6 7 8 9",
                                            melds0=["9 9 9"], melds1=["A A A"]))
    assert canasta.action_name(ExpertBot(0).act(g.view(0))) == "pickup"
    frozen = canasta.load_scenario(scenario_long(["4 5 K Q", "5 6 7", "7 8", "4 10"], pile="4 6 2 8 9",
                                                 melds0=["9 9 9"], melds1=["A A A"]))
    assert canasta.action_name(ExpertBot(0).act(frozen.view(0))) == "draw"  # frozen: a pair of nines needed


def test_remembers_what_the_next_opponent_discarded_drew_over_and_melded():
    # South discards; West (whose side has melded jacks) draws over it and discards a 4; South's next turn
    # reads that turn: the 4 and South's discard are capped in West's hand, and so are the jacks.
    g = canasta.load_scenario(scenario_long(["9 10 K K Q Q 5", "5 6 7 4 8 A", "7 8 4", "4 10 6"], phase="play",
                                            pile="6", melds0=["A A A"], melds1=["J J J"]))
    bot = ExpertBot(0)
    assert south_turn(g, bot)[-1].startswith("discard")
    south = g.view(1).pile_top
    for seat, card in ((1, "4"), (2, "7"), (3, "6")):
        assert g.current_player == seat
        g.step("draw")
        g.step(f"discard {card}")
    v = g.view(0)
    bot.act(v)
    four, jack = KINDS.index("4"), KINDS.index("J")
    assert bot.watch.caps[four] == (0.1, 0) and bot.watch.caps[jack] == (0.0, 0) and south in bot.watch.caps
    assert bot.danger(v, four) == 0.0 < ExpertBot(0).danger(v, four)  # a fresh bot knows only the pile


def test_a_melded_opponent_with_few_cards_is_read_as_holding_pairs():
    # West's side has melded; West holds three cards. Random draws seldom make a pair of queens in three
    # cards, but a player who melds triples and discards singles keeps pairs.
    g = canasta.load_scenario(scenario_long(["9 10 K K 8 8 5", "Q Q 9", "7 8 4", "4 10 6"], phase="play",
                                            pile="6 A A A A 2", melds0=["A A A"], melds1=["J J J"]))
    v = g.view(0)
    unseen = unseen_counts(v)
    queen = KINDS.index("Q")
    kept = kept_pair_chance(v, 1, queen, unseen, 0.3)
    assert kept > holds_at_least(v, 1, queen, 2, unseen)
    assert kept_pair_chance(v, 1, KINDS.index("J"), unseen, 0.3) == 0.0  # they would have added a jack
    assert kept_pair_chance(v, 1, KINDS.index("A"), unseen, 0.3) == 0.0  # one ace unseen: no pair
