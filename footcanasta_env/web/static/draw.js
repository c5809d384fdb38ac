// Drawing the table the server describes (state.table: seats, sides, names, the person's seat, the areas of the
// page the game draws, in order) from the state the server sends, for any game. What a game draws its own way
// (card faces, a seat's and a side's details, meld captions, the status line, round scores) comes from its own
// script (state.table.assets), which calls registerGame(name, looks); a game without one is drawn plainly.
"use strict";

const $ = (id) => document.getElementById(id);
const BUTTONS = { draw: "b-draw", pickup: "b-pickup", meld: "b-meld", laydown: "b-laydown", discard: "b-discard" };
// where each seat sits on the screen, clockwise from the person's, by the number of seats
const PLACES = { 1: ["south"], 2: ["south", "north"], 3: ["south", "west", "east"], 4: ["south", "west", "north", "east"],
  6: ["south", "southwest", "northwest", "north", "northeast", "southeast"] };
// the page's parts, by the area that shows them (state.table.areas): an area a game does not name is hidden
const AREA_PARTS = { seats: ["table"], pile: ["center"], melds: ["melds"], aside: ["aside"], hand: ["hand-area"],
  buttons: ["buttons", "reason"], moves: ["cmd-form", "legal-box"], results: ["results"], log: ["log-area"] };

const LOOKS = {};  // game name -> its looks (registerGame)
let state = null;
let selected = {};        // card -> how many of that card are selected
let buttons = null;       // the server's answer for the current selection
let busy = false;

// A game's own script makes itself known: the looks the page asks it for (any it leaves out are drawn plainly).
function registerGame(name, looks) {
  LOOKS[name] = looks;
}

function looks() {
  return (state && LOOKS[state.game]) || {};
}

// A game's look for `key`, called with `args`, or `plain(...args)` when the game draws it plainly.
function look(key, plain, ...args) {
  const own = looks()[key];
  return own ? own(...args) : plain(...args);
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

// Each card's name for screen readers, in the page's language (the cards have ranks, no suits), and a number of
// cards of one rank ("2 fives"): a plural of its own, as each language counts them.
const CARD_NAMES = { A: N_("ace"), K: N_("king"), Q: N_("queen"), J: N_("jack"), "10": N_("ten"), 9: N_("nine"),
  8: N_("eight"), 7: N_("seven"), 6: N_("six"), 5: N_("five"), 4: N_("four"), 2: N_("two"), JK: N_("joker"),
  B3: N_("black three"), R3: N_("red three") };
const CARD_COUNTS = {
  A: (n) => ngettext("{n} ace", "{n} aces", n), K: (n) => ngettext("{n} king", "{n} kings", n),
  Q: (n) => ngettext("{n} queen", "{n} queens", n), J: (n) => ngettext("{n} jack", "{n} jacks", n),
  10: (n) => ngettext("{n} ten", "{n} tens", n), 9: (n) => ngettext("{n} nine", "{n} nines", n),
  8: (n) => ngettext("{n} eight", "{n} eights", n), 7: (n) => ngettext("{n} seven", "{n} sevens", n),
  6: (n) => ngettext("{n} six", "{n} sixes", n), 5: (n) => ngettext("{n} five", "{n} fives", n),
  4: (n) => ngettext("{n} four", "{n} fours", n), 2: (n) => ngettext("{n} two", "{n} twos", n),
  JK: (n) => ngettext("{n} joker", "{n} jokers", n), B3: (n) => ngettext("{n} black three", "{n} black threes", n),
  R3: (n) => ngettext("{n} red three", "{n} red threes", n),
};

function cardName(c) {
  return CARD_NAMES[c] ? _(CARD_NAMES[c]) : c;
}

// n cards of one rank in words ("2 fives"); a card the page does not know is named by its token.
function cardsName(c, n) {
  return CARD_COUNTS[c] ? CARD_COUNTS[c](n) : `${show(n)} × ${c}`;
}

// A row of cards in words, each rank counted once, in their order ("5 tens, 2 twos and 1 joker").
function cardsWords(list) {
  const counts = new Map();
  for (const c of list) counts.set(c, (counts.get(c) || 0) + 1);
  return listOf([...counts].map(([c, n]) => cardsName(c, n)));
}

// A card: its rank in the corner, large in the middle, and the game's mark (a wild card's) in the other corner.
// Named for screen readers as an image (the pile's top), or hidden from them where what holds it is named (a
// button of the hand, a meld).
function cardFace(c, extra, named = true) {
  const face = look("card", (x) => ({ cls: "", small: x, mark: x }), c);
  const attrs = named ? { role: "img", "aria-label": cardName(c) } : { "aria-hidden": "true" };
  return el("span", Object.assign({ class: "card" + (face.cls ? " " + face.cls : "") + (extra ? " " + extra : "") }, attrs),
    el("span", { class: "corner", text: face.small }), el("span", { class: "pip", text: face.mark || face.small }),
    face.tag ? el("span", { class: "tag", text: face.tag }) : null);
}

// The selected cards, in the order of the hand.
function selectedCards() {
  const out = [];
  for (const g of (state && state.hand) || []) for (let i = 0; i < Math.min(selected[g.card] || 0, g.count); i++) out.push(g.card);
  return out;
}

const table = () => state.table;
const mySide = () => table().sides.findIndex((side) => side.includes(table().you));
// a table where every side is one seat (two or three players): its sides are named as its seats ("You (South)",
// "West"), never "your side" and "their side"
const alone = () => table().sides.every((side) => side.length === 1);
const cards = (n) => ngettext("{n} card", "{n} cards", n);

// The person's seat, a partner's or an opponent's, in words.
function seatLabel(seat) {
  const t = table();
  const name = t.seat_names[seat];
  if (seat === t.you) return _("You ({seat})", { seat: name });
  return t.sides[mySide()].includes(seat) ? _("{seat} (partner)", { seat: name }) : name;
}

// The seats around the table, clockwise from the person's (its own box, when the game sends what it holds).
function renderSeats() {
  const t = table();
  const box = $("table");
  const places = PLACES[t.seats] || [];
  box.dataset.seats = t.seats;  // the table's grid follows its number of seats (the CSS file)
  const seen = new Set();
  for (let k = 0; k < t.seats; k++) {
    const seat = (t.you + k) % t.seats;
    const id = "seat-" + seat;
    seen.add(id);
    let div = $(id);
    if (!div) { div = el("div", { id }); box.append(div); }
    div.className = "seat " + (places[k] || "around");
    drawSeat(div, seat, (state.players || [])[seat]);
  }
  for (const old of box.querySelectorAll(".seat")) if (!seen.has(old.id)) old.remove();
}

function drawSeat(box, seat, p) {
  const toPlay = p ? p.to_play : !state.over && state.current === seat;
  box.replaceChildren();
  box.classList.toggle("to-play", toPlay);
  const name = seatLabel(seat);
  box.append(el("div", { class: "seat-name", text: toPlay ? _("{seat} · to play", { seat: name }) : name }));
  if (!p) return;
  const how = look("seatInfo", () => "", p);
  box.append(el("div", { class: "seat-info", text: how ? `${cards(p.held)} · ${how}` : cards(p.held) }));
  if (seat !== table().you) {
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
  const more = look("pileInfo", () => null, pile, pileBox);
  if (more) c.append(more);
  if (pile.size > 1) {
    c.append(el("div", { class: "pile-below", text: _("Below: {cards}", { cards: pile.cards.slice(-6, -1).reverse().join(" ") }) }));
  }
}

// A meld: its cards, its caption (the game's words for its state), a button when cards may be added to it.
function meldBox(m, clickable) {
  const cardsBox = el("div", { class: "meld-cards", role: "img", "aria-label": cardsWords(m.cards) });
  for (const c of m.cards) cardsBox.append(cardFace(c, "mini", false));
  const own = look("meldClass", () => "", m);
  const attrs = { class: "meld" + (own ? " " + own : ""), "data-rank": m.rank };
  const caption = look("meldCaption", (x) => x.rank, m);
  const box = el(clickable ? "button" : "div", attrs, cardsBox, el("div", { class: "meld-state", text: caption }));
  if (clickable) {
    box.type = "button";
    const b = buttons && buttons.add ? buttons.add[m.rank] : null;
    box.disabled = busy || !b || !b.ok || !selectedCards().length;
    const rank = look("meldName", (x) => x.rank, m);
    box.title = b ? (b.ok ? _("Add the selection to the {rank} meld", { rank }) : b.reason) : _("Select cards to add");
    box.addEventListener("click", () => { if (b && b.ok) play(b.actions); });
  }
  return box;
}

function sideTitle(t) {
  if (alone()) return seatLabel(table().sides[t][0]);
  const name = table().side_names[t];
  return t === mySide() ? _("Your side ({name})", { name }) : _("Their side ({name})", { name });
}

// Each side's box: its name, the game's words about it, its melds (the person's side's take cards on their turn).
function renderSides() {
  const box = document.querySelector(".melds");
  const sides = state.teams || [];
  while (box.children.length > sides.length) box.lastChild.remove();
  sides.forEach((team, t) => {
    let div = $("team-" + t);
    if (!div) { div = el("div", { id: "team-" + t }); box.append(div); }
    div.className = "side " + (t === mySide() ? "ours" : "theirs");
    const ours = t === mySide();
    div.replaceChildren();
    const head = el("div", { class: "side-head" }, el("h2", { text: sideTitle(t) }), look("sideInfo", () => null, team, state));
    const list = el("div", { class: "meld-list" });
    for (const m of team.melds) list.append(meldBox(m, ours && state.my_turn && look("canAdd", () => false, m, team)));
    if (!team.melds.length) list.append(el("div", { class: "none", text: _("No melds on the table.") }));
    div.append(head, list);
  });
}

function renderAside() {
  const box = $("aside");
  box.replaceChildren();
  box.hidden = !state.set_aside || !state.set_aside.length || !hasArea("aside");
  if (box.hidden) return;
  const minimum = look("minimum", () => 0, state);
  box.append(el("h2", { text: _("Set aside: worth {value} of the {minimum} needed", { value: state.set_aside_value, minimum }) }));
  const list = el("div", { class: "meld-list" });
  for (const m of state.set_aside) list.append(meldBox(m, state.my_turn && look("canAddAside", () => false, m)));
  box.append(list, el("p", { class: "note", text: _("Lay down puts them on the table; a discard returns them to your hand.") }));
}

// The card that has the keyboard's focus, as the rank and its place in its group, to give it back once redrawn.
function focusedCard(hand) {
  const b = document.activeElement;
  if (!b || !b.classList.contains("card-btn") || !hand.contains(b)) return null;
  return [b.dataset.card, [...b.parentElement.querySelectorAll(".card-btn")].indexOf(b)];
}

function renderHand() {
  const hand = $("hand");
  const focused = focusedCard(hand);
  hand.replaceChildren();
  const title = ngettext("Your hand: {n} card", "Your hand: {n} cards", state.hand_size);
  $("hand-title").textContent = look("handTitle", (x) => x, title, state.players[table().you]);
  for (const g of state.hand) {
    // a group of one rank is named in words ("2 fives"); its count sits on the stack as a badge, apart from
    // the ranks, so "5 ×2" cannot read as a five and a two
    const group = el("div", { class: "group", role: "group", "aria-label": cardsName(g.card, g.count) });
    const n = Math.min(selected[g.card] || 0, g.count);
    for (let i = 0; i < g.count; i++) {
      const isSel = i < n;
      // named by its words ("queen"), the spoken form of the rank it shows, as the content a speech user says
      const b = el("button", { type: "button", class: "card-btn" + (isSel ? " selected" : ""), "data-card": g.card,
        "aria-pressed": isSel ? "true" : "false" }, cardFace(g.card, "", false), el("span", { class: "sr-only", text: cardName(g.card) }));
      b.addEventListener("click", () => toggleCard(g.card, isSel));
      group.append(b);
    }
    if (g.count > 1) group.append(el("span", { class: "count", "aria-hidden": "true", text: `×${show(g.count)}` }));
    hand.append(group);
  }
  if (!state.hand.length) hand.append(el("div", { class: "none", text: _("No cards in hand.") }));
  // the arrow keys walk the hand, card by card
  hand.onkeydown = (ev) => {
    const all = [...hand.querySelectorAll(".card-btn")];
    const next = all[all.indexOf(document.activeElement) + (ev.key === "ArrowRight" ? 1 : ev.key === "ArrowLeft" ? -1 : NaN)];
    if (next && all.includes(document.activeElement)) { ev.preventDefault(); next.focus(); }
  };
  // a card chosen from the keyboard keeps the focus, so the next one is a Tab or an arrow away
  if (focused) {
    const same = [...hand.querySelectorAll(".card-btn")].filter((b) => b.dataset.card === focused[0]);
    const again = same[Math.min(focused[1], same.length - 1)];
    if (again) again.focus({ preventScroll: true });
  }
}

function renderButtons() {
  const sel = selectedCards();
  for (const [key, text] of Object.entries(look("buttonLabels", () => ({}), state))) $(BUTTONS[key]).textContent = text;
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

function sideLabel(t) {
  if (alone()) return seatLabel(table().sides[t][0]);
  const name = table().side_names[t];
  return t === mySide() ? _("{team} (you)", { team: name }) : name;
}

// A round's scores: the game's own rows (a heading row, then a row per side), or each side's round and total.
function roundRows(r) {
  const total = (t) => state.round_results.filter((x) => x.round <= r.round).reduce((sum, x) => sum + x.scores[t], 0);
  const plain = () => [["", _("Round"), _("Total")], ...r.scores.map((s, t) => [sideLabel(t), signed(s), total(t)])];
  return look("roundRows", plain, r, { label: sideLabel, total });
}

function resultTable(r) {
  // the game's words for the round's end name the round already ("… round 2 is over")
  const caption = el("caption", {}, r.text ? el("span", { class: "game-text", text: r.text }) : _("Round {round}", { round: r.round }));
  const box = el("table", { class: "score" }, caption);
  roundRows(r).forEach((row, i) => {
    const tr = el("tr");
    row.forEach((v) => tr.append(el(i === 0 ? "th" : "td", { text: show(v) })));
    box.append(tr);
  });
  return box;
}

function renderResults() {
  const box = $("results");
  box.replaceChildren();
  const rr = state.round_results;
  box.hidden = !rr.length || !hasArea("results");
  if (box.hidden) return;
  box.append(el("h2", { text: _("Round scores") }));
  // a frame that scrolls on a phone: reachable from the keyboard, and named
  const wrap = el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": _("Round scores") });
  for (const r of rr.slice().reverse()) wrap.append(resultTable(r));
  box.append(wrap);
}

// Every side's name and score, in the order of the sides (the person's own "You" where each plays alone).
function scoreLine(sep) {
  const name = (t) => (alone() && t === mySide() ? _("You") : table().side_names[t]);
  return state.scores.map((s, t) => `${name(t)} ${fmt(s)}`).join(sep);
}

// Who won, in words: the sides with the highest score (a draw when several have it).
function winnerWords() {
  const best = Math.max(...state.scores);
  const won = state.scores.map((s, t) => (s === best ? t : -1)).filter((t) => t >= 0);
  if (won.length !== 1) return _("A draw.");
  const t = table();
  const seats = t.sides[won[0]].filter((s) => s !== t.you).map((s) => t.seat_names[s]);
  if (won[0] === mySide()) return seats.length ? _("You and {names} win!", { names: listOf(seats) }) : _("You win!");
  return seats.length > 1 ? _("{names} win.", { names: listOf(seats) }) : _("{name} wins.", { name: seats[0] });
}

// Which areas the game draws: the parts of the page of the others are hidden.
function hasArea(id) {
  return table().areas.some((a) => a.id === id);
}

function showAreas() {
  for (const [area, parts] of Object.entries(AREA_PARTS)) {
    for (const id of parts) $(id).hidden = !hasArea(area) || (id === "results" && !state.round_results.length);
  }
  // a section's name for screen readers is its area's label, in the request's language
  for (const a of table().areas) for (const id of AREA_PARTS[a.id]) {
    if ($(id).tagName === "SECTION") $(id).setAttribute("aria-label", a.label);
  }
}
