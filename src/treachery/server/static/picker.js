// The choice picker: a decision whose options are combinations (the game sends each option's ordered parts, e.g.
// the card to Play, then the card to Keep) is asked one part at a time. Each step offers the distinct next parts
// of the options that agree with what is chosen so far, grouped under their names; once the chosen parts are all of
// one option's parts, that one option id is answered. Nothing is sent before that. Back (or Escape, or Backspace)
// undoes a step; the chosen parts stay shown as buttons that go back to their step. Arrow keys move between the
// parts of a step, number keys pick among its first ten (the table's key handler), Enter and Space press.
// tests/option_parts.py checks the same narrowing on the engine's side.

import { h, replace } from "./dom.js";
import { describe, namedCards } from "./explain.js";

// Whether a decision is asked with the picker: it has parts for each of its options, and more than one option.
export function usesPicker(decision) {
  const parts = decision && decision.parts;
  if (!parts || typeof parts !== "object" || decision.options.length < 2) return false;
  return decision.options.every((o) => Array.isArray(parts[String(o.id)]) && parts[String(o.id)].length > 0);
}

const same = (a, b) => a.group === b.group && a.value === b.value;

export class Picker {
  // decision: the pending decision with .parts. The table sets `hooks` before each update: {onAct(optionId),
  // explain(label, option|null) for the help line, names(text) for seat labels shown as names}.
  constructor(decision) {
    this.decision = decision;
    this.hooks = null;
    this.chosen = []; // the parts chosen so far, in order
    this.sending = false;
    this.element = h("div", { class: "picker", role: "group", "aria-labelledby": "prompt-title prompt",
      onkeydown: (event) => this.key(event) });
  }

  partsOf(option) {
    return this.decision.parts[String(option.id)];
  }

  // The options that agree with the chosen parts.
  consistent() {
    return this.decision.options.filter((o) => {
      const parts = this.partsOf(o);
      return parts.length >= this.chosen.length && this.chosen.every((c, i) => same(c, parts[i]));
    });
  }

  // The option the chosen parts complete, if any.
  complete() {
    return this.consistent().find((o) => this.partsOf(o).length === this.chosen.length) || null;
  }

  // What this step offers: the distinct next parts, grouped by their group name in the order they come.
  step() {
    const groups = new Map();
    const k = this.chosen.length;
    for (const option of this.consistent()) {
      const part = this.partsOf(option)[k];
      if (!part) continue;
      if (!groups.has(part.group)) groups.set(part.group, []);
      const list = groups.get(part.group);
      const found = list.find((entry) => same(entry.part, part));
      if (found) found.options.push(option);
      else list.push({ part, options: [option] });
    }
    return groups;
  }

  update(decision, sending) {
    this.decision = decision;
    this.sending = sending;
    // an answer that did not go through (refused, connection lost): back to the last step, to choose again
    if (!sending && this.chosen.length && this.complete()) this.chosen.pop();
    // a choice that no longer fits the options (they changed under the same decision): start again
    if (!this.consistent().length) this.chosen = [];
    this.render();
    return this.element;
  }

  choose(part) {
    if (this.sending) return;
    this.chosen.push(part);
    const done = this.complete();
    if (done) {
      // the table redraws at once (sending), with the keyboard still in the decision area
      this.sending = true;
      this.hooks.onAct(done.id);
      return;
    }
    this.render();
    this.focusStep();
  }

  // Back to the step of the chosen part at `index` (Back: the last one); focus lands on the part undone.
  back(index = this.chosen.length - 1) {
    if (this.sending || index < 0 || index >= this.chosen.length) return;
    const undone = this.chosen[index];
    this.chosen = this.chosen.slice(0, index);
    this.render();
    this.focusStep(undone);
  }

  focusStep(wanted = null) {
    const buttons = [...this.element.querySelectorAll("button.part:not([disabled])")];
    const target = (wanted && buttons.find((b) => b.dataset.group === wanted.group && b.dataset.value === wanted.value))
      || buttons.find((b) => b.classList.contains("default")) || buttons[0];
    if (target) target.focus({ preventScroll: false });
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape" || event.key === "Backspace") {
      if (this.chosen.length) {
        event.preventDefault();
        this.back();
      }
      return;
    }
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in moves) && event.key !== "Home" && event.key !== "End") return;
    const buttons = [...this.element.querySelectorAll("button.part:not([disabled])")];
    if (!buttons.length) return;
    const at = buttons.indexOf(document.activeElement);
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else next = at < 0 ? 0 : (at + moves[event.key] + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next].focus();
  }

  // The part of the decision's default answer (what the timer would take) at this step, if it still fits.
  defaultPart() {
    const fallback = this.consistent().find((o) => o.id === this.decision.default);
    return fallback ? this.partsOf(fallback)[this.chosen.length] || null : null;
  }

  render() {
    const { explain, names } = this.hooks;
    const steps = this.step();
    const fallback = this.defaultPart();
    let number = 0;
    const fieldsets = [...steps.entries()].map(([group, entries]) => h("fieldset", { class: "picker-step" },
      h("legend", {}, names(group)),
      h("div", { class: "parts" }, entries.map(({ part, options }) => {
        // a part that completes the choice shows, on focus and hover, the whole option it answers
        const whole = options.length === 1 && this.partsOf(options[0]).length === this.chosen.length + 1 ? options[0] : null;
        const index = number++;
        return h("button", {
          type: "button", class: fallback && same(fallback, part) ? "part default" : "part", disabled: this.sending,
          dataset: { group: part.group, value: part.value, ...(whole ? { option: String(whole.id) } : {}) },
          // on hover: the whole option it would answer, and the text of any card it names
          title: [whole ? whole.label : null, ...namedCards(part.label).map(describe)].filter(Boolean).join("\n") || null,
          "aria-describedby": "option-help",
          onclick: () => this.choose(part),
          onfocus: () => explain(part.label, whole), onmouseenter: () => explain(part.label, whole),
        }, index < 10 ? h("kbd", { "aria-hidden": "true" }, String((index + 1) % 10)) : null,
        h("span", {}, names(part.label)));
      }))));
    const chosen = this.chosen.length ? h("div", { class: "picked", "aria-label": "Chosen so far" },
      this.chosen.map((part, i) => h("button", { type: "button", class: "picked-part", "aria-pressed": "true",
        disabled: this.sending, title: "Choose this again", onclick: () => this.back(i) },
      h("span", { class: "picked-group" }, names(part.group), ": "), names(part.label))),
      h("button", { type: "button", class: "back small", disabled: this.sending, onclick: () => this.back() },
        "← Back")) : null;
    replace(this.element, chosen, this.sending ? h("p", { class: "muted" }, "Sending…") : fieldsets);
  }
}
