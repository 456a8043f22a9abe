// This Game Is Killer: the ship's rooms (destroyed, hunted, where the alien is known to be, where you stand)
// and the Hunting Row.

import { track } from "./common.js";

export const draws = ["hunting_row", "hunting_row_locations", "alien_location", "previously_hunted", "destroyed",
  "removed_at_setup", "round", "round_cap"];

export function board(view, { h, names, seat, seatLabel }) {
  const cards = Array.isArray(view.cards) ? view.cards : [];
  const rooms = [...new Set(cards.map((c) => c.location).filter(Boolean))];
  const destroyed = new Set(view.destroyed || []);
  const removed = new Set(view.removed_at_setup || []);
  const hunted = new Set(view.previously_hunted || []);
  const row = new Set(view.hunting_row_locations || []);
  const here = {};
  for (const player of view.players || []) {
    const place = player.position && player.position.location;
    if (place && player.alive) (here[place] = here[place] || []).push(player.seat);
  }
  const tiles = rooms.map((room) => {
    const notes = [];
    if (removed.has(room)) notes.push("not in this game");
    else if (destroyed.has(room)) notes.push("destroyed");
    if (view.alien_location === room) notes.push("the alien is here");
    if (hunted.has(room)) notes.push("hunted before");
    if (row.has(room) && !destroyed.has(room)) notes.push("in the Hunting Row");
    const crew = (here[room] || []).map((s) => (s === seat ? "you" : names[s] || seatLabel(s)));
    const cls = ["place", destroyed.has(room) || removed.has(room) ? "destroyed" : "", view.alien_location === room ? "danger" : "",
      hunted.has(room) ? "hunted" : "", row.has(room) ? "candidate" : ""].filter(Boolean).join(" ");
    return h("div", { class: cls, role: "listitem", dataset: { target: `location:${room}` }, "aria-label": `${room}: ${notes.join(", ") || "open"}` },
      h("strong", {}, room), notes.map((n) => h("small", {}, n)), crew.length ? h("small", {}, `here: ${crew.join(", ")}`) : null);
  });
  const slots = (view.hunting_row || []).map((slot) => h("div", { class: `slot ${slot.face_up ? "up" : "down"}`,
    dataset: { target: `slot:${slot.slot}` },
    "aria-label": `Slot ${slot.slot}: ${slot.face_up ? slot.location : "face down"}` },
  h("span", {}, `Slot ${slot.slot}`), slot.face_up ? h("span", {}, slot.location) : h("span", {}, "?")));
  return h("div", { class: "pic panel killer" },
    view.round_cap ? track(h, { label: "Round", value: view.round, min: 0, max: view.round_cap, colour: "#7fb7a4" }) : null,
    h("h2", {}, "The ship"), h("div", { class: "places", role: "list" }, tiles),
    h("h2", {}, "Hunting Row"), h("div", { class: "row" }, slots.length ? slots : h("p", { class: "muted" }, "empty")));
}
