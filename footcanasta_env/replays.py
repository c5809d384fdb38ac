"""Replay files of any game of the house: every action of every seat, saved as JSON, and their exact reproduction.

Format (``"format": "footcanasta-replay"``, ``"version": 1``)::

    {
      "format": "footcanasta-replay", "version": 1, "game": "footcanasta", "action_version": 1,
      "created": "2024-05-01T20:15:00", "seed": 123456, "daily": "2024-05-01" or null,
      "rules": {... every field of Rules ...},
      "players": [{"seat": 0, "name": "South", "kind": "human"},
                  {"seat": 1, "name": "West", "kind": "bot", "bot": "greedy", "seed": 987}, ...],
      "actions": [[1, "draw"], [1, "discard 9"], [2, "pickup"], ...],
      "complete": true,
      "result": {"scores": [2310, 1875], "rounds": [[510, 300], ...], "winner": 0}
    }

``game`` names the game (``footcanasta_env.games``; a file without it is Foot Canasta's, as every file
written before there were two games). ``"hosted": true`` marks a hosted server's daily game, dealt from a
seed of the server's own (published once the day is over) rather than the public daily seed of its date. A
game is a function of its seed, its rules and its actions, so ``reproduce`` rebuilds it exactly through the
game's interface and checks the saved result against it. The bots and their seeds are recorded for the
reader; reproducing a game does not run them. The table is the game's ``geometry(rules)``: one player per
seat, ``scores`` and each round's one total per side, ``winner`` the side alone on top (null on a tie).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .games import DEFAULT_GAME, check_game_name, get_game
from .seeds import MAX_SEED, daily_seed

REPLAY_FORMAT = "footcanasta-replay"
REPLAY_VERSION = 1


class ReplayError(ValueError):
    """A replay file that cannot be read, is malformed, or does not reproduce its game."""


@dataclass
class Replay:
    """The record of one game: how it was dealt, who played, and every action."""

    seed: int
    rules: Any  # the game's Rules
    players: list[dict[str, Any]]
    daily: str | None = None
    game: str = DEFAULT_GAME
    actions: list[tuple[int, str]] = field(default_factory=list)
    complete: bool = False
    result: dict[str, Any] | None = None
    created: str = field(default_factory=lambda: _dt.datetime.now().isoformat(timespec="seconds"))
    hosted: bool = False  # a hosted server's daily: its seed is the server's, not the date's public one

    def record(self, seat: int, action: int) -> None:
        """Append one action taken by ``seat``."""
        self.actions.append((seat, get_game(self.game).action_name(action)))

    def finish(self, game: Any) -> None:
        """Store the game's result so far (all of it once the game is over)."""
        self.complete = game.is_over
        scores = [int(x) for x in game.scores]
        top = get_game(self.game).geometry(self.rules).winners(scores)
        self.result = {
            "scores": scores,
            "rounds": [[int(x) for x in r["scores"]] for r in game.round_results],
            "winner": top[0] if game.is_over and len(top) == 1 else None,
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able form of the replay."""
        return {
            "format": REPLAY_FORMAT, "version": REPLAY_VERSION, "game": self.game,
            "action_version": get_game(self.game).ACTION_VERSION,
            "created": self.created, "seed": self.seed, "daily": self.daily, "rules": self.rules.to_dict(),
            "players": self.players, "actions": [[s, a] for s, a in self.actions],
            "complete": self.complete, "result": self.result, **({"hosted": True} if self.hosted else {}),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the replay to ``path`` (through a temporary file, so a crash never leaves half a file)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        d = self.to_dict()
        actions = d.pop("actions")
        # One action per line keeps the file readable and diffable; the rest is ordinary indented JSON.
        head = json.dumps(d, indent=1)[:-2]
        body = ",\n  ".join(json.dumps(a) for a in actions)
        text = head + ',\n "actions": [' + (f"\n  {body}\n " if actions else "") + "]\n}\n"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        return path


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise ReplayError(why)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_result(result: dict[str, Any], sides: int) -> None:
    """A saved result's scores and rounds: one whole number per side each."""
    def per_side(v: Any) -> bool:
        return isinstance(v, list) and len(v) == sides and all(_is_int(x) for x in v)

    _need(per_side(result.get("scores")),
          f"replay result scores must be {sides} whole numbers, one per side, got {result.get('scores')!r}")
    rounds = result.get("rounds", [])
    _need(isinstance(rounds, list) and all(per_side(r) for r in rounds),
          f"replay result rounds must be a list of scores, {sides} whole numbers each")


def replay_from_dict(d: Any) -> Replay:
    """Check a decoded replay file and build the ``Replay``; anything wrong raises ``ReplayError``."""
    _need(isinstance(d, dict), f"not a footcanasta replay: expected a JSON object, got {type(d).__name__}")
    _need(d.get("format") == REPLAY_FORMAT, f"not a footcanasta replay (format is {d.get('format')!r})")
    _need(d.get("version") == REPLAY_VERSION,
          f"replay version {d.get('version')!r} is not supported (this footcanasta reads version {REPLAY_VERSION})")
    try:
        name = check_game_name(d.get("game", DEFAULT_GAME))
    except ValueError as e:
        raise ReplayError(f"replay game: {e}") from None
    game = get_game(name)
    _need(d.get("action_version") == game.ACTION_VERSION,
          f"replay action_version {d.get('action_version')!r} does not match this footcanasta's "
          f"{game.TITLE} ({game.ACTION_VERSION})")
    seed = d.get("seed")
    _need(_is_int(seed) and 0 <= seed <= MAX_SEED,
          f"replay seed must be a whole number from 0 to 2**128-1, got {seed!r}")
    daily, hosted = d.get("daily"), d.get("hosted", False)
    _need(isinstance(hosted, bool), f"replay hosted must be true or false, got {hosted!r}")
    _need(not hosted or daily is not None, "replay hosted is only for a daily game")
    if daily is not None:
        _need(isinstance(daily, str), f"replay daily must be a date string or null, got {daily!r}")
        try:
            expected = daily_seed(daily)
        except ValueError as e:
            raise ReplayError(f"replay daily: {e}") from None
        _need(hosted or expected == seed, f"replay seed {seed} is not the seed of the daily game of {daily}")
    try:
        rules = game.Rules.from_dict(d.get("rules", {}))
    except (ValueError, TypeError) as e:
        raise ReplayError(f"replay rules: {e}") from None
    table = game.geometry(rules)
    players = d.get("players")
    _need(isinstance(players, list) and len(players) == table.seats and all(isinstance(p, dict) for p in players),
          f"replay players must be a list of {table.seats} objects, one per seat")
    actions = d.get("actions")
    _need(isinstance(actions, list), "replay actions must be a list of [seat, action name] pairs")
    parsed: list[tuple[int, str]] = []
    for i, item in enumerate(actions):
        ok = (isinstance(item, list) and len(item) == 2 and _is_int(item[0]) and item[0] in range(table.seats)
              and isinstance(item[1], str))
        _need(ok, f"replay action {i + 1} must be [seat 0-{table.seats - 1}, action name], got {item!r}")
        parsed.append((item[0], item[1]))
    complete = d.get("complete", False)
    _need(isinstance(complete, bool), f"replay complete must be true or false, got {complete!r}")
    result = d.get("result")
    if result is not None:
        _need(isinstance(result, dict), "replay result must be an object")
        _check_result(result, table.num_sides)
    _need(not complete or result is not None, "replay says the game is complete but has no result")
    created = d.get("created", "")
    return Replay(seed=seed, rules=rules, players=players, daily=daily, game=name, actions=parsed,
                  complete=complete, result=result, created=created if isinstance(created, str) else "", hosted=hosted)


def _to(scores: list[int]) -> str:
    """Totals as people say them: ``2310 to 1875``."""
    return " to ".join(map(str, scores))


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read and check a replay file; a missing, unreadable or damaged file raises ``ReplayError``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ReplayError(f"cannot read replay {str(path)!r}: {e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReplayError(f"replay {str(path)!r} is damaged: not valid JSON ({e})") from None
    try:
        return replay_from_dict(data)
    except ReplayError as e:
        raise ReplayError(f"replay {str(path)!r} is damaged: {e}") from None


def dealt_game(replay: Replay) -> Any:
    """The game as it was dealt, before any action."""
    return get_game(replay.game).new_game(seed=replay.seed, rules=replay.rules)


StepHook = Callable[[Any, int, int, int], None]
"""Called after each action as ``hook(game, index, seat, action_id)``."""


def reproduce(replay: Replay, on_step: StepHook | None = None, before_step: StepHook | None = None) -> Any:
    """Replay every action on a fresh game and check the saved result; a mismatch raises ``ReplayError``."""
    game = dealt_game(replay)
    module = get_game(replay.game)
    action_id, names = module.action_id, module.geometry(replay.rules).seat_names
    for i, (seat, name) in enumerate(replay.actions):
        where = f"action {i + 1} ({names[seat]}: {name!r})"
        _need(not game.is_over, f"{where}: the game is already over")
        _need(seat == game.current_player,
              f"{where}: it is {names[game.current_player]}'s turn, not {names[seat]}'s")
        try:
            a = action_id(name)
        except ValueError as e:
            raise ReplayError(f"{where}: {e}") from None
        if before_step is not None:
            before_step(game, i, seat, a)
        try:
            game.step(a)
        except ValueError as e:  # the game's IllegalActionError
            raise ReplayError(f"{where}: {e}") from None
        if on_step is not None:
            on_step(game, i, seat, a)
    _need(game.is_over or not replay.complete,
          f"the replay says the game is complete but its {len(replay.actions)} actions do not finish it")
    _need(not game.is_over or replay.complete, "the actions finish the game but the replay says it is incomplete")
    if replay.result is not None:
        got = list(game.scores)
        saved = list(replay.result["scores"])
        _need(got == saved, f"the replayed game scores {_to(got)}, the file says {_to(saved)}")
        rounds = [list(r["scores"]) for r in game.round_results]
        saved_rounds = replay.result.get("rounds", rounds)
        _need(rounds == saved_rounds, f"the replayed round scores {rounds} differ from the saved {saved_rounds}")
    return game
