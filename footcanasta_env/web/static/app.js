// Foot Canasta and Canasta in the browser: the page only shows what the server sends (South's view) and asks it to play.
// Every text it writes itself comes from the `web` catalog of the chosen language (GET /api/i18n/<lang>, gettext's
// compiled catalog as JSON): _() and ngettext() below, numbers and dates through Intl; the game's own texts (the
// log, round ends, reasons) come from the server in that language, as every request says which it is.
"use strict";

const $ = (id) => document.getElementById(id);
const GAMES = { footcanasta: "Foot Canasta", canasta: "Canasta" };
// each language named in itself, as a menu of languages does
const LANGS = { en: "English", de: "Deutsch", it: "Italiano", ru: "Русский", th: "ไทย" };
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

// ------------------------------------------------------------------------------------------ the language

let lang = "en";
let catalog = { lang: "en", source: true, messages: {}, plurals: {}, plural_index: { one: 0, other: 1 } };
let pluralRules = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

const N_ = (id) => id;  // marks a text for the catalog; _() translates it where it is shown

function show(v) {
  return typeof v === "number" ? numbers.format(v) : String(v);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? show(params[k]) : m));
}

function missing(id) {
  console.error(`the ${lang} catalog has no text for ${JSON.stringify(id)}`);
  return id;
}

function lookup(id) {
  const text = catalog.source ? id : catalog.messages[id];
  return text === undefined ? missing(id) : text;
}

// A text of the catalog, its {placeholders} filled (numbers as the language writes them).
function _(id, params) {
  return fill(lookup(id), params);
}

// A text whose translation depends on the game (gettext's context): the catalog keys it "context\u0004id".
function pgettext(context, id, params) {
  const text = catalog.source ? id : catalog.messages[`${context}\u0004${id}`];
  return fill(text === undefined ? missing(`${context}|${id}`) : text, params);
}

// The same as nodes to append, the parameters named in `game` being the game's own words (the server's, in
// the same language) in a span of class game-text.
function _nodes(id, params, game) {
  return lookup(id).split(/(\{\w+\})/).filter((part) => part).map((part) => {
    const key = part.startsWith("{") ? part.slice(1, -1) : null;
    if (key && game.includes(key) && key in params) return el("span", { class: "game-text", text: show(params[key]) });
    return fill(part, params);
  });
}

// The plural form for n: Intl.PluralRules names the category, the catalog says which of its forms that is.
function ngettext(one, other, n, params) {
  const category = pluralRules.select(n);
  let text;
  if (catalog.source) text = category === "one" ? one : other;
  else {
    const forms = catalog.plurals[one];
    const i = catalog.plural_index[category];
    text = forms && i !== undefined && forms[i] !== undefined ? forms[i] : missing(one);
  }
  return fill(text, Object.assign({ n }, params));
}

function day(iso) {
  const d = new Date(`${iso}T00:00:00Z`);
  return isNaN(d) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(d);
}

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

function cardClass(c) {
  if (c === "2" || c === "JK") return "card wild";
  if (c === "B3") return "card black3";
  if (c === "R3") return "card red3";
  return "card";
}

function cardFace(c, extra) {
  const label = c === "JK" ? _("Joker") : c === "B3" ? _("Black 3") : c === "R3" ? _("Red 3") : c;
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
const fmt = (n) => numbers.format(Number(n));

// A line under the buttons: the page's own (from the catalog) or, with `game`, the server's (an error, a note).
function setMessage(text, bad, game) {
  const m = $("message");
  m.textContent = text || "";
  m.classList.toggle("bad", !!bad);
  m.classList.toggle("game-text", !!game);
}

// ------------------------------------------------------------------------------------------ rendering

const SEATS = [N_("You (South)"), N_("West"), N_("North (partner)"), N_("East")];
const TEAMS = [N_("South/North"), N_("West/East")];
const CANASTAS = { clean: N_("clean canasta"), dirty: N_("dirty canasta"), wild: N_("wild canasta"),
  natural: N_("natural canasta"), mixed: N_("mixed canasta") };
const KINDS = { clean: N_("clean"), dirty: N_("dirty"), wild: N_("wild"), natural: N_("natural"), mixed: N_("mixed") };

const cards = (n) => ngettext("{n} card", "{n} cards", n);

function renderSeat(p) {
  const box = $("seat-" + p.seat);
  box.replaceChildren();
  box.classList.toggle("to-play", p.to_play);
  const seat = _(SEATS[p.seat]);
  const how = isCanasta() ? (p.melded ? _("has melded") : _("not melded"))
    : (p.in_foot ? _("playing from foot") : _("foot waiting"));
  box.append(el("div", { class: "seat-name", text: p.to_play ? _("{seat} · to play", { seat }) : seat }),
    el("div", { class: "seat-info", text: `${cards(p.held)} · ${how}` }));
  if (p.seat !== 0) {
    const backs = el("div", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.held, 8); i++) backs.append(el("span", { class: "back" }));
    box.append(backs);
    if (p.from_pile) box.append(el("div", { class: "seat-memo", text: _("From the pile: {cards}", { cards: p.from_pile }) }));
  }
}

function renderCenter() {
  const c = $("center");
  c.replaceChildren();
  const pile = state.pile;
  const stock = el("div", { class: "stack" }, el("span", { class: "back big" }),
    el("div", { class: "stack-label", text: _("Stock {n}", { n: state.stock }) }));
  const top = pile.top ? cardFace(pile.top, "big") : el("span", { class: "empty big", text: _("empty") });
  const pileBox = el("div", { class: "stack", id: "pile" }, top, el("div", { class: "stack-label",
    text: pile.blocked ? _("Pile {n} · blocked by a black 3", { n: pile.size }) : _("Pile {n}", { n: pile.size }) }));
  c.append(stock, pileBox);
  if (isCanasta() && pile.frozen) {
    pileBox.classList.add("frozen");
    c.append(el("div", { class: "frozen-mark", id: "pile-frozen" }, ..._nodes(N_("❄ Pile frozen for your side: {why}"), { why: pile.frozen_why }, ["why"])));
  }
  if (pile.size > 1) {
    c.append(el("div", { class: "pile-below", text: _("Below: {cards}", { cards: pile.cards.slice(-6, -1).reverse().join(" ") }) }));
  }
}

// A meld's state in words: its kind and how many cards it lacks, or which canasta it is.
function meldState(m) {
  const kind = m.canasta ? _(CANASTAS[m.kind]) : ngettext("{kind}, {n} to go", "{kind}, {n} to go", m.to_go, { kind: _(KINDS[m.kind]) });
  const rank = m.rank === "wild" ? _("Wild") : m.rank;
  if (m.size === undefined) return _("{rank}: {state}", { rank, state: kind });
  return ngettext("{rank}: {n} card, {state}", "{rank}: {n} cards, {state}", m.size, { rank, state: kind });
}

function meldBox(m, team, clickable) {
  const cardsBox = el("div", { class: "meld-cards" });
  for (const c of m.cards) cardsBox.append(cardFace(c, "mini"));
  const attrs = { class: "meld" + (m.canasta ? " canasta " + m.kind : ""), "data-rank": m.rank };
  const box = el(clickable ? "button" : "div", attrs, cardsBox, el("div", { class: "meld-state", text: meldState(m) }));
  if (clickable) {
    box.type = "button";
    const b = buttons && buttons.add ? buttons.add[m.rank] : null;
    box.disabled = busy || !b || !b.ok || !selectedCards().length;
    const rank = m.rank === "wild" ? _("Wild") : m.rank;
    box.title = b ? (b.ok ? _("Add the selection to the {rank} meld", { rank }) : b.reason) : _("Select cards to add");
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
  const down = team.down ? _("melded") : _("not melded yet");
  const info = el("div", { class: "side-info" },
    el("span", { class: "minimum", "data-minimum": String(team.minimum) },
      ..._nodes(N_("{down} · initial meld minimum {minimum} ({band})"), { down, minimum: team.minimum, band: team.minimum_band }, ["band"])),
    el("span", { class: "canastas", text: " · " + _("canastas: {natural} natural, {mixed} mixed", team.canastas) }),
    el("span", { text: " · " + _("red 3s {n}", { n: team.red_threes }) + " " }), threes("R3", Math.max(0, team.red_threes)));
  if (team.black_threes) info.append(el("span", { text: " · " + _("black 3s {n}", { n: team.black_threes }) + " " }), threes("B3", team.black_threes));
  if (team.frozen) info.append(el("span", { class: "frozen-note" }, " · ", ..._nodes(N_("pile frozen: {why}"), { why: team.frozen_why }, ["why"])));
  return info;
}

function sideTitle(t) {
  const name = _(TEAMS[t]);
  return t === 0 ? _("Your side ({name})", { name }) : _("Their side ({name})", { name });
}

function renderTeam(t) {
  if (isCanasta()) return renderCanastaTeam(t);
  const team = state.teams[t];
  const box = $("team-" + t);
  box.replaceChildren();
  const [c, d, w] = team.canastas;
  const [nc, nd, nw] = state.need;
  const down = team.down ? _("melded") : _("not melded yet (minimum {minimum})", { minimum: state.minimum });
  const head = el("div", { class: "side-head" }, el("h2", { text: sideTitle(t) }),
    el("div", { class: "side-info", text: [down, _("red 3s {n}", { n: team.red_threes }),
      _("canastas clean {c}/{nc}, dirty {d}/{nd}, wild {w}/{nw}", { c, nc, d, nd, w, nw })].join(" · ") }));
  const list = el("div", { class: "meld-list" });
  for (const m of team.melds) list.append(meldBox(m, t, t === 0 && !m.canasta && state.my_turn));
  if (!team.melds.length) list.append(el("div", { class: "none", text: _("No melds on the table.") }));
  box.append(head, list);
}

function renderCanastaTeam(t) {
  const team = state.teams[t];
  const box = $("team-" + t);
  box.replaceChildren();
  const head = el("div", { class: "side-head" }, el("h2", { text: sideTitle(t) }), canastaTeamInfo(team));
  const list = el("div", { class: "meld-list" });
  for (const m of team.melds) list.append(meldBox(m, t, t === 0 && state.my_turn && team.down));
  if (!team.melds.length) list.append(el("div", { class: "none", text: _("No melds on the table.") }));
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
  box.append(el("h2", { text: _("Set aside: worth {value} of the {minimum} needed", { value: state.set_aside_value, minimum: myMinimum() }) }));
  const list = el("div", { class: "meld-list" });
  for (const m of state.set_aside) list.append(meldBox(m, 0, (isCanasta() || !m.canasta) && state.my_turn));
  box.append(list, el("p", { class: "note", text: _("Lay down puts them on the table; a discard returns them to your hand.") }));
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const me = state.players[0];
  const title = ngettext("Your hand: {n} card", "Your hand: {n} cards", state.hand_size);
  $("hand-title").textContent = isCanasta() ? title
    : me.in_foot ? _("{hand}, from your foot", { hand: title }) : _("{hand}, your foot is waiting", { hand: title });
  for (const g of state.hand) {
    const group = el("div", { class: "group", role: "group", "aria-label": `${show(g.count)} × ${g.card}` });
    const n = Math.min(selected[g.card] || 0, g.count);
    for (let i = 0; i < g.count; i++) {
      const isSel = i < n;
      const b = el("button", { type: "button", class: "card-btn" + (isSel ? " selected" : ""), "data-card": g.card,
        "aria-pressed": isSel ? "true" : "false", "aria-label": isSel ? _("{card} (selected)", { card: g.card }) : g.card },
        cardFace(g.card));
      b.addEventListener("click", () => toggleCard(g.card, isSel));
      group.append(b);
    }
    group.append(el("span", { class: "count", text: `×${show(g.count)}` }));
    hand.append(group);
  }
  if (!state.hand.length) hand.append(el("div", { class: "none", text: _("No cards in hand.") }));
}

function renderButtons() {
  const sel = selectedCards();
  $("b-meld").textContent = state.teams[0].down ? _("Meld") : _("Set aside");
  $("b-draw").textContent = isCanasta() ? _("Draw") : _("Draw 2");
  const reasons = [];
  for (const [key, id] of Object.entries(BUTTONS)) {
    const b = buttons ? buttons[key] : null;
    const btn = $(id);
    btn.disabled = busy || !b || !b.ok;
    btn.title = b ? (b.ok ? b.actions.join(", ") : b.reason) : "";
    const relevant = (key === "draw" || key === "laydown") ? false : sel.length > 0;
    if (b && !b.ok && relevant && state.my_turn) reasons.push([btn.textContent, b.reason]);
  }
  $("b-clear").disabled = !sel.length;
  const reason = $("reason");
  if (!state.my_turn) reason.textContent = state.over ? "" : _("Waiting for the other players…");
  else if (sel.length) {
    // why each button is off: the button's label, then the game's reason (the server's words)
    reason.replaceChildren(_("Selected: {cards}.", { cards: sel.join(" ") }));
    reasons.slice(0, 3).forEach(([label, why], i) => reason.append(i ? " · " : " ", `${label}: `,
      el("span", { class: "game-text", text: why })));
  } else reason.textContent = _("Tap cards to select them, then choose a move.");
}

function renderLegal() {
  const box = $("legal");
  box.replaceChildren();
  for (const name of state.legal) {
    // the canonical action names, the same in every language: the move box takes them as they are
    const b = el("button", { type: "button", class: "chip", "data-action": name, text: name, lang: "en" });
    b.disabled = busy;
    b.addEventListener("click", () => play([name]));
    box.append(b);
  }
  if (!state.legal.length) box.append(el("span", { class: "none", text: state.over ? _("The game is over.") : _("Not your turn.") }));
}

function scoreHead(split) {
  // the two games name going out differently in some languages (German: ausmachen, herausgehen)
  const out = isCanasta() ? pgettext("canasta", "Going out") : _("Going out");
  return ["", _("Melds"), _("Canastas"), split, _("Red 3s"), out, _("Cards held"), _("Round"), _("Total")];
}

function teamLabel(t) {
  return t === 0 ? _("{team} (you)", { team: _(TEAMS[0]) }) : _(TEAMS[1]);
}

function canastaRows(r) {
  const rows = [scoreHead(_("natural/mixed"))];
  for (const t of [0, 1]) {
    const b = r.breakdown[t];
    const total = state.round_results.filter((x) => x.round <= r.round).reduce((sum, x) => sum + x.scores[t], 0);
    rows.push([teamLabel(t), b.melds, b.canastas, `${show(b.natural)}/${show(b.mixed)}`,
      b.red_threes, b.going_out, b.cards_held, b.total, total]);
  }
  return rows;
}

function resultTable(r) {
  if (isCanasta()) return scoreTable(r, canastaRows(r));
  const rows = [scoreHead(_("clean/dirty/wild"))];
  for (const t of [0, 1]) {
    const b = r.breakdown[t];
    const total = state.round_results.filter((x) => x.round <= r.round).reduce((sum, x) => sum + x.scores[t], 0);
    rows.push([teamLabel(t), b.melds, b.canastas, `${show(b.clean)}/${show(b.dirty)}/${show(b.wild)}`,
      b.red_threes + b.red_threes_in_foot, b.going_out, b.cards_held, b.total, total]);
  }
  return scoreTable(r, rows);
}

function scoreTable(r, rows) {
  const table = el("table", { class: "score" }, el("caption", {}, ..._nodes(N_("Round {round}: {text}"), { round: r.round, text: r.text }, ["text"])));
  rows.forEach((row, i) => {
    const tr = el("tr");
    row.forEach((v) => tr.append(el(i === 0 ? "th" : "td", { text: show(v) })));
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
  box.append(el("h2", { text: _("Round scores") }));
  const wrap = el("div", { class: "table-wrap" });
  for (const r of rr.slice().reverse()) wrap.append(resultTable(r));
  box.append(wrap);
}

function dailyLinks(links) {
  const href = `/leaderboard?date=${state.deal.date}&game=${encodeURIComponent(state.game)}&lang=${lang}`;
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
  const s = state.scores;
  const words = state.winner === null ? _("A draw.") : state.winner === 0 ? _("You and North win!") : _("West and East win.");
  box.append(el("div", { class: "final", "data-game-over": `${s[0]} ${s[1]}`, text: _("Game over: {us} {s0}, {them} {s1}. {result}",
    { us: _(TEAMS[0]), s0: s[0], them: _(TEAMS[1]), s1: s[1], result: words }) }));
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

// The search bot rates each of South's decisions (GET /api/games/{id}/review); it takes a while.
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

// A seed is shown only when the server sends it (one the person typed, or any once the game is over);
// seeds travel as strings, which hold every 63-bit seed exactly.
function dealText() {
  const deal = state.deal;
  if (deal.kind === "daily") return _("daily {date}", { date: day(deal.date) }) + (state.ranked ? " · " + _("ranked") : "");
  if (deal.kind === "scenario") return _("scenario");
  return deal.seed !== undefined ? _("seed {seed}", { seed: String(deal.seed) }) : _("new deal");
}

function render() {
  if (!state) return;
  const score = _("{us} {s0} – {them} {s1}", { us: _(TEAMS[0]), s0: state.scores[0], them: _(TEAMS[1]), s1: state.scores[1] });
  const deal = dealText();
  $("status").textContent = isCanasta()
    ? _("Canasta · round {round} · game to {target} · {score} · {deal}", { round: state.round, target: state.target, score, deal })
    : _("Round {round} of {rounds} · minimum {minimum} · {score} · {deal}", { round: state.round, rounds: state.rounds, minimum: state.minimum, score, deal });
  $("status").dataset.deal = state.deal.kind;
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

async function showEvents(events) {
  const log = $("log");
  const delay = reduced ? 0 : Math.min(350, 4000 / Math.max(1, events.length));
  for (const ev of events) {
    for (const line of ev.text) {
      const li = el("li", { class: "game-text" + (ev.seat === 0 ? " mine" : "") + (ev.round_end ? " round-end" : "") + (delay ? " fresh" : ""), text: line });
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
function showChosen(name) {
  chosen = name;
  $("game-choice").value = name;
  $("title").textContent = GAMES[name];
  document.title = GAMES[name];
  $("board-link").href = `/leaderboard?game=${encodeURIComponent(name)}&lang=${lang}`;
  document.body.classList.toggle("canasta", name === "canasta");
}

function remember() {
  localStorage.setItem("footcanasta-game", gameId);
  localStorage.setItem("footcanasta-choice", chosen);
  history.replaceState(null, "", `/?game=${encodeURIComponent(chosen)}&id=${encodeURIComponent(gameId)}&lang=${lang}`);
}

// Each game has its own bots: the settings list the chosen game's, keeping a remembered choice it knows.
async function fillBots(name, query) {
  const bots = await api("GET", `/api/bots?game=${encodeURIComponent(name)}`);
  for (const id of ["partner", "opponents"]) {
    const s = $(id);
    s.replaceChildren(el("option", { value: "", text: _("strongest ({bot})", { bot: bots.default }) }));
    for (const b of bots.bots) s.append(el("option", { value: b, text: b }));
    const wanted = (query && query.get(id)) || localStorage.getItem("footcanasta-" + id) || "";
    if (query && query.get(id) && !bots.bots.includes(wanted)) setMessage(_("no {field} bot {bot} in {game}", { field: id, bot: wanted, game: GAMES[name] }), true);
    s.value = bots.bots.includes(wanted) ? wanted : "";
  }
}

async function choose(name) {
  showChosen(name);
  localStorage.setItem("footcanasta-choice", name);
  try { await fillBots(name); } catch (e) { setMessage(e.message, true, true); return; }
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

async function newGame(deal) {
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
    gameId = data.id;
    showChosen(data.state.game);
    remember();
    $("log").replaceChildren();
    selected = {};
    // a bot that could not be loaded plays as another one, a daily that does not rank: say so at once
    setMessage([...(data.state.notes || []), data.state.unranked || ""].join(" ").trim(), false, true);
    await apply(data);
  } catch (e) {
    busy = false;
    setMessage(e.message, true, true);
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

// The page's own words in the language: each element's text and labels, from the catalog.
const STATIC_TEXT = {
  "#game-label": N_("Game"), "#status": N_("Dealing…"), "#new-game": N_("New game"), "#daily": N_("Daily"),
  "#hint": N_("Hint"), "#board-link": N_("Leaderboard"), "#settings-label": N_("Settings"),
  "#partner-label": N_("Partner"), "#opponents-label": N_("Opponents"), "#name-label": N_("Name (daily leaderboard)"),
  "#lang-label": N_("Language"), "#hand-title": N_("Your hand"), "#b-draw": N_("Draw 2"), "#b-pickup": N_("Take pile"),
  "#b-meld": N_("Meld"), "#b-laydown": N_("Lay down"), "#b-discard": N_("Discard"), "#b-clear": N_("Clear selection"),
  "#cmd-label": N_("Type a move"), "#cmd-play": N_("Play"), "#legal-title": N_("Every legal move"),
  "#log-title": N_("What happened"),
};
const STATIC_LABELS = {
  "#table": N_("The table"), ".melds": N_("Melds"), ".hand-area": N_("Your hand"), ".controls": N_("Your move"),
};

function translatePage() {
  document.documentElement.lang = lang;
  for (const [sel, id] of Object.entries(STATIC_TEXT)) document.querySelector(sel).textContent = _(id);
  for (const [sel, id] of Object.entries(STATIC_LABELS)) document.querySelector(sel).setAttribute("aria-label", _(id));
  const menu = $("lang-choice");
  menu.replaceChildren();
  for (const [code, name] of Object.entries(LANGS)) menu.append(el("option", { value: code, text: name, lang: code }));
  menu.value = lang;
}

// The language: ?lang= in the address, else the one chosen in the menu before, else what the browser asks for
// (the server's choice from Accept-Language: /api/i18n/auto), English when none of ours matches.
async function loadLanguage(q) {
  const asked = q.get("lang");
  const remembered = localStorage.getItem("footcanasta-lang");
  const wanted = asked !== null && LANGS[asked] ? asked : remembered && LANGS[remembered] ? remembered : "auto";
  const r = await fetch(`/api/i18n/${wanted}`);
  if (!r.ok) throw new Error(`the ${wanted} catalog did not load (HTTP ${r.status})`);
  catalog = await r.json();
  lang = catalog.lang;
  pluralRules = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  translatePage();
  document.documentElement.classList.remove("loading");
  if (asked !== null && !LANGS[asked]) {
    setMessage(_("unknown language {lang}: the languages are {languages}", { lang: asked, languages: Object.keys(LANGS).join(", ") }), true);
  }
}

// A language chosen in the menu is remembered, and the page comes back in it, with the same game.
function chooseLanguage(code) {
  localStorage.setItem("footcanasta-lang", code);
  const q = new URLSearchParams(location.search);
  q.set("lang", code);
  location.search = q.toString();
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
  $("game-choice").addEventListener("change", () => choose($("game-choice").value));
  // ?game= names a game (an older address gave a game's id there: still loaded)
  const named = q.get("game");
  const known = named !== null && Object.prototype.hasOwnProperty.call(GAMES, named);
  const stored = localStorage.getItem("footcanasta-choice");
  showChosen(known ? named : stored && GAMES[stored] ? stored : "footcanasta");
  try { await fillBots(chosen, q); } catch (e) { setMessage(e.message, true, true); }
  if (q.get("seed") !== null) {
    const seed = q.get("seed").trim();  // kept a string: a JavaScript number cannot hold every seed
    if (!/^[0-9]{1,19}$/.test(seed)) { setMessage(_("seed must be a whole number"), true); return; }
    return newGame({ seed });
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
