"""CANASTA_RULES.md sections 11-13 and the engine's face: actions, views, scenarios, settings, purity."""

import ast
import json
import pathlib
import subprocess
import sys

import numpy as np
import pytest

from footcanasta_env import canasta
from footcanasta_env.family.cards import KINDS
from tests.helpers.canasta_oracle import scenario

RANKS = KINDS[:11]


def names(g):
    return {canasta.action_name(a) for a in g.legal_actions()}


# Rule 11: one flat action space with the canonical names of the rule book.
def test_rule_11_action_names():
    expected = ["draw", "pickup"]
    expected += [f"meld {r} {r} {x}" for r in RANKS for x in (r, "2", "JK")]
    expected += ["meld B3 B3 B3", "meld B3 B3 B3 B3"]
    expected += [f"add {r} {x}" for r in RANKS for x in (r, "2", "JK")]
    expected += ["laydown"] + [f"discard {c}" for c in RANKS + ("2", "JK", "B3")]
    assert list(canasta.ACTION_NAMES) == expected and canasta.NUM_ACTIONS == 85 == len(expected)
    assert canasta.ACTION_VERSION == 1
    for i, name in enumerate(expected):
        assert canasta.action_name(i) == name and canasta.action_id(name) == i
    assert canasta.action_id("  MELD k 2 K ") == canasta.action_id("meld K K 2")
    for bad in (-1, 85, "3", True):
        with pytest.raises(ValueError):
            canasta.action_name(bad)
    for bad in ("bogus", "", "meld K K", "add K", "discard R3", "meld 2 2 2", 5):
        with pytest.raises(ValueError):
            canasta.action_id(bad)


def test_rule_11_an_illegal_action_is_refused_naming_it_and_the_rule_state_unchanged():
    g = canasta.new_game(1)
    before = g.to_scenario()
    with pytest.raises(canasta.IllegalActionError, match=r"'laydown' is not legal now: .*rule 7\.2"):
        g.step("laydown")
    assert issubclass(canasta.IllegalActionError, ValueError)
    with pytest.raises(canasta.IllegalActionError, match="out of range"):
        g.step(999)
    with pytest.raises(canasta.IllegalActionError, match="an action is an id or a name"):
        g.step(1.5)
    with pytest.raises(ValueError, match="unknown Canasta action"):
        g.step("bogus")
    assert g.to_scenario() == before
    assert g.why_illegal("draw") == ""
    assert "rule 3.1" in g.why_illegal("discard 9") or "rules 3.1" in g.why_illegal("discard 9")
    mask = g.legal_mask()
    assert mask.dtype == np.int8 and mask.shape == (85,) and np.flatnonzero(mask).tolist() == g.legal_actions()
    assert g.step(np.int64(0)) is None  # numpy ints are action ids


# Rule 12: what each player may observe.
def test_rule_12_view_hides_the_other_hands_and_the_stock():
    g = canasta.new_game(8)
    s = g.to_scenario()
    v = g.view(0)
    # Shuffle what seat 0 may not see: the other hands (keeping their sizes) and the stock's order.
    hidden = sum((s["players"][p]["hand"].split() for p in (1, 2, 3)), []) + s["stock"].split()
    rng = np.random.default_rng(0)
    rng.shuffle(hidden)
    sizes = [len(s["players"][p]["hand"].split()) for p in (1, 2, 3)]
    at = 0
    for p, n in zip((1, 2, 3), sizes, strict=True):
        s["players"][p]["hand"] = " ".join(hidden[at:at + n])
        at += n
    s["stock"] = " ".join(hidden[at:])
    w = canasta.load_scenario(s).view(0)
    for field in v._fields:
        a, b = getattr(v, field), getattr(w, field)
        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b, field


def test_rule_12_view_contents():
    s = scenario(["K K K 9 8", "Q Q 5 6", "7 8", "4 10"], phase="play", pile="2 5", melds1=["J J J"],
                 set_aside=["A A A"], scores=(1500, -20), red1=2)
    s["memory"] = ["", "5", "", ""]
    g = canasta.load_scenario(s)
    v = g.view(0)
    assert v.seat == 0 and v.my_turn and v.legal_actions == tuple(g.legal_actions())
    assert v.set_aside == ((10, 3, 0, 0),) and v.held == (8, 4, 2, 2)
    assert v.pile == (11, 1) and v.pile_top == 1 and v.frozen == (True, True)
    assert v.minimums == (90, 15) and v.scores == (1500, -20) and v.target == 5000
    assert v.melds == ((), ((7, 3, 0, 0),)) and v.red_threes == (0, 2) and v.down == (False, True)
    assert v.memory[1][1] == 1 and v.stock_size == 4
    w = g.view(1)
    assert not w.my_turn and w.legal_actions == () and w.set_aside == () and w.held == v.held
    assert list(w.hand) == [0, 1, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]
    with pytest.raises(ValueError, match="seat"):
        g.view(4)


# Rule 13: scenarios in and out.
def test_rule_13_scenario_round_trip_mid_turn():
    g = canasta.load_scenario(scenario(["K K K K K K K 9", "5 6", "7 8", "4 10"], phase="play",
                                       melds0=["Q Q Q"], has_melded=(False, False, True, False)))
    g.step("meld K K K")
    s = g.to_scenario()
    assert s["turn_melds"] == "K" and s["has_melded"] == [True, False, True, False]
    h = canasta.load_scenario(json.loads(json.dumps(s)))
    assert h == g
    for a in ["add K K"] * 4 + ["discard 9"]:
        g.step(a)
        h.step(a)
    assert g == h and g.round_results[0]["concealed"]
    g = canasta.load_scenario(scenario(["K K K 9 8", "5 6", "7 8", "4 10"], phase="play"))
    g.step("meld K K K")
    assert canasta.load_scenario(g.to_scenario()) == g and g.to_scenario()["players"][0]["set_aside"] == ["K K K"]
    # a position written without has_melded (its default: all false, even for a side that is down) comes back
    g = canasta.load_scenario(scenario(["K A 5 5 6 6", "5 6 7", "7 8", "4 10"], phase="play", melds0=["4 4 4"]))
    assert g.down[0] and "has_melded" not in g.to_scenario() and canasta.load_scenario(g.to_scenario()) == g


BASE = scenario(["K 9", "5 6", "7 8", "4 10"], melds1=["J J J"])


def variant(**changes):
    s = json.loads(json.dumps(BASE))
    for path, value in changes.items():
        obj = s
        keys = path.split("__")
        for k in keys[:-1]:
            obj = obj[int(k)] if isinstance(obj, list) else obj[k]
        last = keys[-1]
        obj[int(last) if isinstance(obj, list) else last] = value
    return s


@pytest.mark.parametrize("spec,message", [
    (variant(foot="4"), r"unknown key\(s\) 'foot'"),
    (variant(players__0__foot="4"), r"players\[0\]: unknown key\(s\) 'foot'"),
    (variant(teams__0__canastas=1), r"teams\[0\]: unknown key\(s\) 'canastas'"),
    (variant(players__0__hand="K K K K K K K K K"), r"9 of K \(the decks hold 8\)"),
    (variant(players__0__hand="K R3"), r"red three.*rules 2\.4, 3\.4"),
    (variant(pile="R3"), r"pile holds a red three"),
    (variant(teams__1__melds=["J J J", "J J J J"]), r"two melds of J.*rule 5\.4"),
    (variant(teams__1__melds=["2 2 JK"]), r"rule 5\.2"),
    (variant(teams__1__melds=["J J"]), r"rule 5\.1"),
    (variant(teams__1__melds=["J J 2 2 2 JK"]), r"rule 5\.1"),
    (variant(teams__1__melds=["J J J"], teams__1__down=False), r"down is false"),
    (variant(teams__0__down=True), r"no meld is on the table"),
    (variant(players__1__set_aside=["Q Q Q"]), r"only the player to act"),
    (variant(teams__1__melds=["J J J", "B3 B3 B3"]), r"black threes.*rule 5\.3"),
    (variant(has_melded=[True, False, False, False]), r"has_melded\[0\] is true"),
    (variant(has_melded=[False, False, False, False]), r"teams\[1\] is down but has_melded"),
    (variant(players__2__hand=""), r"players\[2\] holds no card"),
    (variant(phase="discard"), r"phase must be 'draw' or 'play'"),
    (variant(scores=[1]), r"scores must be a pair"),
    (variant(rules={"target": 0}), r"scenario rules: rules: target must be at least 1"),
    (variant(turn_melds="K"), r"turn_melds"),
    ("{not json", r"not valid JSON"),
])
def test_rule_13_bad_scenarios_are_refused_by_name(spec, message):
    with pytest.raises(canasta.ScenarioError, match=message):
        canasta.load_scenario(spec)


def test_rule_13_rules_in_a_scenario_and_defaults():
    s = variant(rules={"target": 3000, "max_rounds": 4})
    g = canasta.load_scenario(s)
    assert g.rules == canasta.Rules(target=3000, max_rounds=4)
    assert g.to_scenario()["rules"] == {"target": 3000, "max_rounds": 4}
    assert "rules" not in canasta.new_game(1).to_scenario()


# The settings object: defaults, round trip, impossible settings refused with the reason.
def test_rules_defaults_and_round_trip():
    r = canasta.Rules()
    assert (r.target, r.max_rounds, r.minimums) == (5000, None, (15, 50, 90, 120))
    bonuses = (r.natural_canasta_bonus, r.mixed_canasta_bonus, r.going_out_bonus, r.concealed_bonus)
    assert bonuses == (500, 300, 100, 200)
    assert r.card_values[KINDS.index("JK")] == 50 and r.card_values[KINDS.index("B3")] == 5
    r2 = canasta.Rules(target=2000, minimums=[10, 20, 30, 40])
    assert canasta.Rules.from_dict(r2.to_dict()) == r2
    assert r2.changes() == {"target": 2000, "minimums": [10, 20, 30, 40]}


@pytest.mark.parametrize("kwargs,message", [
    ({"target": 0}, "target must be at least 1"),
    ({"max_rounds": 0}, "max_rounds must be at least 1"),
    ({"max_rounds": 1.5}, "max_rounds must be a whole number"),
    ({"minimum_thresholds": (0, 0, 3000)}, "must rise strictly"),
    ({"minimums": (15, 50, 90)}, "one minimum per score band"),
    ({"minimums": (-1, 50, 90, 120)}, "must not be negative"),
    ({"going_out_bonus": -100}, "going_out_bonus must not be negative"),
    ({"card_values": (5,) * 14}, "needs 15 values"),
    ({"card_values": (5,) * 15}, "a red three has no card value"),
    ({"target": "5000"}, "target must be a whole number"),
    ({"target": True}, "target must be a whole number"),
])
def test_bad_rules_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(ValueError, match=message):
        canasta.Rules(**kwargs)


def test_rules_from_dict_refuses_unknown_fields_and_the_other_games_rules():
    with pytest.raises(ValueError, match="unknown field.*rounds"):
        canasta.Rules.from_dict({"rounds": 3})  # Foot Canasta's (decks is Canasta's too since section 14)
    import footcanasta_env

    with pytest.raises(ValueError, match="footcanasta_env.canasta.Rules"):
        canasta.new_game(1, rules=footcanasta_env.Rules())


PACKAGE = pathlib.Path(canasta.__file__).parent
ALLOWED_ROOT = {"footcanasta_env.family.cards", "footcanasta_env.family.seats", "footcanasta_env.seeds",
                "footcanasta_env.family.botregistry", "footcanasta_env.messages", "footcanasta_env.family"}
# the shared vocabulary (messages: the
# engines' refusals as ids and parameters) and the game-generic bot registry
# The envs room alone may load the RL frameworks it adapts the game to (never the engine: see below).
ALLOWED_THIRD_PARTY = {"envs": {"numpy", "gymnasium", "pettingzoo"}, "text": {"numpy", "rich"}}  # the rest: numpy
# ... and the house's env machinery that every game's envs subclass (footcanasta_env/envkit); the bots room the
# game-generic policy file format its learned bot reads (footcanasta_env/policyfile.py); text: the languages;
# the face (__init__.py): rules_text checks the language asked for.
ALLOWED_HOUSE = {"envs": ("footcanasta_env.envkit",), "bots": ("footcanasta_env.policyfile",),
                 "text": ("footcanasta_env.i18n",), "__init__.py": ("footcanasta_env.i18n",)}


def test_the_package_imports_only_the_shared_root_vocabulary():
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE.parent.parent).with_suffix("").parts)
        package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module.removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    target = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    target = node.module
                targets = [target]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for t in targets:
                if t.startswith("footcanasta_env"):
                    house = ALLOWED_HOUSE.get(path.relative_to(PACKAGE).parts[0], ())
                    ok = t.startswith(("footcanasta_env.canasta", *house)) or t in ALLOWED_ROOT
                    ok = ok or t.startswith("footcanasta_env.family.")
                    assert ok, f"{path.name} imports {t}"
                else:
                    allowed = ALLOWED_THIRD_PARTY.get(path.relative_to(PACKAGE).parts[0], {"numpy"})
                    assert t.split(".")[0] in sys.stdlib_module_names | allowed, f"{path.name} imports {t}"


def test_the_engine_loads_no_rl_or_web_framework():
    code = """
import sys
from footcanasta_env import canasta
g = canasta.new_game(3, rules=canasta.Rules(max_rounds=2))  # a fixed policy may never reach the target
while not g.is_over:
    g.step(g.legal_actions()[-1])
g.view(0)
bad = sorted(m for m in ("gymnasium", "pettingzoo", "torch", "stable_baselines3", "ray", "starlette", "uvicorn")
             if m in sys.modules)
print(",".join(bad) or "clean")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "clean"


def test_rule_12_the_memory_of_pickups_falls_as_cards_are_played_in_sight():
    g = canasta.load_scenario(scenario(["K K 9 8 7", "5 6", "7 8", "4 10"], pile="Q Q Q 9 9 K", melds0=["A A A"]))
    g.step("pickup")
    assert g.to_scenario()["memory"][0] == "9 9 Q Q Q"
    g.step("meld Q Q Q")
    assert g.to_scenario()["memory"][0] == "9 9"
    g.step("meld 9 9 9")  # two of the nines came from the pile, one from the hand: never below zero
    g.step("discard 7")
    assert g.to_scenario()["memory"][0] == ""
    assert g.view(1).memory[0].sum() == 0
