// Foot Canasta and Canasta in the browser: the page only shows what the server sends (South's view) and asks it to play.
"use strict";

const $ = (id) => document.getElementById(id);
const GAMES = { footcanasta: "Foot Canasta", canasta: "Canasta" };
const ORDER = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "B3", "R3"];
const BUTTONS = { draw: "b-draw", pickup: "b-pickup", meld: "b-meld", laydown: "b-laydown", discard: "b-discard" };
const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let gameId = null;
let chosen = "footcanasta";  // the game New game and Daily deal (the chooser's)
let state = null;
let selected = {};        // card -> how many of that rank are selected
let buttons = null;       // the server's answer for the current selection
let busy = false;
let selSeq = 0;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) {
    const err = new Error((data && data.error) || `HTTP ${r.status}`);
    err.status = r.status;
    throw err;
  }
  return data;
}

function cardClass(c) {
  if (c === "2" || c === "JK") return "card wild";
  if (c === "B3") return "card black3";
  if (c === "R3") return "card red3";
  return "card";
}

function cardFace(c, extra) {
  const label = c === "JK" ? "Joker" : c === "B3" ? "Black 3" : c === "R3" ? "Red 3" : c;
  const small = c === "JK" ? "JK" : c === "B3" ? "3" : c;
  const mark = c === "2" || c === "JK" ? "★" : c === "B3" ? "♣" : "";
  return el("span", { class: cardClass(c) + (extra ? " " + extra : ""), title: label },
    el("span", { class: "corner", text: small }), el("span", { class: "pip", text: mark || small }));
}

function selectedCards() {
  const out = [];
  for (const c of ORDER) for (let i = 0; i < (selected[c] || 0); i++) out.push(c);
  return out;
}

const isCanasta = () => state && state.game === "canasta";
const fmt = (n) => Number(n).toLocaleString("en-US");

function setMessage(text, bad) {
  const m = $("message");
  m.textContent = text || "";
  m.classList.toggle("bad", !!bad);
}

// ------------------------------------------------------------------------------------------ rendering

function renderSeat(p) {
  const box = $("seat-" + p.seat);
  box.replaceChildren();
  box.classList.toggle("to-play", p.to_play);
  box.append(el("div", { class: "seat-name", text: p.label + (p.to_play ? " · to play" : "") }),
    el("div", { class: "seat-info", text: `${p.held} card${p.held === 1 ? "" : "s"} · ` + (isCanasta()
      ? (p.melded ? "has melded" : "not melded") : (p.in_foot ? "playing from foot" : "foot waiting")) }));
  if (p.seat !== 0) {
    const backs = el("div", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.held, 8); i++) backs.append(el("span", { class: "back" }));
    box.append(backs);
    if (p.from_pile) box.append(el("div", { class: "seat-memo", text: "From the pile: " + p.from_pile }));
  }
}

function renderCenter() {
  const c = $("center");
  c.replaceChildren();
  const pile = state.pile;
  const stock = el("div", { class: "stack" }, el("span", { class: "back big" }),
    el("div", { class: "stack-label", text: `Stock ${state.stock}` }));
  const top = pile.top ? cardFace(pile.top, "big") : el("span", { class: "empty big", text: "empty" });
  const pileBox = el("div", { class: "stack", id: "pile" }, top,
    el("div", { class: "stack-label", text: `Pile ${pile.size}` + (pile.blocked ? " · blocked by a black 3" : "") }));
  c.append(stock, pileBox);
  if (isCanasta() && pile.frozen) {
    pileBox.classList.add("frozen");
    c.append(el("div", { class: "frozen-mark", id: "pile-frozen", text: `❄ Pile frozen for your side: ${pile.frozen_why}` }));
  }
  if (pile.size > 1) {
    c.append(el("div", { class: "pile-below", text: "Below: " + pile.cards.slice(-6, -1).reverse().join(" ") }));
  }
}

function meldBox(m, team, clickable) {
  const cards = el("div", { class: "meld-cards" });
  for (const c of m.cards) cards.append(cardFace(c, "mini"));
  const attrs = { class: "meld" + (m.canasta ? " canasta " + m.kind : ""), "data-rank": m.rank };
  const box = el(clickable ? "button" : "div", attrs, cards,
    el("div", { class: "meld-state", text: `${m.rank === "wild" ? "Wild" : m.rank}: ` +
      (m.size !== undefined ? `${m.size} cards, ${m.state}` : m.state) }));
  if (clickable) {
    box.type = "button";
    const b = buttons && buttons.add ? buttons.add[m.rank] : null;
    box.disabled = busy || !b || !b.ok || !selectedCards().length;
    box.title = b ? (b.ok ? `Add the selection to the ${m.rank} meld` : b.reason) : "Select cards to add";
    box.addEventListener("click", () => { if (b && b.ok) play(b.actions); });
  }
  return box;
}

function threes(kind, n) {
  const box = el("span", { class: "threes" });
  for (let i = 0; i < n; i++) box.append(cardFace(kind, "mini"));
  return box;
}

function canastaTeamInfo(team) {
  const down = team.down ? "melded" : "not melded yet";
  const info = el("div", { class: "side-info" },
    el("span", { class: "minimum", "data-minimum": String(team.minimum),
      text: `${down} · initial meld minimum ${team.minimum} (${team.minimum_band})` }),
    el("span", { class: "canastas", text: ` · canastas: ${team.canastas.natural} natural, ${team.canastas.mixed} mixed` }),
    el("span", { text: ` · red 3s ${team.red_threes} ` }), threes("R3", Math.max(0, team.red_threes)));
  if (team.black_threes) info.append(el("span", { text: ` · black 3s ${team.black_threes} ` }), threes("B3", team.black_threes));
  if (team.frozen) info.append(el("span", { class: "frozen-note", text: ` · pile frozen: ${team.frozen_why}` }));
  return info;
}

function renderTeam(t) {
  if (isCanasta()) return renderCanastaTeam(t);
  const team = state.teams[t];
  const box = $("team-" + t);
  box.replaceChildren();
  const [c, d, w] = team.canastas;
  const [nc, nd, nw] = state.need;
  const head = el("div", { class: "side-head" },
    el("h2", { text: (t === 0 ? "Your side" : "Their side") + ` (${team.name})` }),
    el("div", { class: "side-info", text: `${team.down ? "melded" : `not melded yet (minimum ${state.minimum})`} · red 3s ${team.red_threes} · canastas clean ${c}/${nc}, dirty ${d}/${nd}, wild ${w}/${nw}` }));
  const list = el("div", { class: "meld-list" });
  for (const m of team.melds) list.append(meldBox(m, t, t === 0 && !m.canasta && state.my_turn));
  if (!team.melds.length) list.append(el("div", { class: "none", text: "No melds on the table." }));
  box.append(head, list);
}

function renderCanastaTeam(t) {
  const team = state.teams[t];
  const box = $("team-" + t);
  box.replaceChildren();
  const head = el("div", { class: "side-head" },
    el("h2", { text: (t === 0 ? "Your side" : "Their side") + ` (${team.name})` }), canastaTeamInfo(team));
  const list = el("div", { class: "meld-list" });
  for (const m of team.melds) list.append(meldBox(m, t, t === 0 && state.my_turn && team.down));
  if (!team.melds.length) list.append(el("div", { class: "none", text: "No melds on the table." }));
  box.append(head, list);
}

function myMinimum() {
  return isCanasta() ? state.teams[0].minimum : state.minimum;
}

function renderAside() {
  const box = $("aside");
  box.replaceChildren();
  box.hidden = !state.set_aside.length;
  if (!state.set_aside.length) return;
  box.append(el("h2", { text: `Set aside: worth ${state.set_aside_value} of the ${myMinimum()} needed` }));
  const list = el("div", { class: "meld-list" });
  for (const m of state.set_aside) list.append(meldBox(m, 0, (isCanasta() || !m.canasta) && state.my_turn));
  box.append(list, el("p", { class: "note", text: "Lay down puts them on the table; a discard returns them to your hand." }));
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const me = state.players[0];
  $("hand-title").textContent = `Your hand: ${state.hand_size} card${state.hand_size === 1 ? "" : "s"}` +
    (isCanasta() ? "" : `, ${me.in_foot ? "from your foot" : "your foot is waiting"}`);
  for (const g of state.hand) {
    const group = el("div", { class: "group", role: "group", "aria-label": `${g.count} × ${g.card}` });
    const n = Math.min(selected[g.card] || 0, g.count);
    for (let i = 0; i < g.count; i++) {
      const isSel = i < n;
      const b = el("button", { type: "button", class: "card-btn" + (isSel ? " selected" : ""), "data-card": g.card,
        "aria-pressed": isSel ? "true" : "false", "aria-label": `${g.card}${isSel ? " (selected)" : ""}` },
        cardFace(g.card));
      b.addEventListener("click", () => toggleCard(g.card, isSel));
      group.append(b);
    }
    group.append(el("span", { class: "count", text: `×${g.count}` }));
    hand.append(group);
  }
  if (!state.hand.length) hand.append(el("div", { class: "none", text: "No cards in hand." }));
}

function renderButtons() {
  const sel = selectedCards();
  $("b-meld").textContent = state.teams[0].down ? "Meld" : "Set aside";
  $("b-draw").textContent = isCanasta() ? "Draw" : "Draw 2";
  const reasons = [];
  for (const [key, id] of Object.entries(BUTTONS)) {
    const b = buttons ? buttons[key] : null;
    const btn = $(id);
    btn.disabled = busy || !b || !b.ok;
    btn.title = b ? (b.ok ? b.actions.join(", ") : b.reason) : "";
    const relevant = (key === "draw" || key === "laydown") ? false : sel.length > 0;
    if (b && !b.ok && relevant && state.my_turn) reasons.push(`${btn.textContent}: ${b.reason}`);
  }
  $("b-clear").disabled = !sel.length;
  if (!state.my_turn) $("reason").textContent = state.over ? "" : "Waiting for the other players…";
  else if (sel.length) $("reason").textContent = `Selected: ${sel.join(" ")}. ` + reasons.slice(0, 3).join(" · ");
  else $("reason").textContent = "Tap cards to select them, then choose a move.";
}

function renderLegal() {
  const box = $("legal");
  box.replaceChildren();
  for (const name of state.legal) {
    const b = el("button", { type: "button", class: "chip", "data-action": name, text: name });
    b.disabled = busy;
    b.addEventListener("click", () => play([name]));
    box.append(b);
  }
  if (!state.legal.length) box.append(el("span", { class: "none", text: state.over ? "The game is over." : "Not your turn." }));
}

function canastaRows(r) {
  const rows = [["", "Melds", "Canastas", "natural/mixed", "Red 3s", "Going out", "Cards held", "Round", "Total"]];
  for (const t of [0, 1]) {
    const b = r.breakdown[t];
    const total = state.round_results.filter((x) => x.round <= r.round).reduce((sum, x) => sum + x.scores[t], 0);
    rows.push([state.teams[t].name + (t === 0 ? " (you)" : ""), b.melds, b.canastas, `${b.natural}/${b.mixed}`,
      b.red_threes, b.going_out, b.cards_held, b.total, total]);
  }
  return rows;
}

function resultTable(r) {
  if (isCanasta()) return scoreTable(r, canastaRows(r));
  const rows = [["", "Melds", "Canastas", "c/d/w", "Red 3s", "Going out", "Cards held", "Round", "Total"]];
  for (const t of [0, 1]) {
    const b = r.breakdown[t];
    const total = state.round_results.filter((x) => x.round <= r.round).reduce((sum, x) => sum + x.scores[t], 0);
    rows.push([state.teams[t].name + (t === 0 ? " (you)" : ""), b.melds, b.canastas, `${b.clean}/${b.dirty}/${b.wild}`,
      b.red_threes + b.red_threes_in_foot, b.going_out, b.cards_held, b.total, total]);
  }
  return scoreTable(r, rows);
}

function scoreTable(r, rows) {
  const table = el("table", { class: "score" }, el("caption", { text: `Round ${r.round}: ${r.text}` }));
  rows.forEach((row, i) => {
    const tr = el("tr");
    row.forEach((v) => tr.append(el(i === 0 ? "th" : "td", { text: String(v) })));
    table.append(tr);
  });
  return table;
}

function renderResults() {
  const box = $("results");
  box.replaceChildren();
  const rr = state.round_results;
  box.hidden = !rr.length;
  if (!rr.length) return;
  box.append(el("h2", { text: "Round scores" }));
  const wrap = el("div", { class: "table-wrap" });
  for (const r of rr.slice().reverse()) wrap.append(resultTable(r));
  box.append(wrap);
}

function renderOver() {
  const box = $("over");
  box.replaceChildren();
  box.hidden = !state.over;
  if (!state.over) return;
  const s = state.scores;
  const words = state.winner === null ? "A draw." : state.winner === 0 ? "You and North win!" : "West and East win.";
  box.append(el("div", { class: "final", "data-game-over": `${s[0]} ${s[1]}`, text: `Game over: ${state.teams[0].name} ${s[0]}, ${state.teams[1].name} ${s[1]}. ${words}` }));
  const links = el("p");
  if (state.deal.kind !== "scenario") links.append(el("a", { href: `/api/games/${gameId}/replay`, text: "Download the replay" }), " (footcanasta replay FILE) · ");
  if (state.deal.kind === "daily") {
    links.append(el("a", { href: `/leaderboard?date=${state.deal.date}&game=${encodeURIComponent(state.game)}`, text: "Leaderboard of " + state.deal.date }));
    if (state.entered === true) links.append(" · your result is on it.");
    else if (state.ranked && state.entered === false) links.append(" · only your first finished attempt counts.");
    else if (!state.ranked) links.append(" · unranked (give a name and play a daily on its date to rank).");
  }
  box.append(links);
  if (state.deal.kind !== "scenario") {
    const out = el("div", { id: "review" });
    const button = el("button", { type: "button", id: "review-button", text: "Review my moves" });
    button.addEventListener("click", () => review(button, out));
    box.append(button, out);
  }
}

// The search bot rates each of South's decisions (GET /api/games/{id}/review); it takes a while.
async function review(button, out) {
  button.disabled = true;
  out.replaceChildren(el("p", { text: "Reviewing your moves against the search bot…" }));
  try {
    const r = await api("GET", `/api/games/${gameId}/review`);
    const rows = r.decisions.filter((d) => !d.accurate).sort((a, b) => b.loss - a.loss).slice(0, 10);
    const table = el("table");
    table.append(el("tr", {}, el("th", { text: "#" }), el("th", { text: "played" }), el("th", { text: "best" }),
      el("th", { text: "points lost" })));
    for (const d of rows) {
      table.append(el("tr", {}, el("td", { text: String(d.index + 1) }), el("td", { text: d.played }),
        el("td", { text: d.best }), el("td", { text: `${Math.round(d.loss)} ± ${Math.round(d.se)}` })));
    }
    out.replaceChildren(el("p", { text: r.summary }), rows.length ? table : el("p", { text: "No move lost more than the noise of the search." }));
  } catch (e) {
    out.replaceChildren(el("p", { text: e.message }));
    button.disabled = false;
  }
}

function render() {
  if (!state) return;
  const deal = state.deal.kind === "daily" ? `daily ${state.deal.date}` : state.deal.kind === "seed" ? `seed ${state.deal.seed}` : "scenario";
  const score = `${state.teams[0].name} ${fmt(state.scores[0])} – ${state.teams[1].name} ${fmt(state.scores[1])}`;
  $("status").textContent = isCanasta()
    ? `Canasta · round ${state.round} · game to ${fmt(state.target)} · ${score} · ${deal}`
    : `Round ${state.round} of ${state.rounds} · minimum ${state.minimum} · ${score} · ${deal}`;
  showChosen(state.game);
  for (const p of state.players) renderSeat(p);
  renderCenter();
  renderTeam(0);
  renderTeam(1);
  renderAside();
  renderHand();
  renderButtons();
  renderLegal();
  renderResults();
  renderOver();
  $("hint").disabled = busy || !state.my_turn;
}

// ------------------------------------------------------------------------------------------ playing

function pruneSelection() {
  const have = {};
  for (const g of state.hand) have[g.card] = g.count;
  for (const c of Object.keys(selected)) {
    selected[c] = Math.min(selected[c], have[c] || 0);
    if (!selected[c]) delete selected[c];
  }
}

async function refreshButtons() {
  const seq = ++selSeq;
  if (!state || !state.my_turn) { buttons = null; render(); return; }
  try {
    const data = await api("POST", `/api/games/${gameId}/selection`, { cards: selectedCards() });
    if (seq !== selSeq) return;
    buttons = data.buttons;
  } catch (e) {
    if (seq !== selSeq) return;
    buttons = null;
    setMessage(e.message, true);
  }
  render();
}

function toggleCard(card, wasSelected) {
  if (busy) return;
  selected[card] = (selected[card] || 0) + (wasSelected ? -1 : 1);
  if (selected[card] <= 0) delete selected[card];
  buttons = null;
  render();
  refreshButtons();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function showEvents(events) {
  const log = $("log");
  const delay = reduced ? 0 : Math.min(350, 4000 / Math.max(1, events.length));
  for (const ev of events) {
    for (const line of ev.text) {
      const li = el("li", { class: (ev.seat === 0 ? "mine" : "") + (ev.round_end ? " round-end" : "") + (delay ? " fresh" : ""), text: line });
      log.prepend(li);
    }
    while (log.children.length > 60) log.lastChild.remove();
    if (delay && ev.seat !== 0) await sleep(delay);
  }
}

async function apply(data) {
  await showEvents(data.events || []);
  state = data.state;
  pruneSelection();
  buttons = null;
  busy = false;
  render();
  await refreshButtons();
}

async function play(actions) {
  if (busy || !state) return;
  busy = true;
  render();
  setMessage("");
  try {
    const data = await api("POST", `/api/games/${gameId}/actions`, { actions, version: state.version });
    selected = {};
    await apply(data);
  } catch (e) {
    busy = false;
    setMessage(e.message, true);
    render();
    // the game moved on (another tab), or a move that ran out of time may have been made: show the truth
    if (e.status === 409 || e.status === 503) {
      try { await load(gameId); } catch (e2) { /* the message above stands */ }
    }
  }
}

async function command(text) {
  if (busy || !state) return;
  const t = text.trim().toLowerCase();
  if (!t) return;
  if (t === "hint") return hint();
  if (t === "new") return newGame({});
  try {
    const parsed = await api("POST", `/api/games/${gameId}/parse`, { command: text });
    if (parsed.error) { setMessage(parsed.error, true); return; }
    await play(parsed.actions);
  } catch (e) {
    setMessage(e.message, true);
  }
}

async function hint() {
  if (!state || !state.my_turn) return;
  try {
    const h = await api("GET", `/api/games/${gameId}/hint`);
    setMessage(`Hint (${h.bot} bot): ${h.action}`);
    for (const b of document.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === h.action);
  } catch (e) {
    setMessage(e.message, true);
  }
}

// The chosen game: the chooser, the title, the leaderboard link and the address all follow it.
function showChosen(name) {
  chosen = name;
  $("game-choice").value = name;
  $("title").textContent = GAMES[name];
  document.title = GAMES[name];
  $("board-link").href = `/leaderboard?game=${encodeURIComponent(name)}`;
  document.body.classList.toggle("canasta", name === "canasta");
}

function remember() {
  localStorage.setItem("footcanasta-game", gameId);
  localStorage.setItem("footcanasta-choice", chosen);
  history.replaceState(null, "", `/?game=${encodeURIComponent(chosen)}&id=${encodeURIComponent(gameId)}`);
}

// Each game has its own bots: the settings list the chosen game's, keeping a remembered choice it knows.
async function fillBots(name, query) {
  const bots = await api("GET", `/api/bots?game=${encodeURIComponent(name)}`);
  for (const id of ["partner", "opponents"]) {
    const s = $(id);
    s.replaceChildren(el("option", { value: "", text: `strongest (${bots.default})` }));
    for (const b of bots.bots) s.append(el("option", { value: b, text: b }));
    const wanted = (query && query.get(id)) || localStorage.getItem("footcanasta-" + id) || "";
    if (query && query.get(id) && !bots.bots.includes(wanted)) setMessage(`no ${id} bot ${wanted} in ${GAMES[name]}`, true);
    s.value = bots.bots.includes(wanted) ? wanted : "";
  }
}

async function choose(name) {
  showChosen(name);
  localStorage.setItem("footcanasta-choice", name);
  try { await fillBots(name); } catch (e) { setMessage(e.message, true); return; }
  return newGame({});
}

function botChoice() {
  const body = { game: chosen };
  if ($("partner").value) body.partner = $("partner").value;
  if ($("opponents").value) body.opponents = $("opponents").value;
  const name = $("name").value.trim();
  if (name) body.name = name;
  return body;
}

async function newGame(deal) {
  busy = true;
  setMessage("Dealing…");
  try {
    const data = await api("POST", "/api/games", Object.assign(botChoice(), deal));
    gameId = data.id;
    showChosen(data.state.game);
    remember();
    $("log").replaceChildren();
    selected = {};
    // a bot that could not be loaded plays as another one: say so (the lineup's notes)
    setMessage((data.state.notes || []).join(" "));
    await apply(data);
  } catch (e) {
    busy = false;
    setMessage(e.message, true);
  }
}

async function load(id) {
  const data = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  gameId = id;
  showChosen(data.state.game);
  remember();
  await apply({ events: [], state: data.state });
}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function start() {
  for (const [key, id] of Object.entries(BUTTONS)) {
    $(id).addEventListener("click", () => {
      if (key === "draw" || key === "laydown") return play([key]);
      const b = buttons && buttons[key];
      if (b && b.ok) play(b.actions);
    });
  }
  $("b-clear").addEventListener("click", () => { selected = {}; buttons = null; render(); refreshButtons(); });
  $("new-game").addEventListener("click", () => newGame({}));
  $("daily").addEventListener("click", () => newGame({ daily: today() }));
  $("hint").addEventListener("click", hint);
  $("cmd-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const v = $("cmd").value;
    $("cmd").value = "";
    command(v);
  });
  $("name").value = localStorage.getItem("footcanasta-name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("footcanasta-name", $("name").value.trim()));
  for (const id of ["partner", "opponents"]) {
    $(id).addEventListener("change", () => localStorage.setItem("footcanasta-" + id, $(id).value));
  }
  $("game-choice").addEventListener("change", () => choose($("game-choice").value));
  const q = new URLSearchParams(location.search);
  // ?game= names a game (an older address gave a game's id there: still loaded)
  const named = q.get("game");
  const known = named !== null && Object.prototype.hasOwnProperty.call(GAMES, named);
  const stored = localStorage.getItem("footcanasta-choice");
  showChosen(known ? named : stored && GAMES[stored] ? stored : "footcanasta");
  try { await fillBots(chosen, q); } catch (e) { setMessage(e.message, true); }
  if (q.get("seed") !== null) {
    const n = Number(q.get("seed"));
    if (!Number.isSafeInteger(n) || n < 0) { setMessage("seed must be a whole number", true); return; }
    return newGame({ seed: n });
  }
  if (q.get("daily") !== null) return newGame({ daily: q.get("daily") || today() });
  const id = q.get("id") || (named !== null && !known ? named : null) || localStorage.getItem("footcanasta-game");
  if (id) {
    try {
      const data = await api("GET", `/api/games/${encodeURIComponent(id)}`);
      // /?game=NAME with a remembered game of the other kind deals a game of NAME
      if (!known || q.get("id") || data.state.game === chosen) return await load(id);
    } catch (e) { localStorage.removeItem("footcanasta-game"); }
  }
  return newGame({});
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "/" && document.activeElement !== $("cmd")) { ev.preventDefault(); $("cmd").focus(); }
});
window.addEventListener("DOMContentLoaded", start);
