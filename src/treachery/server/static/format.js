// Turning any game's view into readable text: names for card codes, seat labels, compact values.

import { h, humanize } from "./dom.js";

// Keys that are not shown as board facts (structure, or shown elsewhere: the core feeds the seats, the header and
// the private panel).
export const SKIP_KEYS = new Set(["game", "seat", "players", "cards", "over", "result", "waiting_for", "timers", "core"]);

// The top-level keys of a view that the core's private block stands for: only that seat's, never table facts.
export function privateKeys(view) {
  const core = view && view.core;
  return new Set(core && Array.isArray(core.private) ? core.private.flatMap((fact) => fact.keys || []) : []);
}

// Every card-like catalogue entry of a view, by code, wherever the game's card table nests it.
export function catalogue(view) {
  if (view.__catalogue && view.__catalogueOf === view.cards) return view.__catalogue;
  const found = new Map();
  const visit = (value, code) => {
    if (Array.isArray(value)) value.forEach((item) => visit(item));
    else if (value && typeof value === "object") {
      const key = code || value.code || value.card;
      if (key && typeof value.name === "string") found.set(String(key), value);
      else for (const [k, v] of Object.entries(value)) if (v && typeof v === "object") visit(v, Array.isArray(value) ? null : k);
    }
  };
  visit(view.cards || []);
  Object.defineProperty(view, "__catalogue", { value: found, enumerable: false, configurable: true });
  Object.defineProperty(view, "__catalogueOf", { value: view.cards, enumerable: false, configurable: true });
  return found;
}

export function cardName(view, code) {
  const entry = catalogue(view).get(String(code));
  return entry ? entry.name : String(code);
}

// Each game names seats its own way in its texts ("P1" for seat 0, or "seat 0"); the server
// sends the room's labels and the page uses them everywhere, so a label in an option matches the seat's badge.
let currentNames = [];
let currentLabels = [];
let labelPattern = null;
export function useNames(names) {
  currentNames = names;
}

export function useSeatLabels(labels) {
  if (!Array.isArray(labels) || !labels.length || labels.join() === currentLabels.join()) return;
  currentLabels = labels;
  const escaped = [...labels].sort((a, b) => b.length - a.length).map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  labelPattern = new RegExp(`\\b(${escaped.join("|")})\\b`, "gi"); // "Seat 2 picks …" starts a sentence
}

export function seatLabel(seat) {
  return currentLabels[seat] || `P${seat + 1}`;
}

// "P3" (or "seat 2") in the engine's texts is a seat; people would rather read its player's name.
export function withNames(text, names = currentNames) {
  const parts = [];
  let last = 0;
  text = String(text);
  for (const match of text.matchAll(labelPattern || /\bP\d{1,2}\b/g)) {
    const seat = currentLabels.length ? currentLabels.findIndex((l) => l.toLowerCase() === match[0].toLowerCase())
      : Number(match[0].slice(1)) - 1;
    if (seat < 0 || !names[seat]) continue;
    parts.push(text.slice(last, match.index));
    parts.push(h("span", { class: "who", title: match[0], dataset: { seat: String(seat) } }, names[seat]));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

// Fields of a view's objects that hold a seat number (0-based in data): shown as the seat's label, never "seat 3".
const SEAT_FIELD = /^(seat|player|target|voter|by|from|to|caller|ejected|winner|holder|owner)$/;

// A compact, readable rendering of any value found in a view.
export function show(value, view, key = "") {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (/^[A-Z]{1,3}\d{1,2}$/.test(value)) {
      const name = cardName(view, value);
      return name === value ? value : `${name}`;
    }
    return value;
  }
  if (Array.isArray(value)) {
    if (!value.length) return "none";
    if (value.every((v) => typeof v !== "object" || v === null)) {
      if (/seat|player|_for$|winners|lockdown/.test(key) && value.every((v) => typeof v === "number")) {
        return value.map((v) => (v < 0 ? "—" : seatLabel(v))).join(", ");
      }
      const shown = value.map((v) => show(v, view));
      if (new Set(shown).size < shown.length) {
        // a pile with repeats reads better counted: "Basic Repair ×6"
        const counts = new Map();
        for (const item of shown) counts.set(item, (counts.get(item) || 0) + 1);
        return [...counts].map(([item, n]) => (n > 1 ? `${item} ×${n}` : item)).join(", ");
      }
      return shown.join(", ");
    }
    return value.map((v) => show(v, view)).join(" · ");
  }
  if (typeof value === "object") {
    if (typeof value.name === "string") return value.name + (value.cancelled ? " (cancelled)" : "");
    if (typeof value.card === "string") {
      // a card on the table: its name, where it is, and whether it lies face down
      const extra = [value.location, value.face_down ? "face down" : null,
        typeof value.target === "number" ? `on ${seatLabel(value.target)}` : null].filter(Boolean);
      return cardName(view, value.card) + (extra.length ? ` (${extra.join(", ")})` : "");
    }
    if (value.face_down === true && Object.keys(value).length === 1) return "face down";
    const parts = Object.entries(value)
      .filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && !v.length) && v !== -1)
      .map(([k, v]) => `${humanize(k).toLowerCase()} ${SEAT_FIELD.test(k) && typeof v === "number" && v >= 0 ? seatLabel(v) : show(v, view, k)}`);
    return parts.length ? parts.join(", ") : "none";
  }
  return String(value);
}

// A definition list of the facts in an object (skipping the empty ones).
export function facts(object, view, skip = new Set()) {
  const rows = [];
  for (const [key, value] of Object.entries(object)) {
    if (skip.has(key) || value === null || value === undefined) continue;
    if (Array.isArray(value) && !value.length) continue;
    rows.push(h("div", { class: "fact" }, h("dt", {}, humanize(key)), h("dd", {}, withNames(show(value, view, key)))));
  }
  return rows.length ? h("dl", { class: "facts" }, rows) : null;
}
