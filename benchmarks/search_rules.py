"""Decision rules for the search bot, compared offline on records of ``benchmarks/search_decisions.py --out``.

Each record holds one searched decision: the search's per-world values of its candidates (from the seat's
view), the true outcomes of every candidate (played in the true game with the unseen cards dealt again),
the candidates and the decision's kind. A rule picks a candidate from the estimates alone; its gain is
measured on the true outcomes, so choosing a rule on one file and reading its gain on another is an honest
test of it. The rules are those of ``bots/search.py`` (``margin``, ``prior``, ``top`` up to the 5 the
records were made with), also restricted to some kinds of decision (the draw step, discards, other plays),
and with the value's bias per kind of decision (measured on the fit files) added to the prior, in full or
half.

    python benchmarks/search_rules.py runs/dec11.npz --test runs/dec12.npz
    python benchmarks/search_rules.py runs/other11.npz+runs/dec11.npz --test runs/other12.npz+runs/dec12.npz
"""

from __future__ import annotations

import argparse
import itertools
import os

import numpy as np

from footcanasta_env.footcanasta.bots.search import SPENDS_WILD, SearchOptions, rule

KINDS = ("draw", "discard", "play")


def load(spec: str) -> list[dict]:
    """The records of one ``--out`` file, in order; ``EST.npz+TRUTH.npz``: the estimates of an ``--estimates-only`` run
    with the true outcomes of a run of the same seed and options (the same decisions, checked)."""
    est, plus, truth = spec.partition("+")
    recs = load_one(est)
    if plus:
        other = load_one(truth)
        same = len(other) == len(recs) and all(
            a["kind"] == b["kind"] and a["policy"] == b["policy"] and np.array_equal(a["actions"], b["actions"])
            for a, b in zip(recs, other, strict=False))
        if not same:
            raise SystemExit(f"{est} and {truth} are not records of the same decisions (seed, games, share, options)")
        for a, b in zip(recs, other, strict=True):
            a["truth"] = b["truth"]
    if any(r["truth"].shape[0] < 2 for r in recs):
        raise SystemExit(f"{spec}: records without true outcomes (--estimates-only): add +FILE with them")
    return recs


def load_one(path: str) -> list[dict]:
    """The records of one ``--out`` file, in order."""
    if not os.path.isfile(path):
        raise SystemExit(f"{path}: no such file (write one with benchmarks/search_decisions.py --out)")
    d = np.load(path, allow_pickle=False)
    recs: dict[int, dict] = {}
    for key in d.files:
        i, _, name = key.partition("_")
        recs.setdefault(int(i), {})[name] = d[key]
    out = [recs[i] for i in sorted(recs)]
    for r in out:
        r["kind"] = str(r["kind"])
        r["policy"] = int(r["policy"])
        if "actions" not in r:
            raise SystemExit(f"{path}: records without their candidates (made before they were kept); record again")
    return out


def choose(r: dict, margin: float, prior: float, top: int = 5, kinds: tuple[str, ...] = KINDS,
           debias: dict[str, float] | None = None) -> int:
    """The candidate ``bots/search.py``'s rule plays for record ``r`` (only on decisions of ``kinds``), with the
    candidates the bot would have had with ``top`` at most 5 (the policy's ``top`` best, and the wild spends);
    ``debias``: points added to the prior by kind of decision (the value's bias measured on other records)."""
    if r["values"].shape[0] < 2 or r["kind"] not in kinds:
        return r["policy"]
    keep = [j for j, a in enumerate(r["actions"]) if j < top or int(a) in SPENDS_WILD]
    j = rule(r["values"][:, keep], keep.index(r["policy"]), margin, prior + (debias or {}).get(r["kind"], 0.0))
    return keep[j]


def gains(recs: list[dict], spec: dict) -> tuple[np.ndarray, np.ndarray]:
    """Each decision's true gain over the policy's move under the rule ``spec``, and whether it overrules."""
    g, over = [], []
    for r in recs:
        t = r["truth"].mean(axis=0)
        j = choose(r, **spec)
        g.append(t[j] - t[r["policy"]])
        over.append(j != r["policy"])
    return np.asarray(g), np.asarray(over)


def gain(recs: list[dict], spec: dict) -> tuple[float, float, float]:
    """Mean true gain per decision over the policy's move, its standard error, and the overrule share."""
    a, over = gains(recs, spec)
    return float(a.mean()), float(a.std() / np.sqrt(len(a))), float(over.mean())


def paired(recs: list[dict], spec: dict, base: dict) -> tuple[float, float]:
    """Mean and standard error of the rule ``spec``'s gain minus ``base``'s, decision by decision."""
    d = gains(recs, spec)[0] - gains(recs, base)[0]
    return float(d.mean()), float(d.std() / np.sqrt(len(d)))


def accuracy(recs: list[dict], kind: str | None = None) -> str:
    """How the estimated advantages of the candidates other than the policy's follow the true ones (of one kind
    of decision, or all): bias, correlation, and the correlation with the true outcomes' own noise removed
    (their variance less the mean squared standard error of a true advantage: 16 deals of the unseen cards
    leave about 500 points of noise, more than the true advantages spread)."""
    e, t, noise = advantages(recs, kind)
    c = np.corrcoef(e, t)[0, 1]
    signal = t.var() - np.mean(noise)
    fixed = f"{c * np.sqrt(t.var() / signal):.2f}" if signal > 0 else "n/a"
    return (f"bias {e.mean() - t.mean():+.0f} points, correlation {c:.2f} ({fixed} without the truth's noise), "
            f"{len(e)} candidates")


def advantages(recs: list[dict], kind: str | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Estimated and true advantages over the policy's move of every other candidate (of one kind of decision,
    or all), and the squared standard error of each true advantage."""
    est, tru, noise = [], [], []
    for r in recs:
        if (kind is not None and r["kind"] != kind) or r["values"].shape[0] < 2:
            continue
        p = r["policy"]
        d = r["truth"] - r["truth"][:, [p]]
        e, t = r["values"].mean(0) - r["values"].mean(0)[p], d.mean(0)
        others = [j for j in range(len(e)) if j != p]
        est += [e[j] for j in others]
        tru += [t[j] for j in others]
        noise += [d[:, j].var(ddof=1) / len(d) for j in others]
    return np.asarray(est), np.asarray(tru), np.asarray(noise)


GRID = {"margin": (0.0, 1.0, 2.0), "prior": (0.0, 25.0, 50.0, 75.0, 100.0, 150.0, 200.0), "top": (2, 3, 5)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("fit", nargs="+", help="record files to choose the rule on")
    ap.add_argument("--test", nargs="*", default=[], help="record files to read the chosen rules' gains on")
    ap.add_argument("--show", type=int, default=12, help="how many of the best rules on the fit files to show")
    ap.add_argument("--worlds", type=int, default=0,
                    help="use only each record's first N worlds (what worlds=N would have seen; default all)")
    args = ap.parse_args()
    if args.worlds < 0 or args.worlds == 1:
        ap.error("--worlds must be 0 (all) or at least 2")
    fit = [r for f in args.fit for r in load(f)]
    test = [r for f in args.test for r in load(f)]
    if args.worlds:
        for r in fit + test:
            r["values"] = r["values"][: args.worlds]
    counts = ", ".join(f"{sum(r['kind'] == k for r in fit)} {k}" for k in KINDS)
    print(f"fit: {len(fit)} decisions ({counts})"
          + (f"; test: {len(test)}" if test else ""))
    for name, recs in (("fit", fit), ("test", test)):
        for kind in (None, *KINDS) if recs else ():
            print(f"{name} estimates vs truth, {kind or 'all'}: {accuracy(recs, kind)}")
    rules = []
    for kinds in (KINDS, ("draw", "discard"), ("discard",), ("draw",), ("play",)):
        for m, pr, top in itertools.product(GRID["margin"], GRID["prior"], GRID["top"]):
            rules.append({"margin": m, "prior": pr, "top": top, "kinds": kinds})
    bias = {}
    for kind in KINDS:  # the value's bias by kind, measured on the fit records only
        e, t, _ = advantages(fit, kind)
        bias[kind] = float(e.mean() - t.mean())
    for m, pr, share in itertools.product(GRID["margin"], GRID["prior"], (0.5, 1.0)):
        rules.append({"margin": m, "prior": pr, "top": 5, "kinds": KINDS,
                      "debias": {k: share * v for k, v in bias.items()}})
    scored = sorted(((gain(fit, r), r) for r in rules), key=lambda x: -x[0][0])
    opts = SearchOptions()
    default = {"margin": opts.margin, "prior": opts.prior, "top": opts.top, "kinds": KINDS}
    shown = scored[: args.show] + [(gain(fit, default), default)]
    print("rule: fit gain ± s.e. (overrules)"
          + ("  |  test gain ± s.e. (overrules), minus the default's, paired" if test else ""))
    for (m, se, ov), r in shown:
        extra = (" debias=" + "/".join(f"{v:+.0f}" for v in r["debias"].values())) if "debias" in r else ""
        line = (f"  margin={r['margin']:g} prior={r['prior']:g} top={r['top']} "
                f"kinds={'+'.join(r['kinds'])}{extra}: {m:+6.1f} ± {se:4.1f} ({ov:5.1%})")
        if test:
            tm, tse, tov = gain(test, r)
            dm, dse = paired(test, r, default)
            line += f"  |  {tm:+6.1f} ± {tse:4.1f} ({tov:5.1%}), {dm:+5.1f} ± {dse:4.1f}"
        print(line + ("   <- default" if r is default else ""))


if __name__ == "__main__":
    main()
