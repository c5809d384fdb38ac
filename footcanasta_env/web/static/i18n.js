// The page's words: the `web` catalog of the chosen language (GET /api/i18n/<lang>, gettext's compiled catalog as
// JSON), read by _(), pgettext() and ngettext() below; numbers, dates and lists through Intl. Loaded first: the
// drawing (draw.js), the games' own scripts and the page (app.js) all write their texts through it.
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
