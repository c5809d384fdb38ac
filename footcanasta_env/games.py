"""The games of the house, looked up by name: the one door through which the game-generic layers reach a game.

Evaluation, review, the table people play at (terminal and browser), the web server and the training
scripts never import a game's engine, observation or bots: they ask ``get_game(name)`` (``"footcanasta"``
by default) for a game module and use only the names of ``GameModule``. A new game of the family is a
package of its own whose face offers those names, made known with ``register_game(name, "module.path")``
(or an object with the same attributes, as the tests' toy game does); no line of the layers changes.

The module is imported when the game is first asked for, so looking a game up costs nothing until then,
and a module that lacks a name of the interface is refused with the names it lacks. ``_GAMES`` below is the
one list of the built-in games: the gym ids, the wheel's package data and rule books, the shipped policies'
folders and the rules a game prints all follow from it and from each game's ``MANIFEST``
(``family.manifest``; ``manifest(name)`` and ``game_folder(name)`` read them without the game's envs).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .family.manifest import Manifest
from .messages import N_, Message, MessageError

DEFAULT_GAME = "footcanasta"


@runtime_checkable
class GameModule(Protocol):
    """What every game offers the layers above it (a module, or any object with these attributes).

    The game: ``NAME`` (its registry name), ``TITLE`` (for people), ``new_game(seed=None, rules=None,
    daily=None)``, ``load_scenario(spec, seed=0)``, ``Rules`` (its settings: ``Rules.from_dict(rules.to_dict())``
    rebuilds them, as replay files do), ``rules_text(section=None, lang="en")`` (the rules for people, Markdown,
    in any language of ``footcanasta_env.i18n.LANGUAGES``; a section by its number).
    Actions: ``NUM_ACTIONS``, ``ACTION_VERSION``, ``action_name(i)``, ``action_id(name)``.
    Observation: ``OBS_SIZE``, ``OBS_VERSION``, ``encode(view)`` (one seat's view as float32 ``OBS_SIZE``).
    Bots: ``make_bot(name, seed)``, ``bot_names()`` (every name ``make_bot`` takes, ``learned`` included
    when the game ships one), ``check_bot_name(name, patterns=True)`` (the canonical name, or a
    ``ValueError``; ``patterns=False`` refuses names that load files or take options, such as
    ``policy:PATH``: what a stranger may not ask for), ``strongest_bot()``, ``hint_bot_name()``. Every
    game has a ``random`` bot (the last fallback of a person's table); the trainers' opponents are
    ``greedy`` and ``expert``, and ``learned`` is the shipped policy of a game that has one.
    Its table: ``geometry(rules=None)`` (a ``footcanasta_env.family.geometry.Geometry``: the seats, the sides
    as tuples of seats, the seat and side names, for the default rules or ``rules``); every layer above reads
    seats, partners, opponents and the sides' scores from it.
    The table (``footcanasta_env.table``): ``table_text(lang="en")`` (the game's ``TableText`` in one of
    ``i18n.LANGUAGES``: how its moves, screens and JSON state are told to a person; see
    ``footcanasta_env.table.text``).
    Optional: ``MANIFEST``, what the game registers once (a ``footcanasta_env.family.manifest.Manifest``: its
    gym ids, shipped files, rule book, page assets, checkpoints folder); a game without one registers none.
    Optional: ``review_move(view, played, options, seed, reference=None)`` (a move rated against
    ``reference``, the hint's move, or else the best one: a dict with ``best``, ``loss``, ``se``, ``worlds``,
    ``candidates``), ``REVIEW_OPTIONS`` and ``check_review_options``; a game without them is reviewed against
    its hint bot's moves (``footcanasta_env.evaluation.review``). Optional: ``DEMO`` (a
    ``footcanasta_env.family.demo.DemoText``: the game's part of ``footcanasta demo``).
    A game (what ``new_game`` returns) has ``current_player``, ``round``, ``is_over``, ``scores`` (one total per
    side of its geometry), ``round_results`` (dicts with ``"round"`` and ``"scores"``), ``rules``,
    ``legal_actions()``, ``step(id or name)`` (a refused move raises a ``ValueError``), ``why_illegal(a)``
    (English) and ``why_illegal_message(a)`` (the same reason as a ``messages.Message``, to render in a
    language), ``clone()`` and ``view(seat)``; a view has ``seat``, ``legal_actions`` and ``my_turn``.
    """

    NAME: str
    TITLE: str
    NUM_ACTIONS: int
    ACTION_VERSION: int
    OBS_SIZE: int
    OBS_VERSION: int
    Rules: Any

    def new_game(self, seed: int | None = None, rules: Any = None, daily: Any = None) -> Any: ...
    def load_scenario(self, spec: Any, seed: int = 0) -> Any: ...
    def rules_text(self, section: int | str | None = None, lang: str = "en") -> str: ...
    def action_name(self, i: int) -> str: ...
    def action_id(self, name: str) -> int: ...
    def encode(self, view: Any) -> Any: ...
    def make_bot(self, name: str, seed: int | None = None) -> Any: ...
    def bot_names(self) -> list[str]: ...
    def check_bot_name(self, name: str, patterns: bool = True) -> str: ...
    def strongest_bot(self) -> str: ...
    def hint_bot_name(self) -> str: ...
    def table_text(self, lang: str = "en") -> Any: ...
    def geometry(self, rules: Any = None) -> Any: ...


INTERFACE: tuple[str, ...] = (
    "NAME", "TITLE", "new_game", "load_scenario", "Rules", "rules_text", "NUM_ACTIONS", "ACTION_VERSION",
    "action_name", "action_id", "OBS_SIZE", "OBS_VERSION", "encode", "make_bot", "bot_names", "check_bot_name",
    "strongest_bot", "hint_bot_name", "table_text", "geometry",
)
"""The names every game offers (``GameModule``)."""

TRAINING: tuple[str, ...] = (
    "GameEncoder", "HIDDEN_CARDS_SIZE", "hidden_cards", "team_reward", "env", "raw_env", "GymEnv",
)
"""What the training scripts need besides ``INTERFACE``: ``GameEncoder(game)`` (the fast incremental encoder,
``observe(seat)``), ``hidden_cards(game, seat)`` (the critic's privileged input, ``HIDDEN_CARDS_SIZE``),
``team_reward(results, team, mode, scale)``, the AEC ``env``/``raw_env`` and the one-seat gymnasium ``GymEnv``."""

# name -> a module path (imported on first use) or the game object itself
_GAMES: dict[str, str | Any] = {"footcanasta": "footcanasta_env.footcanasta", "canasta": "footcanasta_env.canasta"}
_LOADED: dict[str, Any] = {}
_LOCK = threading.Lock()
_FOLLOWERS: list[Callable[[], None]] = []


def register_game(name: str, game: str | Any) -> None:
    """Make a game known by ``name``: a module path (imported when first asked for) or a game object. Those who
    follow the games (``on_change``: gymnasium's registry of the manifests' ids) are told at once; a game they
    refuse (a bad manifest) is not registered either, and their error is raised."""
    if not isinstance(name, str) or not name.strip() or name != name.strip().lower():
        raise ValueError(f"a game name is a lower-case word such as 'canasta', got {name!r}")
    with _LOCK:
        before = _GAMES.get(name)
        _GAMES[name] = game
        _LOADED.pop(name, None)
    try:
        _changed()
    except Exception:
        with _LOCK:
            if before is None:
                del _GAMES[name]
            else:
                _GAMES[name] = before
        raise


def unregister_game(name: str) -> None:
    """Forget a game registered with ``register_game`` (the default game cannot be removed); those who follow
    the games are told (gymnasium's registry forgets its ids)."""
    if name == DEFAULT_GAME:
        raise ValueError(f"the default game {DEFAULT_GAME!r} cannot be unregistered")
    with _LOCK:
        _GAMES.pop(name, None)
        _LOADED.pop(name, None)
    _changed()


def on_change(follow: Callable[[], None]) -> None:
    """Call ``follow()`` after every ``register_game`` and ``unregister_game`` (once per function, however often
    given): how ``envkit.registration`` keeps gymnasium's registry in step with the games, without this module
    importing it."""
    if follow not in _FOLLOWERS:
        _FOLLOWERS.append(follow)


def _changed() -> None:
    for follow in list(_FOLLOWERS):
        follow()


def manifest(name: str | None = None) -> Manifest:
    """The ``MANIFEST`` of the game registered as ``name`` (``None``: ``DEFAULT_GAME``); an empty ``Manifest``
    for a game that registers nothing. A module path is imported (the game's face: never its envs, bots or
    gymnasium), without the interface check of ``get_game``; a ``MANIFEST`` that is no ``Manifest`` is refused."""
    key = check_game_name(name)
    found = getattr(_face(key), "MANIFEST", Manifest())
    if not isinstance(found, Manifest):
        raise TypeError(f"game {key!r}: MANIFEST must be a footcanasta_env.family.manifest.Manifest, "
                        f"got {type(found).__name__}")
    return found


def game_folder(name: str | None = None) -> Path:
    """The folder the paths of the game's manifest start from: its package's (or its module's) folder."""
    key = check_game_name(name)
    file = getattr(_face(key), "__file__", None)
    if not file:
        raise ValueError(f"game {key!r} is an object without a file: it has no folder of its own")
    return Path(file).resolve().parent


def _face(key: str) -> Any:
    # The module or object as registered, not held under _LOCK: importing a face may load gymnasium, whose
    # registration reads every manifest through here.
    target = _LOADED.get(key) or _GAMES[key]
    return importlib.import_module(target) if isinstance(target, str) else target


def game_names() -> list[str]:
    """The names ``get_game`` knows, the default first."""
    return [DEFAULT_GAME] + sorted(n for n in _GAMES if n != DEFAULT_GAME)


def check_game_name(name: Any) -> str:
    """``name`` as a known game name (``None`` or ``""``: the default), or a ``ValueError`` naming the known ones."""
    if name is None or name == "":
        return DEFAULT_GAME
    if not isinstance(name, str):
        raise ValueError(f"a game name must be a string, got {type(name).__name__}")
    key = name.strip().lower()
    if key not in _GAMES:
        raise MessageError(Message(N_("unknown game {name} (known: {known})"), name=repr(name),
                                   known=", ".join(game_names())))
    return key


def get_game(name: str | None = None, need: Iterable[str] = ()) -> GameModule:
    """The game module registered as ``name`` (``None``: ``DEFAULT_GAME``), checked against ``INTERFACE``;
    ``need`` names more that the caller uses (``TRAINING``), refused by name when the game lacks them."""
    key = check_game_name(name)
    game = _LOADED.get(key) or _load(key)
    lacking = [n for n in need if not hasattr(game, n)]
    if lacking:
        raise ValueError(f"game {key!r} does not offer {', '.join(lacking)}")
    return game


def _load(key: str) -> GameModule:
    with _LOCK:
        target = _GAMES[key]
        game = importlib.import_module(target) if isinstance(target, str) else target
        missing = [n for n in INTERFACE if not hasattr(game, n)]
        if missing:
            raise TypeError(f"game {key!r} ({getattr(game, '__name__', type(game).__name__)}) lacks "
                            f"{', '.join(missing)} of the game interface")
        if game.NAME != key:
            raise TypeError(f"game registered as {key!r} calls itself {game.NAME!r}")
        _LOADED[key] = game
        return game
