"""Draw the web page's app icons: the SVGs of footcanasta_env/web/static/ and their PNGs, rendered by Chromium.

Run once after changing the drawing (``python tools/make_icons.py``); the PNGs are committed, so neither the
server nor the wheel needs Chromium. The icon is two fanned cards on the table's green, the front one with the
wild card's purple star; ``icon.svg`` has rounded corners (purpose "any"), ``icon-maskable.svg`` fills its
square and keeps the cards inside the middle 80 % circle a phone's mask may leave (purpose "maskable", and the
apple-touch-icon, which iOS rounds itself). Needs Playwright and Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import math
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "footcanasta_env" / "web" / "static"
FELT, PAPER, INK, WILD = "#1f5f3f", "#fffdf7", "#174a31", "#7a2fb3"
PNGS = {"icon-192.png": ("icon.svg", 192), "icon-512.png": ("icon.svg", 512),
        "icon-maskable-512.png": ("icon-maskable.svg", 512), "apple-touch-icon.png": ("icon-maskable.svg", 180)}


def star(cx: float, cy: float, outer: float, inner: float) -> str:
    """A five-pointed star's polygon points, one point up."""
    points = []
    for i in range(10):
        r, a = (outer, inner)[i % 2], math.radians(-90 + 36 * i)
        points.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(points)


def svg(corner: int, scale: float) -> str:
    """The icon on a 512 square: the background's corner radius and the cards' scale about the centre."""
    card = 'x="146" y="106" width="220" height="300" rx="22"'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" rx="{corner}" fill="{FELT}"/>'
        f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">'
        f'<rect {card} fill="{PAPER}" stroke="{INK}" stroke-width="8" transform="rotate(-14 256 380)"/>'
        f'<rect {card} fill="{PAPER}" stroke="{INK}" stroke-width="8" transform="rotate(8 256 380)"/>'
        f'<g transform="rotate(8 256 380)"><polygon points="{star(256, 250, 86, 36)}" fill="{WILD}"/></g>'
        "</g></svg>\n")


def main() -> None:
    from playwright.sync_api import sync_playwright

    (STATIC / "icon.svg").write_text(svg(corner=96, scale=0.92), encoding="utf-8")
    (STATIC / "icon-maskable.svg").write_text(svg(corner=0, scale=0.72), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, (source, size) in PNGS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            markup = (STATIC / source).read_text(encoding="utf-8").replace("<svg ", f'<svg width="{size}" '
                                                                           f'height="{size}" ', 1)
            page.set_content(f'<html><body style="margin:0;background:transparent">{markup}</body></html>')
            page.screenshot(path=str(STATIC / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
