// Any game of the house in the browser: the page only shows what the server sends (the person's view, and the
// table it describes) and asks it to play. The games and their tables come from GET /api/games; a game's own
// script and CSS (its table's assets) are loaded before its first state is drawn. Every text the page writes
// itself comes from the `web` catalog of the chosen language (i18n.js); the game's own texts (the log, round
// ends, reasons) come from the server in that language, as every request says which it is.
"use strict";

const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let GAMES = {};           // key -> {name, title, table, bots, default, players?, sides?} (GET /api/games): a
                          // game's key is its name at its default table, "name/2" or "name/6x3" at another size
let gameId = null;
let chosen = null;        // the game New game and Daily deal (the chooser's)
let selSeq = 0;
const loaded = new Set();  // the game assets already on the page

async function api(method, path, body) {
  const opts = { method, headers: { "Accept-Language": lang } };  // the server answers in the page's language
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) {
    const err = new Error((data && data.error) || _("the request failed (HTTP {status})", { status: String(r.status) }));
    err.status = r.status;
    throw err;
  }
  return data;
}

// A line under the buttons: the page's own (from the catalog) or, with `game`, the server's (an error, a note).
function setMessage(text, bad, game) {
  const m = $("message");
  m.textContent = text || "";
  m.classList.toggle("bad", !!bad);
  m.classList.toggle("game-text", !!game);
}

// A game's own scripts and CSS files, each loaded once, before the game's state is drawn.
function loadAssets(urls) {
  return Promise.all(urls.filter((u) => !loaded.has(u)).map((u) => new Promise((resolve, reject) => {
    const tag = u.endsWith(".css") ? el("link", { rel: "stylesheet", href: u }) : el("script", { src: u });
    tag.addEventListener("load", () => { loaded.add(u); resolve(); });
    tag.addEventListener("error", () => reject(new Error(_("the page of {game} did not load", { game: u }))));
    document.head.append(tag);
  })));
}

// The review's line, from its figures: how many decisions, points lost per decision (a move rater's), accuracy.
function reviewSummary(r) {
  const n = r.decisions.length;
  if (!n) return _("No decision with a choice to review.");
  const accuracy = new Intl.NumberFormat(lang, { style: "percent" }).format(r.accuracy);
  if (r.method === "rater") {
    const lost = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r.points_lost_per_decision);
    return ngettext("{n} decision reviewed: {lost} points lost per decision, accuracy {accuracy}",
      "{n} decisions reviewed: {lost} points lost per decision, accuracy {accuracy}", n, { lost, accuracy });
  }
  return ngettext("{n} decision compared with the strongest bot ({bot}): accuracy {accuracy}",
    "{n} decisions compared with the strongest bot ({bot}): accuracy {accuracy}", n, { bot: r.bot, accuracy });
}

// The search bot rates each of the person's decisions (GET /api/games/{id}/review); it takes a while.
async function review(button, out) {
  button.disabled = true;
  out.replaceChildren(el("p", { text: _("Reviewing your moves against the search bot…") }));
  try {
    const r = await api("GET", `/api/games/${gameId}/review`);
    const rated = r.method === "rater";  // else compared with the strongest bot: no points measured
    const wrong = r.decisions.filter((d) => !d.accurate);
    const rows = (rated ? wrong.sort((a, b) => b.loss - a.loss) : wrong).slice(0, 10);
    const table = el("table");
    table.append(el("tr", {}, el("th", { text: _("Move") }), el("th", { text: _("played") }), el("th", { text: _("best") }),
      el("th", { text: _("points lost") })));
    for (const d of rows) {
      const lost = rated ? _("{loss} ± {se}", { loss: Math.round(d.loss), se: Math.round(d.se) }) : "–";
      table.append(el("tr", {}, el("td", { text: show(d.index + 1) }), el("td", { text: d.played, lang: "en" }),
        el("td", { text: d.best, lang: "en" }), el("td", { text: lost })));
    }
    const none = rated ? _("No move lost more than the noise of the search.") : _("Every move you made was the bot's.");
    const rest = rows.length ? [table] : r.decisions.length ? [el("p", { text: none })] : [];
    out.replaceChildren(el("p", { class: "review-summary", text: reviewSummary(r) }), ...rest);
  } catch (e) {
    out.replaceChildren(el("p", { class: "game-text", text: e.message }));
    button.disabled = false;
  }
}

// A seed is shown only when the server sends it (one the person typed, or any once the game is over). Seeds
// travel as strings of digits and are never made a Number: a JavaScript number holds 53 bits, a seed up to 128.
function dealText() {
  const deal = state.deal;
  if (deal.kind === "daily") return _("daily {date}", { date: day(deal.date) }) + (state.ranked ? " · " + _("ranked") : "");
  if (deal.kind === "scenario") return _("scenario");
  return typeof deal.seed === "string" ? _("seed {seed}", { seed: deal.seed }) : _("new deal");
}

function render() {
  if (!state) return;
  const score = scoreLine(" – ");
  const deal = dealText();
  $("status").textContent = look("status", () => _("Round {round} · {score} · {deal}", { round: state.round, score, deal }),
    state, score, deal);
  $("status").dataset.deal = state.deal.kind;
  $("cmd").placeholder = look("moveExamples", () => state.legal.slice(0, 3).join(", "));
  showChosen(state.choice || state.game);
  showAreas();
  renderSeats();
  if (hasArea("pile")) renderCenter();
  if (hasArea("melds")) renderSides();
  renderAside();
  if (hasArea("hand")) renderHand();
  if (hasArea("buttons")) renderButtons();
  renderLegal();
  renderResults();
  renderOver();
  $("hint").disabled = busy || !state.my_turn;
  placePanels();  // layout.js: the round's or the game's end where the person is looking
}

function dailyLinks(links) {
  const href = `/leaderboard?date=${state.deal.date}&${sizeQuery(state.choice || state.game)}&lang=${lang}`;
  links.append(el("a", { href, text: _("Leaderboard of {date}", { date: day(state.deal.date) }) }));
  if (state.entered === true) links.append(" · " + _("your result is on it."));
  else if (state.ranked && state.entered === false) links.append(" · " + _("only your first finished attempt counts."));
  else if (!state.ranked) links.append(" · " + (state.unranked || _("unranked.")));
}

function renderOver() {
  const box = $("over");
  box.replaceChildren();
  box.hidden = !state.over;
  if (!state.over) return;
  box.append(el("div", { class: "final", "data-game-over": state.scores.join(" "),
    text: _("Game over: {scores}. {result}", { scores: scoreLine(", "), result: winnerWords() }) }));
  // the last round's scores with the result: on a phone this panel is all that shows over the table
  const last = state.round_results[state.round_results.length - 1];
  if (last && hasArea("results")) box.append(el("div", { class: "table-wrap", tabindex: "0" }, resultTable(last)));
  const links = el("p");
  // a daily's replay holds the seed of that day's game for everyone: the server offers it once the day is over
  if (state.replay) {
    links.append(el("a", { href: `/api/games/${gameId}/replay`, text: _("Download the replay") }),
      " " + _("(footcanasta replay FILE)"));
    if (state.deal.kind === "daily") links.append(" · ");
  }
  if (state.deal.kind === "daily") dailyLinks(links);
  box.append(links);
  if (state.deal.kind !== "scenario") {
    const out = el("div", { id: "review" });
    const button = el("button", { type: "button", id: "review-button", text: _("Review my moves") });
    button.addEventListener("click", () => review(button, out));
    box.append(button, out);
  }
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
  // the buttons of a selection of cards: only for a game that draws them
  if (!state || !state.my_turn || !hasArea("buttons")) { buttons = null; render(); return; }
  try {
    const data = await api("POST", `/api/games/${gameId}/selection`, { cards: selectedCards() });
    if (seq !== selSeq) return;
    buttons = data.buttons;
  } catch (e) {
    if (seq !== selSeq) return;
    buttons = null;
    setMessage(e.message, true, true);
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

async function showEvents(events, you) {
  const log = $("log");
  const delay = reduced ? 0 : Math.min(350, 4000 / Math.max(1, events.length));
  for (const ev of events) {
    for (const line of ev.text) {
      const li = el("li", { class: "game-text" + (ev.seat === you ? " mine" : "") + (ev.round_end ? " round-end" : "") + (delay ? " fresh" : ""), text: line });
      log.prepend(li);
    }
    while (log.children.length > 60) log.lastChild.remove();
    if (delay && ev.seat !== you) await sleep(delay);
  }
}

async function apply(data) {
  await loadAssets(data.state.table.assets);
  await showEvents(data.events || [], data.state.table.you);
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
    setMessage(e.message, true, true);
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
    if (parsed.error) { setMessage(parsed.error, true, true); return; }
    await play(parsed.actions);
  } catch (e) {
    setMessage(e.message, true, true);
  }
}

async function hint() {
  if (!state || !state.my_turn) return;
  try {
    const h = await api("GET", `/api/games/${gameId}/hint`);
    state.hints = h.hints;
    setMessage(_("Hint ({bot} bot): {action}", { bot: h.bot, action: h.action }) +
      (state.ranked ? " · " + ngettext("{n} hint taken (shown on the leaderboard)", "{n} hints taken (shown on the leaderboard)", h.hints) : ""));
    for (const b of document.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === h.action);
  } catch (e) {
    setMessage(e.message, true, true);
  }
}

// The chosen game: the chooser, the title, the leaderboard link and the address all follow it.
function showChosen(key) {
  chosen = key;
  const g = GAMES[key] || { name: key, title: key };
  $("game-choice").value = key;
  $("title").textContent = g.title;
  document.title = g.title;
  $("board-link").href = `/leaderboard?${sizeQuery(key)}&lang=${lang}`;  // six in three sides: its own board
  document.body.dataset.game = g.name;
  document.body.dataset.seats = g.table ? g.table.seats : "";
}

function remember() {
  localStorage.setItem("footcanasta-game", gameId);
  localStorage.setItem("footcanasta-choice", chosen);
  history.replaceState(null, "", `/?${sizeQuery(chosen)}&id=${encodeURIComponent(gameId)}&lang=${lang}`);
}

// Each game has its own bots: the settings list the chosen game's, keeping a remembered choice it knows; a table
// where the person has no partner has no partner to choose. With the address's `query`: what it asked for that
// the game cannot seat, each said (the page seats the strongest instead).
function fillBots(name, query) {
  const game = GAMES[name];
  const t = game.table;
  const partners = t.sides.find((side) => side.includes(t.you)).length > 1;
  const problems = [];
  $("partner-label").parentElement.hidden = !partners;
  for (const id of ["partner", "opponents"]) {
    const s = $(id);
    s.replaceChildren(el("option", { value: "", text: _("strongest ({bot})", { bot: game.default }) }));
    for (const b of game.bots) s.append(el("option", { value: b, text: b }));
    const asked = query ? query.get(id) : null;
    const wanted = asked || localStorage.getItem("footcanasta-" + id) || "";
    if (asked !== null && id === "partner" && !partners) {
      problems.push(_("{game} has no partner to choose: each plays for themselves", { game: game.title }));
    } else if (asked !== null && !game.bots.includes(asked)) {
      problems.push(_("no {field} bot {bot} in {game}", { field: id, bot: asked, game: game.title }));
    }
    s.value = game.bots.includes(wanted) ? wanted : "";
  }
  return problems;
}

async function choose(name) {
  showChosen(name);
  localStorage.setItem("footcanasta-choice", name);
  fillBots(name);
  return newGame({});
}

function botChoice() {
  const g = GAMES[chosen] || { name: chosen };
  const body = { game: g.name };
  if (g.players) body.players = g.players;
  if (g.sides) body.sides = g.sides;
  if ($("partner").value && !$("partner-label").parentElement.hidden) body.partner = $("partner").value;
  if ($("opponents").value) body.opponents = $("opponents").value;
  const name = $("name").value.trim();
  if (name) body.name = name;
  return body;
}

// The anonymous identity the server issued this browser (a signed token): a ranked daily is one attempt per
// player and day, so the page keeps it and sends it with a daily game.
async function playerToken() {
  let token = localStorage.getItem("footcanasta-player");
  if (!token) {
    token = (await api("POST", "/api/players", {})).token;
    localStorage.setItem("footcanasta-player", token);
  }
  return token;
}

// Deals `deal` ({} a new game, {seed} a seed's, as a string, {daily} a date's). `problems`: what the address
// asked for that the page could not do, said with the game's notes. A failed deal says why, in the status too
// when there is no game on the page (never "Dealing…" for good); it returns the error (null when dealt).
async function newGame(deal, problems) {
  const said = problems || [];
  busy = true;
  setMessage(_("Dealing…"));
  try {
    if (deal.daily && botChoice().name) deal = Object.assign({ player: await playerToken() }, deal);
    let data;
    try {
      data = await api("POST", "/api/games", Object.assign(botChoice(), deal));
    } catch (e) {
      if (e.status !== 403 || !deal.player) throw e;
      localStorage.removeItem("footcanasta-player");  // a token of another server (or an old secret): a new one
      data = await api("POST", "/api/games", Object.assign(botChoice(), deal, { player: await playerToken() }));
    }
    await loadAssets(data.state.table.assets);  // the game's looks load before the address names it
    gameId = data.id;
    showChosen(data.state.choice || data.state.game);
    remember();
    $("log").replaceChildren();
    selected = {};
    // a bot that could not be loaded plays as another one, a daily that does not rank: say so at once
    setMessage(said.concat([...(data.state.notes || []), data.state.unranked || ""].join(" ").trim() || []).join(" · "),
      said.length > 0, true);
    await apply(data);
    return null;
  } catch (e) {
    busy = false;
    setMessage([...said, e.message].join(" · "), true, true);
    if (!state) $("status").textContent = _("No game dealt: {reason}", { reason: e.message });
    return e;
  }
}

async function load(id, problems) {
  const data = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  await loadAssets(data.state.table.assets);
  gameId = id;
  showChosen(data.state.choice || data.state.game);
  remember();
  if (problems && problems.length) setMessage(problems.join(" · "), true, true);
  await apply({ events: [], state: data.state });
}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function start() {
  const q = new URLSearchParams(location.search);
  try { await loadLanguage(q); } catch (e) {
    document.documentElement.classList.remove("loading");
    setMessage(e.message, true, true);
  }
  $("lang-choice").addEventListener("change", () => chooseLanguage($("lang-choice").value));
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
  $("game-choice").addEventListener("change", () => choose($("game-choice").value));  // a game at a size
  let first;
  try { first = await loadGames(); } catch (e) {
    setMessage(e.message, true, true);
    $("status").textContent = _("No game dealt: {reason}", { reason: e.message });
    return;
  }
  return dealAddress(q, first);
}

// What the address asks for (?game, ?id, ?seed, ?daily, ?partner, ?opponents, ?lang), each part checked: every
// bad one is said, in the page's language, and the page deals what the rest asks for (a new game of the chosen
// game when the deal asked for cannot be dealt), so the page stays playable. A seed stays a string.
async function dealAddress(q, first) {
  const problems = [];
  const asked = q.get("lang");
  if (asked !== null && !LANGS[asked]) {
    problems.push(_("unknown language {lang}: the languages are {languages}", { lang: asked, languages: Object.keys(LANGS).join(", ") }));
  }
  // ?game= names a game (an older address gave a game's id there: still loaded)
  const named = q.get("game");
  const known = named !== null && Object.prototype.hasOwnProperty.call(GAMES, named) && GAMES[named].name === named;
  const sized = known ? sizeKey(named, q.get("players"), q.get("sides")) : null;
  if (sized === undefined) {
    problems.push(_("{game} has no table of {players} players (its tables: {sizes})", { game: GAMES[named].title,
      players: [q.get("players"), q.get("sides")].filter((x) => x !== null).join(" / "), sizes: sizesOf(named) }));
  }
  const stored = localStorage.getItem("footcanasta-choice");
  showChosen(sized ? sized : known ? named : stored && GAMES[stored] ? stored : first);
  problems.push(...fillBots(chosen, q));
  const unknownGame = () => _("unknown game {name} (known: {known})", { name: named, known: Object.keys(GAMES).join(", ") });
  let deal = null;
  if (q.get("seed") !== null) {
    deal = { seed: q.get("seed").trim() };  // the server checks it and says what is wrong
    if (q.get("daily") !== null) problems.push(_("give one of seed, daily and scenario"));
  } else if (q.get("daily") !== null) deal = { daily: q.get("daily") || today() };
  if (deal && named !== null && !known) problems.push(unknownGame());
  if (deal) {
    const failed = await newGame(deal, problems);
    if (!failed) return;
    problems.push(failed.message, _("A new game was dealt instead."));
    return newGame({}, problems);
  }
  const id = q.get("id") || (named !== null && !known ? named : null);
  for (const gid of new Set([id, localStorage.getItem("footcanasta-game")])) {
    if (!gid) continue;
    try {
      const data = await api("GET", `/api/games/${encodeURIComponent(gid)}`);
      // /?game=NAME with a remembered game of the other kind deals a game of NAME
      if (gid === id || !known || (data.state.choice || data.state.game) === chosen) return await load(gid, problems);
    } catch (e) {
      if (gid !== id) localStorage.removeItem("footcanasta-game");
      else problems.push(q.get("id") ? _("{field}: {reason}", { field: "id", reason: e.message }) : unknownGame());
    }
  }
  if (problems.length) problems.push(_("A new game was dealt instead."));
  return newGame({}, problems);
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "/" && document.activeElement !== $("cmd")) { ev.preventDefault(); $("cmd").focus(); }
});
window.addEventListener("DOMContentLoaded", start);
