// Canasta's own looks on the page (draw.js asks for them): its cards, a seat that has melded or not, a side's
// minimum, canastas and threes, the frozen pile, its meld captions, the status line, a round's score rows.
"use strict";

(() => {
  const CANASTAS = { natural: N_("natural canasta"), mixed: N_("mixed canasta") };
  const KINDS = { natural: N_("natural"), mixed: N_("mixed") };
  const rankName = (m) => (m.rank === "wild" ? _("Wild") : m.rank);

  function threes(kind, n) {
    const box = el("span", { class: "threes" });
    for (let i = 0; i < n; i++) box.append(cardFace(kind, "mini", false));
    return box;
  }

  registerGame("canasta", {
    // a 2 and a joker are both wild, and look it, but never alike: the 2 keeps its rank with a wild mark in
    // the corner, the joker is a dark card with a star (the pile and a meld's minis show the middle only)
    card(c) {
      if (c === "JK") return { cls: "wild joker", small: "JK", mark: "★" };
      if (c === "2") return { cls: "wild two", small: "2", mark: "2", tag: "★" };
      if (c === "B3") return { cls: "black3", small: "3", mark: "♣" };
      if (c === "R3") return { cls: "red3", small: "3", mark: "♥" };
      return { cls: "", small: c, mark: c };
    },
    seatInfo: (p) => (p.melded ? _("has melded") : _("not melded")),
    pileInfo(pile, box) {
      if (!pile.frozen) return null;
      box.classList.add("frozen");
      return el("div", { class: "frozen-mark", id: "pile-frozen" },
        ..._nodes(alone() ? N_("❄ Pile frozen for you: {why}") : N_("❄ Pile frozen for your side: {why}"),
          { why: pile.frozen_why }, ["why"]));
    },
    meldName: rankName,
    meldClass: (m) => (m.canasta ? "canasta " + m.kind : ""),
    moveExamples: () => "d, p, m K K K, a K 2, l, x 9",
    // a meld's caption in plain words: how far it is from a canasta, or which canasta it is
    meldCaption(m) {
      if (m.canasta) {
        return ngettext("{rank}: {n} card, {state}", "{rank}: {n} cards, {state}", m.size, { rank: rankName(m), state: _(CANASTAS[m.kind]) });
      }
      return ngettext("{rank}: {size} of {full}, {kind}, {n} more for a canasta",
        "{rank}: {size} of {full}, {kind}, {n} more for a canasta", m.to_go,
        { rank: rankName(m), size: m.size, full: m.size + m.to_go, kind: _(KINDS[m.kind]) });
    },
    sideInfo(team) {
      const down = team.down ? _("melded") : _("not melded yet");
      const { natural, mixed } = team.canastas;
      const made = natural || mixed ? _("Canastas: {natural} natural, {mixed} mixed", { natural, mixed }) : _("No canasta yet");
      const info = el("div", { class: "side-info" },
        el("span", { class: "minimum", "data-minimum": String(team.minimum) },
          ..._nodes(N_("{down} · initial meld minimum {minimum} ({band})"), { down, minimum: team.minimum, band: team.minimum_band }, ["band"])),
        el("span", { class: "canastas", text: " · " + made }),
        el("span", { text: " · " + _("red 3s: {n}", { n: team.red_threes }) + " " }), threes("R3", Math.max(0, team.red_threes)));
      if (team.black_threes) info.append(el("span", { text: " · " + _("black 3s: {n}", { n: team.black_threes }) + " " }), threes("B3", team.black_threes));
      if (team.frozen) info.append(el("span", { class: "frozen-note" }, " · ", ..._nodes(N_("pile frozen: {why}"), { why: team.frozen_why }, ["why"])));
      return info;
    },
    canAdd: (m, team) => team.down,
    canAddAside: () => true,
    minimum: (state) => state.teams[mySide()].minimum,
    buttonLabels: (state) => ({ draw: _("Draw"), meld: state.teams[mySide()].down ? _("Meld") : _("Set aside") }),
    status: (state, score, deal) => _("Canasta · round {round} · game to {target} · {score} · {deal}",
      { round: state.round, target: state.target, score, deal }),
    roundRows(r, side) {
      // the two games name going out differently in some languages (German: ausmachen, herausgehen)
      const rows = [["", _("Melds"), _("Canastas"), _("natural/mixed"), _("Red 3s"), pgettext("canasta", "Going out"),
        _("Cards held"), _("Round"), _("Total")]];
      r.breakdown.forEach((b, t) => rows.push([side.label(t), b.melds, b.canastas, `${show(b.natural)}/${show(b.mixed)}`,
        b.red_threes, b.going_out, b.cards_held, signed(b.total), side.total(t)]));
      return rows;
    },
  });
})();
