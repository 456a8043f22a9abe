// The board as input: where the pending decision's options name board elements (the server sends
// `decision.targets`, option id -> {kind, value}: a seat, a card in hand, a Hunting Row slot, a location), a button
// lies over each such element and pressing it answers that option, as its button in the decision area does (those
// stay). The elements say what they are with a data-target attribute, "<kind>:<value>" ("seat:2" on a seat,
// "slot:3" and "location:Bridge" in Killer's picture, "card:<code>" on a card): this file knows no game.

import { h } from "./dom.js";

const KINDS = new Set(["seat", "card", "slot", "location"]);

// Puts the buttons for `decision` (null: none) on the elements under `roots`; keeps those already there, so a
// button under the keyboard stays focused across updates. act(optionId) answers; label(option) is its name.
export function markTargets(roots, decision, { act, label, sending }) {
  const wanted = new Map(); // element -> option
  const targets = decision && decision.targets && typeof decision.targets === "object" ? decision.targets : {};
  for (const option of decision ? decision.options : []) {
    const target = targets[String(option.id)];
    if (!target || !KINDS.has(target.kind)) continue;
    const selector = `[data-target="${CSS.escape(`${target.kind}:${target.value}`)}"]`;
    const element = roots.map((root) => root.querySelector(selector)).find(Boolean);
    if (element && !wanted.has(element)) wanted.set(element, option);
  }
  for (const root of roots) {
    for (const old of root.querySelectorAll("button.board-pick")) {
      const option = wanted.get(old.parentElement);
      if (!option || old.dataset.option !== String(option.id) || old.dataset.decision !== String(decision.id)) {
        old.parentElement.classList.remove("pickable");
        old.remove();
      }
    }
  }
  for (const [element, option] of wanted) {
    let button = element.querySelector(":scope > button.board-pick");
    if (!button) {
      button = h("button", { type: "button", class: "board-pick",
        dataset: { option: String(option.id), decision: String(decision.id) }, "aria-label": label(option),
        title: label(option), onclick: () => act(option.id) }, h("span", { class: "board-pick-tag", "aria-hidden": "true" }, "Choose"));
      element.classList.add("pickable");
      element.append(button);
    }
    button.disabled = Boolean(sending);
  }
}
