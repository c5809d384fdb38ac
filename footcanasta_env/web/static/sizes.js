// The sizes of a game's table on the page: each game's other tables (GET /api/games "sizes") are entries of
// GAMES (app.js) under a key of their own, "canasta/2" or "canasta/6x3"; the address names one by ?game=NAME
// with &players=N (and &sides=S), and a table a game is not played at is said, not dealt.
"use strict";

// The games and their tables, in the page's language: the chooser lists them.
async function loadGames() {
  const list = (await api("GET", "/api/games")).games;
  GAMES = {};
  const menu = $("game-choice");
  menu.replaceChildren();
  for (const g of list) {
    GAMES[g.name] = g;
    menu.append(el("option", { value: g.name, text: g.title }));
    for (const size of g.sizes || []) {  // the game at its other tables: "Canasta (2 players)"
      GAMES[size.key] = Object.assign({}, g, size, { name: g.name });
      menu.append(el("option", { value: size.key, text: size.title }));
    }
  }
  return list[0].name;
}

// The address of the chosen game and size: ?game=NAME, and &players=N (&sides=S) at another size.
function sizeQuery(key) {
  const g = GAMES[key] || { name: key };
  return `game=${encodeURIComponent(g.name)}` + (g.players ? `&players=${g.players}` : "") + (g.sides ? `&sides=${g.sides}` : "");
}

// The key of game `name` at the table of `players` (and `sides`): the game's own at its default table or when none
// is asked for, undefined for a table the game is not played at.
function sizeKey(name, players, sides) {
  if (players === null && sides === null) return name;
  const base = GAMES[name];
  return Object.keys(GAMES).find((key) => {
    const g = GAMES[key];
    if (g.name !== name) return false;
    const seats = g.table.seats, made = g.table.sides.length;
    return String(seats) === String(players ?? base.table.seats) && (sides === null || String(made) === sides);
  });
}

function sizesOf(name) {
  return Object.values(GAMES).filter((g) => g.name === name)
    .map((g) => g.table.seats + (g.sides ? `/${g.sides}` : "")).join(", ");
}
