// The page's words: the `web` catalog of the chosen language (GET /api/i18n/<lang>, gettext's compiled catalog as
// JSON), read by _(), pgettext() and ngettext() below; numbers, dates and lists through Intl. Loaded first: the
// drawing (draw.js), the games' own scripts and the page (app.js) all write their texts through it; the page's
// own words in the HTML are put in the chosen language here too (translatePage).
"use strict";

// each language named in itself, as a menu of languages does
const LANGS = { en: "English", de: "Deutsch", it: "Italiano", ru: "Русский", th: "ไทย" };

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

// A list of names as the language writes one ("West and East", "West und Ost").
function listOf(names) {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(names);
}

const fmt = (n) => numbers.format(Number(n));

// A change of score, its sign always shown ("+1,840", "-35", "+0"), as the server's round texts write one.
function signed(n) {
  return new Intl.NumberFormat(lang, { signDisplay: "always" }).format(Number(n));
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
