// The table every game shares: seats around it with their public state, the board, your private area, your
// pending decision as buttons built from the option labels, the log and the chat. The seats, the header's round and
// the private area read only the view's core (docs/engine.md), so any game shows without code of its own here. A
// game's own renderer (games/<game>.js, optional) adds pictures on top; what it does not draw is shown as text.

import { ChatPanel } from "./chat.js";
import { clear, h, replace } from "./dom.js";
import { cardReference, describe, endSummary, fateBanner, namedCards, roleCardPanel, useCards, withCards } from "./explain.js";
import { autoNote, autoPassSwitch, busyElsewhere, focusIn, showDecision, TurnPill, atEnd } from "./flow.js";
import { cardName, facts, privateKeys, seatLabel, show, SKIP_KEYS, useNames, withNames } from "./format.js";
import { markTargets } from "./board_input.js";
import { Picker, usesPicker } from "./picker.js";

export class Table {
  constructor(root, options) {
    this.root = root;
    this.options = options; // {game, title, room, onAct, onChat, onAutoPass, renderer, replay, panels}
    this.keys = {};
    this.logShown = 0;
    this.lastDecision = null;
    this.shownDecision = null; // the decision last brought into view
    // what the player opened or closed stays so across updates and a rebuilt table (the room keeps this object):
    // the role card starts open, the reference closed, the table facts open unless a game draws its board
    this.panels = options.panels || {};
    this.showRules = localStorage.getItem("treachery.rules") === "1";
    this.build();
  }

  build() {
    const o = this.options;
    this.chat = new ChatPanel({ onChat: o.onChat, onClaim: o.onClaim });
    this.el = {
      status: h("span", { class: "status", role: "status" }),
      round: h("span", { class: "round" }),
      felt: h("section", { class: "felt", "aria-label": "Seats around the table" }),
      board: h("section", { class: "board", "aria-label": "The board" }),
      decision: h("section", { id: "decision", class: "decision", "aria-label": "Your decision", tabindex: "-1" }),
      turnNote: h("div", { class: "sr-only", "aria-live": "assertive", id: "turn-note" }),
      private: h("section", { id: "private", class: "private panel", "aria-label": "Only you see this" }),
      log: h("ol", { class: "log", id: "log", "aria-live": "polite", "aria-label": "Game log", tabindex: "0" }), // scrolls: reachable by keyboard
      result: h("section", { id: "result", class: "result", hidden: true, "aria-live": "polite" }),
      fate: h("div", { class: "fate-slot" }),
      role: h("div", { class: "role-slot" }),
      reference: h("div", { class: "reference-slot" }),
      rulesToggle: h("input", { type: "checkbox", id: "show-rules", checked: this.showRules,
        onchange: (event) => this.setShowRules(event.target.checked) }),
      tools: h("span", { class: "tools" }),
    };
    const e = this.el;
    this.pill = new TurnPill(e.decision);
    replace(this.root, this.pill.element,
      h("header", { class: "bar" },
        h("a", { href: "/", class: "brand", title: "treachery home" }, "treachery"),
        h("h1", {}, o.title), e.round, e.status, e.tools,
        h("a", { href: `/howto/${o.game}`, target: "_blank", rel: "noopener", class: "howto" }, "How to play")),
      e.turnNote,
      h("main", { class: "layout" },
        h("div", { class: "main" }, e.result, e.fate, e.felt, e.board, e.reference),
        h("aside", { class: "side" }, e.decision, e.role, e.private,
          h("section", { class: `panel log-panel${this.showRules ? " show-rules" : ""}` },
            h("div", { class: "log-head" }, h("h2", {}, "Log"),
              h("label", { class: "rules-switch" }, e.rulesToggle, " show rule references")), e.log),
          this.chat.element)));
  }

  // Rule IDs stay in every log line; the page shows them only when asked (for bug reports and rules lawyers).
  setShowRules(on) {
    this.showRules = on;
    localStorage.setItem("treachery.rules", on ? "1" : "0");
    this.el.log.closest(".log-panel").classList.toggle("show-rules", on);
  }

  // What the game calls its numbered steps: a round, or (a renderer may say) a turn.
  roundWord() {
    const renderer = this.options.renderer;
    return (renderer && typeof renderer.roundWord === "string" && renderer.roundWord) || "Round";
  }

  // Re-renders a section only when what it shows has changed (keeps focus and scroll where they were).
  section(name, key, render) {
    const text = JSON.stringify(key);
    if (this.keys[name] === text) return;
    this.keys[name] = text;
    render();
  }

  update(model) {
    // model: {seat, state, names, status, sending, spectator}
    const { state } = model;
    const view = state.view || {};
    useNames(model.names);
    useCards(state.cards);
    if (typeof state.clockOffset === "number") clockOffset = state.clockOffset;
    this.el.status.textContent = model.status === "connected" ? "" : model.status;
    this.el.status.className = `status ${model.status}`;
    const core = view.core || { time: null, seats: [], private: null };
    this.el.round.textContent = core.time ? core.time.label : "";
    this.section("felt", [core.seats, state.seats, model.names, model.seat, view.waiting_for],
      () => this.renderSeats(model));
    this.section("board", [view, model.names], () => this.renderBoard(model));
    this.section("private", [model.seat, view, model.spectator, state.cards], () => this.renderPrivate(model));
    this.section("role", [state.role_card, model.spectator], () => this.renderRole(model));
    this.section("fate", [state.role_card && state.role_card.fate, model.names], () => this.renderFate(model));
    this.section("reference", [state.cards], () => this.renderReference(model));
    this.section("decision", [state.decisions, model.sending, state.over, model.spectator, view.waiting_for,
      model.names, state.cards, state.role_card && state.role_card.fate], () => this.renderDecision(model));
    this.section("result", [state.over, state.result, model.names], () => this.renderResult(model));
    this.renderLog(state.log, model.names);
    this.renderChat(model);
    this.markBoard(model);
  }

  // The board as input: buttons on the seats, slots and locations your decision can pick (board_input.js). After
  // a click the keyboard goes to the decision area, where the table keeps it.
  markBoard(model) {
    const { state } = model;
    const decision = this.options.replay || model.spectator || state.over ? null : state.decisions[0] || null;
    markTargets([this.el.felt, this.el.board, this.el.private], decision, {
      sending: model.sending,
      label: (option) => h("span", {}, withNames(option.label || option.text)).textContent,
      act: (optionId) => {
        this.el.decision.focus({ preventScroll: true });
        this.options.onAct(decision.id, optionId);
      },
    });
  }

  renderSeats(model) {
    const { state, names } = model;
    const view = state.view || {};
    const cores = view.core && Array.isArray(view.core.seats) ? view.core.seats : [];
    const count = Math.max(cores.length, state.seats.length);
    const waiting = new Set(Array.isArray(view.waiting_for) ? view.waiting_for : []);
    const cards = [];
    for (let i = 0; i < count; i++) {
      cards.push(this.seatCard(i, cores[i] || null, state.seats[i] || {}, names[i], i === model.seat, waiting.has(i)));
    }
    // clockwise from your own seat, so the table reads the same way for everybody
    const start = model.seat === null || model.seat === undefined ? 0 : model.seat;
    const ordered = cards.map((_, k) => cards[(start + k) % count]);
    replace(this.el.felt, h("ul", { class: "ring", role: "list" }, ordered));
  }

  // One seat: who sits there (from the room) and, from the view's core, whether it is still in the game, its state
  // and its public badges in the game's own words.
  seatCard(i, core, seat, name, mine, waiting) {
    const badges = [];
    if (mine) badges.push(h("span", { class: "badge you" }, "you"));
    if (seat.bot && seat.name) badges.push(h("span", { class: "badge bot" }, "bot")); // a bot stands in for a person
    else if (seat.connected === false && seat.name) badges.push(h("span", { class: "badge away" }, "away"));
    if (waiting) badges.push(h("span", { class: "badge waiting" }, "deciding…"));
    const out = Boolean(core && core.in === false);
    if (out) badges.push(h("span", { class: "badge out" }, core.state));
    for (const badge of core ? core.badges : []) badges.push(h("span", { class: "badge" }, withNames(badge)));
    return h("li", { class: `seat${mine ? " mine" : ""}${out ? " out" : ""}${waiting ? " waiting" : ""}`,
      dataset: { seat: String(i), target: `seat:${i}` }, "aria-label": `${seatLabel(i)}: ${name || "empty"}` },
    h("div", { class: "seat-head" }, h("span", { class: "seat-label" }, seatLabel(i)),
      h("strong", { class: "seat-name" }, seat.name || (seat.bot ? "Bot" : name || "empty"))),
    core && !out ? h("div", { class: "seat-sub" }, core.state) : null,
    badges.length ? h("div", { class: "badges" }, badges) : null);
  }

  renderBoard(model) {
    const view = model.state.view || {};
    const renderer = this.options.renderer;
    const drawn = new Set();
    const parts = [];
    if (renderer && view.game) {
      try {
        const picture = renderer.board(view, { h, names: model.names, seat: model.seat, cardName, show, withNames, seatLabel });
        if (picture) parts.push(picture);
        for (const key of renderer.draws || []) drawn.add(key);
      } catch (error) {
        console.error("board renderer failed", error); // the generic board below still shows everything
      }
    }
    const rest = {};
    const secret = privateKeys(view);
    for (const [key, value] of Object.entries(view)) {
      if (SKIP_KEYS.has(key) || secret.has(key) || drawn.has(key)) continue;
      rest[key] = value;
    }
    const list = facts(rest, view);
    if (list) {
      const open = this.panels.facts === undefined ? !renderer : this.panels.facts;
      parts.push(h("details", { class: "panel board-facts", id: "table-facts", open,
        ontoggle: (event) => { this.panels.facts = event.target.open; } }, h("summary", {}, "Table facts"), list));
    }
    if (view.cards && !Array.isArray(model.state.cards)) parts.push(reference(view)); // an old server: no card texts
    replace(this.el.board, parts);
  }

  renderPrivate(model) {
    const view = model.state.view || {};
    const box = this.el.private;
    box.hidden = false;
    if (model.spectator || model.seat === null || model.seat === undefined) {
      box.hidden = Boolean(this.options.replay); // a replay says whose eyes it shows in its own bar
      replace(box, h("h2", {}, "Watching"), h("p", { class: "muted" }, "You are watching: you see what every player sees, no secrets."));
      return;
    }
    const mine = view.core && Array.isArray(view.core.private) ? view.core.private : [];
    replace(box, h("h2", {}, "Only you see this"), mine.length ? privateFacts(mine) : h("p", { class: "muted" }, "Nothing yet."));
  }

  renderRole(model) {
    const card = model.state.role_card;
    if (!card || model.spectator || this.options.replay) {
      replace(this.el.role);
      return;
    }
    replace(this.el.role, roleCardPanel(card, this.panels.role !== false, (open) => { this.panels.role = open; }));
  }

  renderFate(model) {
    const fate = model.state.role_card && model.state.role_card.fate;
    replace(this.el.fate, fate && !model.state.over ? fateBanner(fate, (t) => withCards(withNames(t))) : null);
  }

  renderReference(model) {
    const cards = Array.isArray(model.state.cards) ? model.state.cards : [];
    replace(this.el.reference, cards.length
      ? cardReference(cards, Boolean(this.panels.reference), (open) => { this.panels.reference = open; }) : null);
  }

  renderDecision(model) {
    const { state } = model;
    const box = this.el.decision;
    const decision = state.decisions[0];
    // focus inside the decision area stays there when it is drawn again (after an answer the buttons go away)
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    const again = againSelector(focused);
    box.className = "decision";
    delete box.dataset.decision;
    if (state.over) {
      box.dataset.state = "over";
      replace(box, h("h2", {}, "The game is over"));
      if (focused) focusIn(box);
      this.signal(null, model);
      return;
    }
    if (!decision) {
      box.dataset.state = "idle";
      const waiting = Array.isArray(state.view.waiting_for) ? state.view.waiting_for : [];
      const who = waiting.filter((s) => s !== model.seat).map((s) => model.names[s] || seatLabel(s));
      const fate = state.role_card && state.role_card.fate;
      replace(box, h("h2", {}, this.options.replay ? "At this step" : model.spectator ? "Watching" : fate ? fate.title : "Waiting"),
        fate && fate.still ? h("p", {}, fate.still) : null,
        h("p", { class: "muted" }, who.length ? `Waiting for ${who.join(", ")}…` : "Waiting for the other players…"),
        this.autoPassControl(model));
      if (focused) focusIn(box);
      this.signal(null, model);
      return;
    }
    box.className = "decision your-turn";
    box.dataset.decision = String(decision.id);
    box.dataset.state = model.sending ? "sending" : "ready";
    const help = h("p", { class: "option-help", id: "option-help", "aria-live": "polite" });
    const explain = (option) => {
      const cards = namedCards(option.label || "");
      replace(help, cards.length ? cards.map((c) => h("span", { class: "help-card" }, h("strong", {}, c.name),
        c.kind ? h("em", {}, ` ${c.kind}`) : null, `: ${c.text}`)) : "");
    };
    // a decision whose options are combinations: a picker of their parts (it keeps its steps while redrawn)
    if (usesPicker(decision)) {
      if (!this.picker || this.picker.decision.id !== decision.id) this.picker = new Picker(decision);
      // a part's help: the card texts it names and, when it completes the choice, the whole option it answers
      this.picker.hooks = { onAct: (option) => this.options.onAct(decision.id, option), names: withNames,
        explain: (label, option) => {
          explain(option || { label });
          if (option && option.label !== label) help.prepend(h("span", { class: "help-card" }, "Answers: ", withNames(option.label)));
        } };
    } else {
      this.picker = null;
    }
    const buttons = this.picker ? this.picker.update(decision, model.sending) : decision.options.map((option, index) => {
      const cards = namedCards(option.label || "");
      return h("button", {
        type: "button", class: option.id === decision.default ? "option default" : "option",
        dataset: { option: String(option.id) }, disabled: model.sending,
        title: cards.length ? cards.map(describe).join("\n") : option.label || option.text,
        "aria-describedby": cards.length ? "option-help" : null,
        onclick: () => this.options.onAct(decision.id, option.id),
        onfocus: () => explain(option), onmouseenter: () => explain(option),
      }, index < 10 ? h("kbd", { "aria-hidden": "true" }, String((index + 1) % 10)) : null,
      h("span", {}, withNames(option.label || option.text)));
    });
    const closed = Array.isArray(decision.unavailable) && decision.unavailable.length
      ? h("div", { class: "unavailable", "aria-label": "Not possible now" }, h("h3", {}, "Not possible now"),
        h("ul", {}, decision.unavailable.map((u) => h("li", {}, h("span", { class: "closed-option" }, withNames(u.label)),
          " — ", withNames(u.why))))) : null;
    const countdown = decision.deadline ? h("p", { class: "countdown", dataset: { deadline: String(decision.deadline) } }) : null;
    replace(box, h("h2", { id: "prompt-title" }, "Your turn"),
      h("p", { class: "prompt", id: "prompt" }, withNames(decision.prompt)), countdown, autoNote(decision),
      this.picker ? buttons : h("div", { class: "options", role: "group", "aria-labelledby": "prompt-title prompt" }, buttons),
      help, closed,
      state.decisions.length > 1 ? h("p", { class: "muted" }, `${state.decisions.length - 1} more after this one`) : null,
      this.autoPassControl(model));
    tick(box);
    if (this.shownDecision !== decision.id && !this.options.replay) {
      // a new decision: into view and under the keyboard, unless the player is reading or typing elsewhere
      this.shownDecision = decision.id;
      if (!busyElsewhere(this.el.log)) showDecision(box);
    } else if (focused) {
      focusIn(box, again);
    }
    this.signal(decision, model);
  }

  // The "your turn" signal: title badge, a line for screen readers, and an optional chime.
  signal(decision, model) {
    const base = `${this.options.title} — treachery`;
    this.pill.set(Boolean(decision) && !model.sending);
    if (!decision) {
      document.title = base;
      this.lastDecision = null;
      return;
    }
    document.title = `● Your turn — ${base}`;
    if (this.lastDecision !== decision.id) {
      this.lastDecision = decision.id;
      this.el.turnNote.textContent = `Your turn: ${decision.prompt}`;
      if (this.options.chime) this.options.chime();
    }
  }

  renderResult(model) {
    const { state, names } = model;
    const box = this.el.result;
    if (!state.over) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const result = state.result || {};
    const rest = { ...result };
    for (const key of ["winners", "reason", "summary", "roles", "sides"]) delete rest[key];
    const summary = result.summary ? result : { ...result, summary: result.reason ? sentence(String(result.reason)) : "" };
    const seat = model.spectator ? null : model.seat;
    replace(box, endSummary(summary, { seat, names, seatLabel, withNames: (t) => withCards(withNames(t)) }),
      Object.keys(rest).length ? h("details", {}, h("summary", {}, "Details"), facts(rest, state.view || {})) : null,
      this.options.replay ? null : h("p", {}, h("a", { href: `/replay/${this.options.room}` }, "Watch the replay")),
      this.options.endActions ? this.options.endActions() : null);
  }

  // Pass response windows for me when passing is all I can do (seated players only; the room does it).
  autoPassControl(model) {
    if (model.spectator || this.options.replay || !this.options.onAutoPass) return null;
    return autoPassSwitch((on) => this.options.onAutoPass(on));
  }

  renderLog(log, names) {
    const box = this.el.log;
    const following = atEnd(box); // only a reader at the end is carried along; one reading back stays put
    if (log.length < this.logShown) {
      clear(box);
      this.logShown = 0;
    }
    let round = box.dataset.round;
    for (const entry of log.slice(this.logShown)) {
      if (entry.round !== undefined && String(entry.round) !== round) {
        round = String(entry.round);
        box.append(h("li", { class: "log-round" }, round === "0" ? "Setup" : `${this.roundWord()} ${round}`));
      }
      box.append(h("li", { class: "log-entry" }, withCards(withNames(entry.text, names)),
        entry.rules && entry.rules.length ? h("span", { class: "rules", title: "rules" }, entry.rules.join(" ")) : null));
    }
    box.dataset.round = round || "";
    if (log.length !== this.logShown) {
      this.logShown = log.length;
      if (following) box.scrollTop = box.scrollHeight;
    }
  }

  renderChat(model) {
    if (this.options.replay) return;
    this.chat.update({ channels: model.state.channels, messages: model.state.chat, names: model.names, seat: model.seat,
      view: model.state.view, started: !model.state.over, claimMenu: model.state.claimMenu });
  }
}

// "time_ran_out" -> "Time ran out"; a reason that is already a sentence stays as it is
function sentence(text) {
  const words = text.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The core's private block: each thing only this seat knows under its own label, lists as lists.
export function privateFacts(facts) {
  return facts.map((fact) => [h("h3", {}, fact.label), Array.isArray(fact.value)
    ? h("ul", { class: "hand", "aria-label": fact.label }, fact.value.length
      ? fact.value.map((item) => h("li", { class: "card", // a card in hand can be a decision's answer (board_input.js)
        dataset: typeof item === "string" && (fact.keys || []).includes("hand") ? { target: `card:${item}` } : null },
      withCards(withNames(show(item, {})))))
      : h("li", { class: "muted" }, "none"))
    : h("p", {}, withCards(withNames(show(fact.value, {}))))]);
}

function reference(view) {
  const entries = [];
  const seen = new Set();
  const add = (code, entry) => {
    if (!entry || typeof entry.name !== "string" || seen.has(entry.name + entry.text)) return;
    seen.add(entry.name + entry.text);
    entries.push(h("li", {}, h("strong", {}, entry.name), entry.text ? ` — ${entry.text}` : ""));
  };
  const walk = (value, code) => {
    if (Array.isArray(value)) value.forEach((v) => walk(v));
    else if (value && typeof value === "object") {
      if (typeof value.name === "string") add(code || value.code || value.card, value);
      else for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(view.cards);
  return h("details", { class: "panel reference" }, h("summary", {}, `Card reference (${entries.length})`),
    h("ul", {}, entries));
}

// Where the keyboard was in the decision area, to put it back there once redrawn: the same option or the same part.
function againSelector(focused) {
  if (!focused || !focused.dataset) return null;
  if (focused.matches("button.part")) {
    return `button.part[data-group="${CSS.escape(focused.dataset.group)}"][data-value="${CSS.escape(focused.dataset.value)}"]`;
  }
  return focused.dataset.option ? `button.option[data-option="${focused.dataset.option}"]` : null;
}

// Countdowns where a decision has a deadline; one timer for the page. Deadlines are on the server's clock: the
// offset (server minus this device, from the \`now\` of the last state frame) keeps a wrong device clock out of it.
let clockOffset = 0;
export function tick(root = document) {
  for (const node of root.querySelectorAll(".countdown[data-deadline]")) {
    const left = Math.max(0, Math.round(Number(node.dataset.deadline) - (Date.now() / 1000 + clockOffset)));
    node.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
    node.classList.toggle("urgent", left <= 10);
  }
  for (const node of root.querySelectorAll(".auto-note[data-auto]")) {
    const left = Math.max(0, Math.ceil(Number(node.dataset.auto) - (Date.now() / 1000 + clockOffset)));
    node.textContent = `This is your only choice: it is taken for you${left ? ` in ${left} s` : " now"}.`;
  }
}
setInterval(() => tick(), 1000);

// Number keys answer the pending decision (1 = first option … 0 = tenth; in a picker, a part of its step), unless
// you are typing.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target && event.target.matches && event.target.matches("input, textarea, select")) return;
  if (!/^[0-9]$/.test(event.key)) return;
  const index = event.key === "0" ? 9 : Number(event.key) - 1;
  const button = document.querySelectorAll("#decision button.option, #decision .picker-step button.part")[index];
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});
