// The table explains the game: your role card, card texts wherever a card is named, why a move is not open now,
// your fate when you are out, and the end summary. Everything here comes from what the game declares in player
// words (the server sends the role card and the card reference); nothing here knows a particular game.

import { h } from "./dom.js";

let cardTexts = new Map(); // name -> {name, kind, text}
let cardPattern = null;
let cardKey = "";

// The game's card reference (state.cards): names to look for in any text, longest first.
export function useCards(cards) {
  const list = Array.isArray(cards) ? cards : [];
  const key = list.map((c) => c.name).join("|");
  if (key === cardKey) return;
  cardKey = key;
  cardTexts = new Map();
  for (const card of list) if (card && card.name && !cardTexts.has(card.name)) cardTexts.set(card.name, card);
  const names = [...cardTexts.keys()].sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // a name stands alone: not inside a longer word ("Vote" is not in "Voting"); "Panic!" ends in punctuation
  cardPattern = names.length ? new RegExp(`(?<![\\w'])(${names.join("|")})(?![\\w'])`, "g") : null;
}

export function cardText(name) {
  return cardTexts.get(name) || null;
}

// The texts of every card named in a string: for an option's title and its help line.
export function namedCards(text) {
  if (!cardPattern) return [];
  const seen = [];
  for (const match of String(text).matchAll(cardPattern)) {
    const card = cardTexts.get(match[1]);
    if (card && !seen.includes(card)) seen.push(card);
  }
  return seen;
}

export function describe(card) {
  return `${card.name}${card.kind ? ` (${card.kind})` : ""}: ${card.text}`;
}

// Wraps each card name inside the text parts (strings or nodes) in a focusable span that shows its text on hover,
// tap and keyboard focus.
export function withCards(parts) {
  const list = Array.isArray(parts) ? parts : [parts];
  if (!cardPattern) return list;
  const out = [];
  for (const part of list) {
    if (typeof part !== "string") {
      out.push(part);
      continue;
    }
    let last = 0;
    for (const match of part.matchAll(cardPattern)) {
      const card = cardTexts.get(match[1]);
      if (!card || !card.text) continue;
      out.push(part.slice(last, match.index), cardRef(match[1], card));
      last = match.index + match[1].length;
    }
    out.push(part.slice(last));
  }
  return out;
}

function cardRef(shown, card) {
  return h("span", { class: "cardref", tabindex: "0", title: describe(card), "aria-label": `${shown}: ${card.text}` },
    shown, h("span", { class: "tip", "aria-hidden": "true" }, h("strong", {}, card.name),
      card.kind ? h("em", {}, ` ${card.kind}`) : null, h("br"), card.text));
}

// Your role card: who you are, how you and your side win, what you can do. A <details> whose open state the table
// keeps across updates (only you close it).
export function roleCardPanel(card, open, onToggle) {
  const panel = h("details", { class: "panel role-card", id: "role-card", open: open !== false,
    ontoggle: (event) => onToggle(event.target.open) },
  h("summary", {}, h("span", { class: "role-kicker" }, "You are "), h("strong", {}, card.title),
    card.side ? h("span", { class: "badge side" }, card.side) : null),
  card.character ? h("p", { class: "role-line" }, h("strong", {}, "Character: "), withCards([card.character])) : null,
  card.who ? h("p", { class: "role-line" }, card.who) : null,
  card.goal ? h("p", { class: "role-line goal" }, h("strong", {}, "How you win: "), card.goal) : null,
  card.personal_goal ? h("p", { class: "role-line" }, h("strong", {}, "Your personal goal: "), card.personal_goal) : null,
  Array.isArray(card.abilities) && card.abilities.length ? [h("h3", {}, "Your abilities"),
    h("ul", { class: "abilities" }, card.abilities.map((a) => h("li", {}, h("strong", {}, a.name), ` — ${a.text}`)))] : null,
  Array.isArray(card.choices) && card.choices.length ? [h("h3", {}, "Characters to choose from"),
    h("ul", { class: "abilities" }, card.choices.map((c) => h("li", {}, h("strong", {}, c.name), ` — ${c.text}`)))] : null,
  Array.isArray(card.can) && card.can.length ? [h("h3", {}, "What you can do"),
    h("ul", { class: "can" }, card.can.map((line) => h("li", {}, line)))] : null);
  return panel;
}

// The banner when you are out of the running: what happened, why, and what you can still do.
export function fateBanner(fate, withNames) {
  return h("section", { class: "fate", id: "fate", role: "alert" },
    h("h2", {}, fate.title),
    fate.why ? h("p", { class: "fate-why" }, withNames(fate.why)) : null,
    fate.still ? h("p", { class: "fate-still" }, fate.still) : null);
}

// The end: you won or lost, why the game ended, and every seat's role and side beside its player's name.
export function endSummary(result, { seat, names, seatLabel, withNames }) {
  const winners = Array.isArray(result.winners) ? result.winners : [];
  const roles = result.roles || {};
  const sides = result.sides || {};
  const playing = seat !== null && seat !== undefined;
  const seats = Object.keys(sides).map(Number).sort((a, b) => a - b);
  return [
    h("h2", {}, "Game over"),
    playing ? h("p", { class: winners.includes(seat) ? "you-won" : "you-lost" },
      winners.includes(seat) ? "You won!" : "You lost.") : null,
    result.summary ? h("p", { class: "reason" }, withNames(result.summary)) : null,
    h("table", { class: "end-roles" }, h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Role"),
      h("th", {}, "Side"), h("th", {}, "Result"))),
    h("tbody", {}, seats.map((s) => h("tr", { class: winners.includes(s) ? "won" : "lost", dataset: { seat: String(s) } },
      h("td", {}, `${names[s] || "Bot"} (${seatLabel(s)})${s === seat ? " — you" : ""}`),
      h("td", {}, roles[s] !== undefined ? withCards([String(roles[s])]) : "—"),
      h("td", {}, sideName(sides[s])),
      h("td", {}, winners.includes(s) ? "won" : "lost"))))),
  ];
}

function sideName(side) {
  const text = String(side || "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Every card of the game with its text, grouped by kind; kept open while play goes on.
export function cardReference(cards, open, onToggle) {
  const groups = new Map();
  for (const card of cards) {
    const kind = (card.kind || "Card").split(" (")[0].split(",")[0];
    if (!groups.has(kind)) groups.set(kind, []);
    if (!groups.get(kind).some((c) => c.name === card.name)) groups.get(kind).push(card);
  }
  const count = [...groups.values()].reduce((n, g) => n + g.length, 0);
  return h("details", { class: "panel reference", id: "card-reference", open: Boolean(open),
    ontoggle: (event) => onToggle(event.target.open) },
  h("summary", {}, `Card reference (${count})`),
  [...groups].map(([kind, list]) => [h("h3", {}, kind), h("ul", {}, list.map((c) => h("li", {},
    h("strong", {}, c.name), c.kind && c.kind !== kind ? h("em", {}, ` ${c.kind}`) : null, ` — ${c.text}`)))]));
}
