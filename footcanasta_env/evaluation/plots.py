"""Pictures of match and league reports (PNG files, matplotlib with a file-only backend)."""

from __future__ import annotations

import os

import numpy as np

from ..games import DEFAULT_GAME
from .league import LeagueReport
from .match import MatchReport


def _pyplot():
    """matplotlib.pyplot with a file-only backend, or a clear error when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("plots need matplotlib: pip install matplotlib (or the 'train' extra)") from None
    return plt


def check_plot_path(path: str) -> None:
    """Refuse, before anything is played, a plot that could not be written: no matplotlib, or a file
    format it cannot write (the format is the file's extension, PNG when it has none)."""
    _pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext:
        formats = FigureCanvasBase.get_supported_filetypes()
        if ext not in formats:
            raise ValueError(f"--plot {path!r}: matplotlib cannot write .{ext} files "
                             f"(formats: {', '.join(sorted(formats))})")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"--plot {path!r}: {folder!r} is not a folder")
    if os.path.isdir(path):
        raise ValueError(f"--plot {path!r} is a folder; give a file name such as {os.path.join(path, 'plot.png')!r}")


def plot_match(report: MatchReport, path: str) -> None:
    """PNG: histogram of per-game score differences (A minus B) with the mean and its 95% interval."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    diffs = [g.diff for g in report.games]
    ax.hist(diffs, bins=40, color="#4c72b0", alpha=0.85)
    ax.axvline(0, color="black", lw=1)
    ax.axvline(report.mean_diff, color="#c44e52", lw=2, label=f"mean {report.mean_diff:+.0f}")
    ax.axvspan(*report.diff_ci, color="#c44e52", alpha=0.2, label="95% CI")
    ax.set_xlabel(f"score difference per game ({report.a} minus {report.b})")
    ax.set_ylabel("games")
    ax.set_title(f"{_game(report.game)}{report.a} vs {report.b}: {report.deals} duplicate deals, "
                 f"win rate {report.win_rate:.1%}")
    ax.legend()
    fig.tight_layout()
    _save(fig, path)


def plot_league(report: LeagueReport, path: str) -> None:
    """PNG: Elo ratings with ±2 bootstrap standard deviations."""
    plt = _pyplot()
    order = np.argsort(report.ratings)
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(report.names) + 1.5))
    ax.errorbar([report.ratings[i] for i in order], range(len(order)),
                xerr=[2 * report.rating_sd[i] for i in order], fmt="o", capsize=4)
    ax.set_yticks(range(len(order)), [report.names[i] for i in order])
    ax.set_xlabel("Elo (mean 1500), error bars ±2 sd")
    ax.set_title(f"{_game(report.game)}league: {report.deals} duplicate deals per pair")
    fig.tight_layout()
    _save(fig, path)


def _game(game: str) -> str:
    """A title's prefix naming a game other than the default."""
    return "" if game == DEFAULT_GAME else f"{game}: "


def _save(fig, path: str) -> None:
    """Write a figure, creating the folder; close it either way."""
    import matplotlib.pyplot as plt

    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        fig.savefig(path, dpi=120)
    finally:
        plt.close(fig)
