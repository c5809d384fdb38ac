"""The JSON API's description, OpenAPI 3.1, served at ``GET /api/openapi.json`` (``openapi``).

``description()`` builds it: every route of ``/api/`` with its path and query parameters, its request body
(a JSON object that takes no other field than those named) and each answer it can give. A success is
described as the server sends it; a game's ``state`` only loosely (an object with its ``version`` and its
``legal`` actions: the rest belongs to the page and changes with it), and so are a replay, a review and a
catalog. Every refusal is ``{"error": "one line"}``: 400 bad input, 403 another site's page (``Origin``),
404 no such game, 409 not now (a stale version, an illegal move, a game not over, a daily not over
everywhere), 413 a body too large, 415 a body that is not JSON, 429 over a rate limit or the cap on
unfinished games (with ``Retry-After``), 503 the database or the bots unavailable (with ``Retry-After``).
``tests/web/test_web_schema.py`` fuzzes the server against it with Schemathesis, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import functools
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..i18n import LANGUAGES
from ..seeds import MAX_SEED

JSON = "application/json"
ERRORS = {
    400: "bad input (a field, a value, a language)",
    403: "a page of another site (Origin) may not call this server",
    404: "no such game",
    409: "not now: a stale version, an illegal move, a game not over yet",
    413: "request body too large",
    415: "the body is not sent as application/json",
    429: "over a rate limit or the cap on unfinished games; Retry-After says when to come back",
    503: "the database or the bots are unavailable for now; Retry-After says when to come back",
}
ALWAYS = (400, 403, 429, 503)  # any request: a bad ?lang=, a foreign Origin, a rate limit, the database down
POSTED = (413, 415)
DATE = {"type": "string", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "example": "2026-01-31"}
DATE_OR_NONE = r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"  # none: today
STRINGS = {"type": "array", "items": {"type": "string"}}
SEED_PATTERN = r"^[0-9]{1,39}$"
SEED_TEXT = (f"a whole number from 0 to {MAX_SEED} (2**128-1), the range of `footcanasta play --seed`, as a string "
             "of decimal digits (what the page sends, and how every answer gives a seed: a JavaScript number cannot "
             "hold every seed); an exact JSON integer is still accepted, never a float such as 5.0")
NAME = {"type": ["string", "null"], "example": "Ada",
        "description": "a display name: 1 to 24 printable characters once normalised (NFKC, spaces collapsed)"}
SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "additionalProperties": False,
              "properties": {"error": {"type": "string", "description": "one line, in the request's language"}}},
    "State": {"type": "object", "required": ["version", "legal", "table"],
              "description": "what the person sees of the game (its other fields are the page's)",
              "properties": {"version": {"type": "integer", "minimum": 0,
                                         "description": "how many actions were played: send it with a move"},
                             "legal": {**STRINGS, "description": "the person's legal actions now"},
                             "table": {"$ref": "#/components/schemas/Table"},
                             "deal": {"type": "object", "required": ["kind"],
                                      "description": "how the game was dealt; its seed only when the person may see "
                                      "it (one they gave, or any once the game is over)",
                                      "properties": {"kind": {"enum": ["seed", "daily", "scenario"]}, "date": DATE,
                                                     "seed": {"type": "string", "pattern": SEED_PATTERN,
                                                              "description": "the seed, as a string of digits"}}}}},
    "Table": {"type": "object", "additionalProperties": False,
              "required": ["seats", "sides", "seat_names", "side_names", "you", "areas", "assets"],
              "description": "the game's table as the page draws it, its names in the request's language",
              "properties": {
                  "seats": {"type": "integer", "minimum": 1, "description": "seats 0 … seats-1, clockwise"},
                  "sides": {"type": "array", "minItems": 1, "description": "the sides, each a list of seats; "
                            "scores list one total per side in this order",
                            "items": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}}},
                  "seat_names": STRINGS, "side_names": STRINGS,
                  "you": {"type": "integer", "minimum": 0, "description": "the person's seat"},
                  "areas": {"type": "array", "description": "the areas of the page the game draws, in order",
                            "items": {"type": "object", "additionalProperties": False, "required": ["id", "label"],
                                      "properties": {"id": {"type": "string"}, "label": {"type": "string"}}}},
                  "assets": {**STRINGS, "description": "URLs of the game's own scripts and style sheets"}}},
    "Events": {"type": "array", "items": {"type": "object"}, "description": "what happened, in order"},
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    """A JSON object of exactly these fields (``required`` among them)."""
    return {"type": "object", "required": required, "additionalProperties": False, "properties": properties}


def _operation(summary: str, answer: dict[str, Any], errors: tuple[int, ...], status: int = 200,
               body: dict[str, Any] | None = None, query: tuple[dict[str, Any], ...] = (),
               lang: bool = True) -> dict[str, Any]:
    """One operation: its answer on success, its refusals (with ``ALWAYS`` and, with a body, ``POSTED``);
    ``lang``: whether it takes ``?lang=`` (the answer's language, a bad one a 400)."""
    codes = sorted(set(ALWAYS + errors + (POSTED if body is not None else ())))
    responses: dict[str, Any] = {str(status): {"description": summary, "content": {JSON: {"schema": answer}}}}
    for code in codes:
        responses[str(code)] = {"description": ERRORS[code], "content": {JSON: {"schema": _ref("Error")}}}
    language = {"name": "lang", "in": "query", "required": False, "schema": {"type": "string", "enum": list(LANGUAGES)}}
    op: dict[str, Any] = {"summary": summary, "responses": responses, "parameters": [*query, *([language] * lang)]}
    if body is not None:
        op["requestBody"] = {"required": True, "content": {JSON: {"schema": body}}}
    return op


def _query(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema}


# a table as a query names it: its players (none: the game's default table), and its sides where they differ
TABLE_QUERY = (_query("players", {"type": "string", "pattern": "^[0-9]*$"}),
               _query("sides", {"type": "string", "pattern": "^[0-9]*$"}))


def _game_paths() -> dict[str, Any]:
    seed = {"oneOf": [{"type": "string", "pattern": SEED_PATTERN},
                      {"type": "integer", "minimum": 0, "maximum": MAX_SEED}], "example": "716240242655621069",
            "description": SEED_TEXT}
    create = _obj([], game={"type": "string", "example": "footcanasta"}, seed=seed, daily=DATE,
                  scenario={"oneOf": [{"type": "object"}, {"type": "string"}]},
                  partner={"type": "string", "example": "greedy"}, opponents={"type": "string", "example": "greedy"},
                  players={"type": "integer", "example": 2, "description": "the table's size, in a game with several "
                           "(GET /api/games lists them; none: the game's default table)"},
                  sides={"type": "integer", "example": 3, "description": "how the players make sides, where a size "
                         "has two ways"},
                  name=NAME,
                  player={"type": "string", "description": "a token of POST /api/players"})
    gid = {"name": "gid", "in": "path", "required": True, "schema": {"type": "string", "example": "x" * 24}}
    moves = _obj([], action={"type": "string", "example": "draw"}, actions={**STRINGS, "minItems": 1},
                 command={"type": "string", "example": "d"}, version={"type": "integer", "minimum": 0})
    game_ops = {
        "/api/games/{gid}": {"get": _operation("the game as the person sees it", _obj(["state"], state=_ref("State")),
                                               (404,))},
        "/api/games/{gid}/actions": {"post": _operation(
            "play the person's actions (all or none), then the bots' up to the person's next decision",
            _obj(["events", "state"], events=_ref("Events"), state=_ref("State")), (404, 409), body=moves)},
        "/api/games/{gid}/selection": {"post": _operation(
            "the buttons that go with a selection of cards", _obj(["buttons", "version"], buttons={"type": "object"},
                                                                  version={"type": "integer"}),
            (404, 409), body=_obj([], cards=STRINGS))},
        "/api/games/{gid}/parse": {"post": _operation(
            "a typed command as actions, or why it is not one",
            _obj(["actions", "error", "version"], actions=STRINGS, error={"type": "string"},
                 version={"type": "integer"}), (404, 409), body=_obj(["command"], command={"type": "string"}))},
        "/api/games/{gid}/hint": {"get": _operation(
            "the hint bot's move for the person now (counted)",
            _obj(["action", "bot", "hints"], action={"type": "string"}, bot={"type": "string"},
                 hints={"type": "integer"}), (404, 409))},
        "/api/games/{gid}/replay": {"get": _operation(
            "the finished game's replay file, as `footcanasta replay FILE` reads it (a file format: its seeds are "
            "JSON integers)", {"type": "object"}, (404, 409))},
        "/api/games/{gid}/review": {"get": _operation("the search bot's review of the finished game",
                                                      {"type": "object"}, (404, 409))},
    }
    for path in game_ops.values():
        for op in path.values():
            op["parameters"].insert(0, gid)
    new_game = _obj(["id", "state", "events"], id={"type": "string"}, state=_ref("State"), events=_ref("Events"))
    size = _obj(["key", "players", "title", "table", "default"], key={"type": "string", "example": "canasta/2"},
                players={"type": "integer", "minimum": 1}, sides={"type": "integer", "minimum": 1},
                title={"type": "string"}, table=_ref("Table"), default={"type": "string"})
    game = _obj(["name", "title", "table", "bots", "default", "sizes"], name={"type": "string"},
                title={"type": "string"}, table=_ref("Table"), bots=STRINGS, default={"type": "string"},
                sizes={"type": "array", "items": size, "description": "the game at its other table sizes"})
    games = _obj(["games"], games={"type": "array", "minItems": 1, "items": game})
    return {"/api/games": {"post": _operation("deal a new game; the bots play up to the person's first decision",
                                              new_game, (404, 409), status=201, body=create),
                           "get": _operation("every game, the default first: its title, table, bots and other "
                                             "table sizes", games, ())},
            **game_ops}


def _other_paths() -> dict[str, Any]:
    entry = _obj(["rank", "name", "score", "scores", "margin", "result", "finished", "hints"],
                 rank={"type": "integer"}, name={"type": "string"},
                 score={"type": "integer", "description": "the player's side's score"},
                 scores={"type": "array", "items": {"type": "integer"}, "minItems": 1,
                         "description": "one score per side of the game's table"},
                 margin={"type": "number", "description": "the player's side's score less the others' mean"},
                 result={"type": "string", "enum": ["win", "loss", "draw"]},
                 finished={"type": "string"}, hints={"type": "integer"})
    game_name = {"type": "string", "example": "footcanasta"}
    return {
        "/api/players": {"post": _operation(
            "a new anonymous player identity (keep its token)",
            _obj(["token", "player"], token={"type": "string"}, player={"type": "string"}, name={"type": "string"}),
            (), status=201, body=_obj([], name=NAME))},
        "/api/bots": {"get": _operation(
            "the bots a game offers and its default",
            _obj(["game", "bots", "default"], game={"type": "string"}, bots=STRINGS, default={"type": "string"}),
            (404,), query=(_query("game", game_name),))},
        "/api/leaderboard": {"get": _operation(
            "a daily leaderboard of a game at a table (today's by default), with the days around it",
            _obj(["game", "players", "sides", "key", "date", "today", "latest", "previous", "next", "entries"],
                 game={"type": "string"}, players={"type": "integer", "minimum": 1},
                 sides={"type": "integer", "minimum": 1}, key={"type": "string", "example": "canasta/6x3"}, date=DATE,
                 today=DATE, latest=DATE, previous={**DATE, "type": ["string", "null"]},
                 next={**DATE, "type": ["string", "null"]}, entries={"type": "array", "items": entry}), (404,),
            query=(_query("game", game_name), *TABLE_QUERY, _query("date", {**DATE, "pattern": DATE_OR_NONE})))},
        "/api/daily/{game}/{date}": {"get": _operation(
            "a past daily's seed and line-up at a table (none named: the game's default table, whose answer has "
            "no players, sides and key), once that date is over everywhere",
            _obj(["game", "date", "seed", "partner", "opponents"], game={"type": "string"}, date=DATE,
                 players={"type": "integer", "minimum": 1}, sides={"type": "integer", "minimum": 1},
                 key={"type": "string", "example": "canasta/2"},
                 seed={"type": "string", "pattern": SEED_PATTERN},
                 partner={"type": ["string", "null"], "description": "null where each plays for themselves"},
                 opponents={"type": "string"}), (404, 409),
            query=({"name": "game", "in": "path", "required": True, "schema": game_name},
                   {"name": "date", "in": "path", "required": True, "schema": DATE}, *TABLE_QUERY))},
        "/api/i18n/{lang}": {"get": _operation(
            "the page's texts in a language (auto: the best for Accept-Language)", {"type": "object"}, (404,),
            query=({"name": "lang", "in": "path", "required": True,
                    "schema": {"type": "string", "enum": ["auto", *LANGUAGES]}},), lang=False)},
        "/api/openapi.json": {"get": _operation("this description", {"type": "object"}, (), lang=False)},
    }


@functools.cache
def description() -> dict[str, Any]:
    """The OpenAPI description of the JSON API (built once: treat it as read-only)."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "footcanasta", "version": "1",
                 "description": "Play card games against bots: deal a game, then send the person's moves."},
        "paths": {**_game_paths(), **_other_paths()},
        "components": {"schemas": SCHEMAS},
    }


async def openapi(request: Request) -> Response:
    """GET /api/openapi.json: ``description()``."""
    return JSONResponse(description())
