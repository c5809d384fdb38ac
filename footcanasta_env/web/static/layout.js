// Where the page puts things: the folded menu of a phone (one button opens the game's menus), and the end of a
// round or of the game shown where the person is looking (a panel over the table, focus moved to it) rather
// than at the bottom of a long page. The layout itself is the CSS file's (a grid on a desktop, a screen-high
// column on a phone: table, the middle that scrolls, hand, buttons); this script only opens and closes.
"use strict";

const PHONE = window.matchMedia("(max-width: 720px)");
// what the panels have shown of the game on the page: a round's end is announced once, when it comes
const shown = { game: null, rounds: 0, over: false };

function setMenu(open) {
  $("top").classList.toggle("open", open);
  $("menu-button").setAttribute("aria-expanded", open ? "true" : "false");
}

// The menu button (a phone's): open and close; a choice made in the menu closes it, as does Escape or a tap
// outside it.
function setupLayout() {
  $("menu-button").addEventListener("click", () => setMenu(!$("top").classList.contains("open")));
  $("menu-panel").addEventListener("click", (ev) => {
    if (ev.target.closest("button, a")) setMenu(false);
  });
  $("game-choice").addEventListener("change", () => setMenu(false));
  document.addEventListener("click", (ev) => {
    if (!ev.target.closest("#top")) setMenu(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    if ($("top").classList.contains("open")) { setMenu(false); $("menu-button").focus(); } else if (!$("round-end").hidden) closeRoundEnd(true);
  });
}

// The page's own words this script adds, in the page's language; the rules of the game being played.
function layoutTexts() {
  $("menu-label").textContent = _("Menu");
  $("rules-link").textContent = _("Rules");
  const game = state ? state.game : chosen;
  $("rules-link").href = `/rules?game=${encodeURIComponent(game)}&lang=${encodeURIComponent(lang)}`;
}

// Focus moves to a panel that opens. On a phone the screen does not move (the panel is already on it); on a
// desktop the page scrolls to show the whole panel, not just the focused button.
function focusPanel(target, panel) {
  if (!PHONE.matches) panel.scrollIntoView({ block: "nearest" });
  target.focus({ preventScroll: true });
}

function closeRoundEnd(refocus) {
  const box = $("round-end");
  const had = box.contains(document.activeElement);
  box.hidden = true;
  box.replaceChildren();
  if (refocus && had) {
    const next = [...document.querySelectorAll("#buttons button, #hand [data-card], [data-action]")].find((b) => !b.disabled);
    if (next) next.focus({ preventScroll: true });
  }
}

// A round that has just ended: its scores in a panel over the table, until the person goes on (the button, Escape
// or their next move).
function openRoundEnd(result) {
  const box = $("round-end");
  const go = el("button", { type: "button", id: "round-end-continue", text: _("Continue") });
  go.addEventListener("click", () => closeRoundEnd(true));
  box.replaceChildren(el("h2", { id: "round-end-title", text: _("Round scores") }),
    el("div", { class: "table-wrap", tabindex: "0" }, resultTable(result)), go);
  box.hidden = false;
  focusPanel(go, box);
}

// Called at the end of every render: the rules link, and the panels of a round's or the game's end.
function placePanels() {
  layoutTexts();
  // a table wider than the screen scrolls in its frame: the keyboard must reach it too
  for (const wrap of document.querySelectorAll(".table-wrap:not([tabindex])")) wrap.tabIndex = 0;
  const rounds = state.round_results.length;
  if (shown.game !== gameId) {
    // another game on the page (or the page loaded): what it already had is not news
    Object.assign(shown, { game: gameId, rounds, over: state.over });
    closeRoundEnd(false);
  }
  if (state.over) {
    closeRoundEnd(false);
    if (!shown.over) focusPanel($("over"), $("over"));
  } else if (busy) closeRoundEnd(false);
  else if (rounds > shown.rounds && hasArea("results")) openRoundEnd(state.round_results[rounds - 1]);
  shown.rounds = rounds;
  shown.over = state.over;
}

window.addEventListener("DOMContentLoaded", setupLayout);
