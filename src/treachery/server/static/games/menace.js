// The Menace Among Us: the Oxygen and Energy tracks, and the cards revealed at this round's resolution.

import { track } from "./common.js";

export const draws = ["oxygen", "energy", "revealed", "pool_left", "claims"];

export function board(view, { h, withNames }) {
  const revealed = (view.revealed || []).map((card) => h("span", {
    class: `reveal-card ${card.category || ""}${card.cancelled ? " cancelled" : ""}`,
    title: `${card.category || ""}${card.cancelled ? " (cancelled)" : ""}`,
  }, card.card || card.name || String(card)));
  return h("div", { class: "pic panel menace" },
    h("div", { class: "tracks" },
      track(h, { label: "Oxygen", value: view.oxygen, min: 0, max: 15, colour: "#7fb7a4" }),
      track(h, { label: "Energy", value: view.energy, min: 0, max: 10, colour: "#e9b872", marks: [{ at: 7, label: "safe 7" }] })),
    h("h2", {}, "Resolution"),
    revealed.length ? h("div", { class: "reveal-cards", "aria-label": "Revealed cards" }, revealed)
      : h("p", { class: "muted" }, "No card revealed yet this round."),
    view.pool_left ? h("p", { class: "muted" }, `${view.pool_left} card${view.pool_left > 1 ? "s" : ""} still face down`) : null,
    claims(view, h, withNames));
}

// The last discussion's claims (M-H33), as the log words them (seats named as there): table talk is public.
function claims(view, h, withNames) {
  const said = view.claims || [];
  if (!said.length) return null;
  return h("div", { class: "claims-said", "aria-label": "Last discussion's claims" },
    h("h2", {}, "Last discussion"),
    h("ul", {}, said.map((c) => h("li", {}, ...withNames(`P${c.seat + 1} says: "${c.text}"`)))));
}
