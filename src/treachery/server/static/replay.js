// The replay viewer: a finished game step by step, through one seat's eyes, a spectator's, or all revealed.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { seatLabel, useSeatLabels, withNames } from "./format.js";
import { privateFacts, Table } from "./table.js";

export async function replayPage(root, code) {
  const params = new URLSearchParams(location.search);
  const as = params.get("as") || "spectator";
  let replay;
  try {
    replay = await api("GET", `/api/rooms/${encodeURIComponent(code)}/replay?as=${encodeURIComponent(as)}`);
  } catch (error) {
    replace(root, h("main", { class: "narrow" }, h("h1", {}, "No replay"),
      h("p", {}, error.code === "not_over" ? "The replay opens when the game is over." : error.message),
      h("p", {}, h("a", { href: `/r/${code}` }, "Back to the room"), " · ", h("a", { href: "/" }, "Home"))));
    return;
  }
  const games = await api("GET", "/api/games");
  const entry = games.find((g) => g.id === replay.game) || { title: replay.game };
  let renderer = null;
  if (entry.renderer) { // a game's own pictures are optional: only asked for when the server has them
    try { renderer = await import(`./games/${replay.game}.js`); } catch (_) { renderer = null; }
  }
  const title = entry.title;
  new ReplayViewer(root, code, replay, title, renderer, as).show(Number(params.get("step") || 0));
}

class ReplayViewer {
  constructor(root, code, replay, title, renderer, as) {
    this.code = code;
    this.replay = replay;
    this.as = as;
    useSeatLabels(replay.seat_labels);
    this.names = replay.names.map((n, i) => n || `Bot ${seatLabel(i)}`);
    this.step = 0;
    const last = replay.steps.length - 1;
    const eyes = h("select", { id: "eyes", "aria-label": "Whose eyes", onchange: () => {
      const url = new URL(location.href);
      url.searchParams.set("as", eyes.value);
      url.searchParams.set("step", String(this.step));
      location.assign(url.toString());
    } }, h("option", { value: "spectator" }, "A spectator"),
    this.names.map((n, i) => h("option", { value: String(i) }, `${seatLabel(i)} ${n}`)),
    h("option", { value: "all" }, "Everything revealed"));
    eyes.value = as;
    this.slider = h("input", { type: "range", id: "step-slider", min: "0", max: String(last), value: "0",
      "aria-label": "Step", oninput: () => this.show(Number(this.slider.value)) });
    this.caption = h("p", { class: "step-caption", id: "step-caption", "aria-live": "polite" });
    const button = (label, id, move) => h("button", { type: "button", id, class: "small", onclick: () => this.show(move()) }, label);
    this.tableRoot = h("div", { class: "table-root" });
    this.reveal = h("section", { class: "panel revealed", id: "revealed", hidden: true, "aria-label": "Every seat's secrets" });
    replace(root, h("div", { class: "replay" },
      h("section", { class: "replay-bar", "aria-label": "Replay controls" }, h("strong", {}, "Replay"),
        h("label", {}, "Seen by ", eyes),
        button("« First", "first", () => 0), button("◀ Back", "back", () => this.step - 1), this.slider,
        button("Forward ▶", "forward", () => this.step + 1), button("Last »", "last", () => last), this.caption),
      this.reveal, this.tableRoot));
    this.table = new Table(this.tableRoot, { game: replay.game, title, room: code, renderer, replay: true, onAct: () => {}, onChat: () => false });
    document.addEventListener("keydown", (event) => {
      if (event.target.matches && event.target.matches("input[type=text], textarea, select")) return;
      if (event.key === "ArrowRight") this.show(this.step + 1);
      if (event.key === "ArrowLeft") this.show(this.step - 1);
    });
  }

  show(index) {
    const steps = this.replay.steps;
    this.step = Math.max(0, Math.min(steps.length - 1, index || 0));
    this.slider.value = String(this.step);
    const step = steps[this.step];
    const log = steps.slice(0, this.step + 1).flatMap((s) => s.log);
    const over = this.step === steps.length - 1;
    const seat = typeof this.replay.as === "number" ? this.replay.as : null;
    const action = step.action;
    const who = action ? this.names[action.seat] : null;
    // the chosen option as the table worded it, its seats named as their players
    // (the player's name is put in as it is: a bot's name, "Bot P4", holds a seat label of its own)
    replace(this.caption, `Step ${this.step} of ${steps.length - 1}`, action
      ? [" · ", h("span", { class: "who", dataset: { seat: String(action.seat) } }, who),
        action.label ? [": ", withNames(`${action.label}${action.timeout ? " (time ran out)" : ""}`, this.names)] : " acted"]
      : " · the deal");
    const seats = this.replay.names.map((name, i) => ({ seat: i, name, bot: !name, connected: true }));
    this.table.update({ seat, state: { view: step.view, decisions: [], log, seats, over, result: over ? this.replay.result : null,
      cards: this.replay.cards },
      names: this.names, status: "connected", sending: false, spectator: seat === null });
    if (step.views) {
      this.reveal.hidden = false;
      replace(this.reveal, h("h2", {}, "Every seat's secrets"), h("div", { class: "secrets" }, step.views.map((view, i) => {
        const mine = view.core && Array.isArray(view.core.private) ? view.core.private : [];
        return h("div", { class: "secret" }, h("h3", {}, `${seatLabel(i)} · ${this.replay.names[i] || "Bot"}`),
          mine.length ? privateFacts(mine) : h("p", { class: "muted" }, "nothing hidden"));
      })));
    }
    const url = new URL(location.href);
    url.searchParams.set("step", String(this.step));
    history.replaceState(null, "", url.toString());
  }
}
