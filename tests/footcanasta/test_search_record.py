"""The search bot's record (``training/record_search.py``, ``bots/search_record.py``): what hints are chosen by."""

from __future__ import annotations

import json

import pytest

from footcanasta_env.footcanasta.bots import search_record
from training.record_search import main as record_main


def report(b: str, seed: int, lo: float, a: str = "search") -> dict:
    return {"a": a, "b": b, "seed": seed, "deals": 200, "rotations": 2, "win_rate": lo + 0.04,
            "win_ci": [lo, lo + 0.08], "mean_diff": 300.0, "diff_ci": [150.0, 450.0], "games_played": 400}


def write(tmp_path, *reports: dict) -> str:
    paths = []
    for i, r in enumerate(reports):
        p = tmp_path / f"r{i}.json"
        p.write_text(json.dumps(r))
        paths.append(str(p))
    return ",".join(paths)


def cmd(b: str, seed: int) -> str:
    return f"footcanasta evaluate search {b} --deals 200 --seed {seed} --workers 2 --rounds 1 --json"


def test_the_record_keeps_each_report_with_its_command_and_what_it_was_measured_with(tmp_path):
    out = tmp_path / "search.json"
    evals = write(tmp_path, report("learned", 5, 0.52), report("expert", 6, 0.60))
    record_main(["--evals", evals, "--commands", f"{cmd('learned', 5)};{cmd('expert', 6)}", "--out", str(out)])
    record = json.loads(out.read_text())
    assert search_record.is_current(record)
    assert record["options"] == search_record.measured_with()["options"]
    assert [m["seed"] for m in record["evaluation"]["learned"]] == [5]
    assert record["evaluation"]["expert"][0]["command"] == cmd("expert", 6)
    assert search_record.beats("learned", record) and search_record.beats("expert", record)
    assert not search_record.beats("greedy", record)

    # --add keeps what is there; a second match against learned that falls short ends the claim
    evals = write(tmp_path, report("learned", 7, 0.47))
    record_main(["--evals", evals, "--commands", cmd("learned", 7), "--out", str(out), "--add", "true"])
    record = json.loads(out.read_text())
    assert [m["seed"] for m in record["evaluation"]["learned"]] == [5, 7]
    assert not search_record.beats("learned", record) and search_record.beats("expert", record)


def test_a_stale_record_counts_for_nothing_and_add_drops_its_matches(tmp_path):
    out = tmp_path / "search.json"
    evals = write(tmp_path, report("learned", 5, 0.52))
    record_main(["--evals", evals, "--commands", cmd("learned", 5), "--out", str(out)])
    stale = dict(json.loads(out.read_text()), policy_sha256="0" * 64)
    assert not search_record.beats("learned", stale)
    out.write_text(json.dumps(stale))
    evals = write(tmp_path, report("expert", 6, 0.6))
    record_main(["--evals", evals, "--commands", cmd("expert", 6), "--out", str(out), "--add", "true"])
    assert list(json.loads(out.read_text())["evaluation"]) == ["expert"]


@pytest.mark.parametrize("rep, command, why", [
    (report("learned", 5, 0.52, a="search:worlds=4"), cmd("learned", 5), "at its defaults only"),
    (report("learned", 5, 0.52), cmd("expert", 5), "is not 'footcanasta evaluate search learned"),
    (report("learned", 5, 0.52), cmd("learned", 9), "--seed does not match"),
    (report("learned", 5, 0.52), "", "give one command per report"),
])
def test_bad_reports_are_refused_by_name(tmp_path, rep, command, why):
    out = tmp_path / "search.json"
    with pytest.raises(SystemExit, match=why):
        record_main(["--evals", write(tmp_path, rep), "--commands", command, "--out", str(out)])
    assert not out.exists()


def test_the_options_are_compared_by_value_not_by_layout():
    record = {"format": search_record.RECORD_FORMAT, "format_version": search_record.RECORD_FORMAT_VERSION,
              **search_record.measured_with(), "evaluation": {}}
    options = record["options"]
    assert search_record.is_current(record)
    # another order, and whole numbers written as ints where the option is a float (1 for 1.0)
    shuffled = {k: int(v) if v == int(v) else v for k, v in reversed(list(options.items()))}
    assert list(shuffled) != list(options) and type(shuffled["margin"]) is int
    assert search_record.is_current(dict(record, options=shuffled))
    for other in ({**options, "worlds": options["worlds"] + 1}, {**options, "depth": 3}, {**options, "worlds": 0},
                  {k: v for k, v in options.items() if k != "prior"} | {"prior": 0.0}, None, [1, 2]):
        assert not search_record.is_current(dict(record, options=other)), other
