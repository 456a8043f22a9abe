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
    h("ul", {}, said.map((c) => h("li", {}, ...withNames(`Seat ${c.seat} says: "${c.text}"`)))));
}

// The structured claims table talk allows (M-H33, M-H34, M-H38): a category about your own cards; a card only
// about another seat. The server words the sentence; this is the menu.
const CARDS = ["raise-morale", "advanced-repair", "command", "basic-repair", "replicate", "backstab", "brawl", "panic",
  "airlock-breach", "reactor-leak", "explosion"];

export function chatTools(h, { send, names, seat, seatLabel }) {
  const kind = h("select", { "aria-label": "Claim" }, h("option", { value: "drew" }, "I drew a…"),
    h("option", { value: "played" }, "I played a…"), h("option", { value: "accuse" }, "…played…"),
    h("option", { value: "suspect" }, "I suspect…"));
  const category = h("select", { "aria-label": "Category" }, ["good", "neutral", "bad"].map((c) => h("option", { value: c }, `${c} card`)));
  const who = h("select", { "aria-label": "Player" });
  const card = h("select", { "aria-label": "Card" }, CARDS.map((c) => h("option", { value: c }, c.replace(/-/g, " "))));
  const refresh = () => {
    const others = names().map((n, s) => [`${seatLabel(s)}: ${n || "bot"}`, s]).filter(([, s]) => s !== seat());
    const chosen = who.value;
    who.replaceChildren(...others.map(([n, s]) => h("option", { value: String(s) }, n)));
    if (chosen) who.value = chosen;
    const about = kind.value === "accuse" || kind.value === "suspect";
    category.hidden = about;
    who.hidden = !about;
    card.hidden = kind.value !== "accuse";
  };
  kind.addEventListener("change", refresh);
  who.addEventListener("focus", refresh);
  refresh();
  return h("form", { class: "chat-form claims", "aria-label": "Make a claim", onsubmit: (event) => {
    event.preventDefault();
    refresh();
    const k = kind.value;
    if (k === "drew" || k === "played") send({ kind: k, category: category.value });
    else if (k === "suspect") send({ kind: k, seat: Number(who.value) });
    else send({ kind: k, seat: Number(who.value), card: card.value });
  } }, kind, category, who, card, h("button", { type: "submit" }, "Claim"));
}
