// Foot Canasta's own looks on the page (draw.js asks for them): its cards, a seat's foot, a side's canastas
// against the three the game needs, its meld captions, the status line, a round's score rows.
"use strict";

(() => {
  const CANASTAS = { clean: N_("clean canasta"), dirty: N_("dirty canasta"), wild: N_("wild canasta") };
  const KINDS = { clean: N_("clean"), dirty: N_("dirty"), wild: N_("wild") };
  const rankName = (m) => (m.rank === "wild" ? _("Wild") : m.rank);

  registerGame("footcanasta", {
    // a 2 and a joker are both wild, and look it, but never alike: the 2 keeps its rank with a wild mark in
    // the corner, the joker is a dark card with a star (the pile and a meld's minis show the middle only)
    card(c) {
      if (c === "JK") return { cls: "wild joker", small: "JK", mark: "★" };
      if (c === "2") return { cls: "wild two", small: "2", mark: "2", tag: "★" };
      if (c === "B3") return { cls: "black3", small: "3", mark: "♣" };
      if (c === "R3") return { cls: "red3", small: "3", mark: "♥" };
      return { cls: "", small: c, mark: c };
    },
    seatInfo: (p) => (p.in_foot ? _("playing from foot") : _("foot waiting")),
    handTitle: (title, me) => (me.in_foot ? _("{hand}, from your foot", { hand: title })
      : _("{hand}, your foot is waiting", { hand: title })),
    meldName: rankName,
    meldClass: (m) => (m.canasta ? "canasta " + m.kind : ""),
    moveExamples: () => "d, p, m K K K, a K 2, l, x 9",
    // a meld's caption in plain words: how far it is from a canasta, or which canasta it is
    meldCaption(m) {
      const size = m.cards.length;
      const full = size + m.to_go;
      if (m.rank === "wild") {
        return m.canasta ? _("Wild canasta") : ngettext("Wild cards: {size} of {full}, {n} more for a canasta",
          "Wild cards: {size} of {full}, {n} more for a canasta", m.to_go, { size, full });
      }
      if (m.canasta) return _("{rank}: {state}", { rank: m.rank, state: _(CANASTAS[m.kind]) });
      return ngettext("{rank}: {size} of {full}, {kind}, {n} more for a canasta",
        "{rank}: {size} of {full}, {kind}, {n} more for a canasta", m.to_go,
        { rank: m.rank, size, full, kind: _(KINDS[m.kind]) });
    },
    // each kind of canasta against what going out needs: "clean 1 of 2", or "clean 4 (2 needed)" past it
    sideInfo(team, state) {
      const down = team.down ? _("melded") : _("not melded yet (minimum {minimum})", { minimum: state.minimum });
      const kinds = ["clean", "dirty", "wild"].map((k, i) => {
        const [have, need] = [team.canastas[i], state.need[i]];
        const kind = _(KINDS[k]);
        return have > need ? _("{kind} {have} ({need} needed)", { kind, have, need }) : _("{kind} {have} of {need}", { kind, have, need });
      });
      return el("div", { class: "side-info", text: [down, _("red 3s: {n}", { n: team.red_threes }),
        _("Canastas: {list}", { list: kinds.join(", ") })].join(" · ") });
    },
    canAdd: (m) => !m.canasta,
    canAddAside: (m) => !m.canasta,
    minimum: (state) => state.minimum,
    buttonLabels: (state) => ({ draw: _("Draw 2"), meld: state.teams[mySide()].down ? _("Meld") : _("Set aside") }),
    status: (state, score, deal) => _("Round {round} of {rounds} · minimum {minimum} · {score} · {deal}",
      { round: state.round, rounds: state.rounds, minimum: state.minimum, score, deal }),
    roundRows(r, side) {
      const rows = [["", _("Melds"), _("Canastas"), _("clean/dirty/wild"), _("Red 3s"), _("Going out"), _("Cards held"),
        _("Round"), _("Total")]];
      r.breakdown.forEach((b, t) => rows.push([side.label(t), b.melds, b.canastas,
        `${show(b.clean)}/${show(b.dirty)}/${show(b.wild)}`, b.red_threes + b.red_threes_in_foot, b.going_out,
        b.cards_held, signed(b.total), side.total(t)]));
      return rows;
    },
  });
})();
