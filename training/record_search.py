"""Record the search bot's matches: ``footcanasta_env/footcanasta/data/search.json``, what hints are chosen by.

    python training/record_search.py --evals runs/s_learned.json,runs/s_expert.json \
        --commands "footcanasta evaluate search learned ... --json;footcanasta evaluate search expert ... --json"

``--evals`` are ``footcanasta evaluate search OPPONENT ... --json`` reports of ``search`` at its default
options (bot A must be named ``search``, nothing after it); ``--commands`` the commands that produced them, in
the same order (the report does not say ``--rounds``, so the command is kept with it). The record also holds
the default options and the digests of the shipped policy and value: run it with the files the matches were
played with, and play the matches again whenever one of them changes (``search_record.is_current``).
``--add true`` keeps the matches of a current record already there. Run it from the repository root.
"""

from __future__ import annotations

import sys
from pathlib import Path

if not __package__:  # run as a file (python training/X.py): training.* from the repository root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import json
import os
import shlex
from dataclasses import dataclass

from footcanasta_env.footcanasta.bots import search_record
from training.train_common import parse_args, write_json


@dataclass
class Args:
    """Write the search bot's record of duplicate matches into the package."""

    evals: str = ""
    """comma-separated JSON reports of `footcanasta evaluate search OPPONENT ... --json`"""
    commands: str = ""
    """semicolon-separated commands that produced the reports, in the same order"""
    add: bool = False
    """keep the matches of the record already at --out (when it is current) and add these"""
    out: str = "footcanasta_env/footcanasta/data/search.json"
    """the record to write"""


def check_report(report: dict, command: str) -> None:
    """Refuse a report that is not of the default search bot, or whose command does not match it."""
    if report.get("a") != "search":
        raise SystemExit(f"a report of bot A {report.get('a')!r}: the record is of 'search' at its defaults only")
    words = shlex.split(command)
    if "evaluate" not in words or words[words.index("evaluate") + 1: words.index("evaluate") + 3] != ["search",
                                                                                                    report["b"]]:
        raise SystemExit(f"command {command!r} is not 'footcanasta evaluate search {report['b']} ...'")
    for flag, key in (("--seed", "seed"), ("--deals", "deals")):
        if flag in words and int(words[words.index(flag) + 1]) != int(report[key]):
            raise SystemExit(f"command {command!r}: {flag} does not match the report's {key} {report[key]}")


def main(argv: list[str] | None = None) -> None:
    """Write the record."""
    args = parse_args(Args, argv)
    reports = [json.load(open(p)) for p in args.evals.split(",") if p]
    commands = [c.strip() for c in args.commands.split(";") if c.strip()]
    if not reports or len(commands) != len(reports):
        raise SystemExit(f"{len(reports)} reports and {len(commands)} commands: give one command per report")
    evaluation: dict[str, list[dict]] = {}
    if args.add and os.path.isfile(args.out):
        old = json.load(open(args.out))
        if search_record.is_current(old):
            evaluation = old["evaluation"]
        else:
            print(f"{args.out} was measured with other options or files: its matches are dropped")
    for report, command in zip(reports, commands, strict=True):
        check_report(report, command)
        report = {k: v for k, v in report.items() if k != "games"}
        evaluation.setdefault(report["b"], []).append(dict(report, command=command))
    record = {"format": search_record.RECORD_FORMAT, "format_version": search_record.RECORD_FORMAT_VERSION,
              **search_record.measured_with(), "evaluation": evaluation}
    write_json(args.out, record)
    for opp, matches in sorted(evaluation.items()):
        print(f"search vs {opp}: " + ", ".join(f"{m['win_rate']:.1%} [{m['win_ci'][0]:.1%}, {m['win_ci'][1]:.1%}]"
                                               for m in matches) + f" -> beats: {search_record.beats(opp, record)}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
