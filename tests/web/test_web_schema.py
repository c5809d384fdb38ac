"""The JSON API does what its OpenAPI description says (footcanasta_env/web/openapi.py): Schemathesis generates
requests for every operation, valid and invalid, against the app on SQLite and on PostgreSQL, a bounded
number per operation, and fails on any 5xx, any status the description does not name, and any answer that
breaks its schema. Half of the game ids it sends are those of a real game, so the game routes answer more
than 404s. Rate limits are off and so is the cap on unfinished games (they would answer 429 to everything).
"""

from __future__ import annotations

import warnings

import pytest

schemathesis = pytest.importorskip("schemathesis")
pytest.importorskip("starlette")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.routing import Route  # noqa: E402

from footcanasta_env.web import Settings, create_app  # noqa: E402
from footcanasta_env.web.openapi import description  # noqa: E402

schema = schemathesis.openapi.from_dict(description())
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request, tmp_path_factory):
    """The app over a fresh database, with the id of one unfinished game in it."""
    tmp = tmp_path_factory.mktemp(request.param)
    db = str(tmp / "web.sqlite3") if request.param == "sqlite" else request.getfixturevalue("pg_cluster").new_db()
    app = create_app(db, replay_dir=tmp / "replays", settings=Settings(max_games=0))
    with warnings.catch_warnings():  # starlette >= 1.0 asks for httpx2; httpx still works
        warnings.simplefilter("ignore", DeprecationWarning)
        from starlette.testclient import TestClient

    with TestClient(app) as c:
        r = c.post("/api/games", json={"seed": 5, "partner": "greedy", "opponents": "greedy"})
    assert r.status_code == 201, r.text
    yield app, r.json()["id"]
    app.state.room.store.db.close()


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_does_what_its_description_says(case, served):
    app, gid = served
    given = (case.path_parameters or {}).get("gid")
    if given is not None and len(given) % 2 == 0:
        case.path_parameters["gid"] = gid
    case.call_and_validate(app=app, checks=CHECKS)


def _mounted(app) -> bool:
    return any(getattr(r, "path", "") == "/api/openapi.json" for r in app.routes)


def test_the_server_serves_its_description(served):
    app, _ = served
    assert _mounted(app)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from starlette.testclient import TestClient

    r = TestClient(app).get("/api/openapi.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json() == description() and r.json()["openapi"].startswith("3.")


def test_the_description_names_every_api_route(served):
    app, _ = served
    routes = {r.path for r in app.routes if isinstance(r, Route) and r.path.startswith("/api/")}
    assert routes - {"/api/openapi.json"} <= set(description()["paths"])
    assert set(description()["paths"]) - {"/api/openapi.json"} <= routes
