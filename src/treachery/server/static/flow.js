// How the table moves your attention: a new decision comes into view and takes the keyboard (unless you are reading
// the log or typing), focus stays in the decision area after you answer, the log follows new lines only while you
// are at its end, and a "your turn" pill brings the decision back when it is out of sight.

import { h } from "./dom.js";

const AUTO_PASS_KEY = "treachery.autopass";

// Pass response windows for me when passing is all I can do: a choice this browser keeps, sent on every connection.
export function autoPassOn() {
  return localStorage.getItem(AUTO_PASS_KEY) === "1";
}

export function setAutoPass(on) {
  localStorage.setItem(AUTO_PASS_KEY, on ? "1" : "0");
}

// The player is busy elsewhere on the page: typing, or reading the log or the chat (focus there, or the log
// scrolled back from its end). A new decision then waits behind the pill instead of pulling the page.
export function busyElsewhere(log) {
  const active = document.activeElement;
  if (active && active.matches && active.matches("input, textarea, select")) return true;
  if (active && active.closest && active.closest(".log-panel, .chat")) return true;
  return Boolean(log) && !atEnd(log);
}

export function atEnd(box) {
  return box.scrollHeight - box.scrollTop - box.clientHeight < 24;
}

export function inView(node) {
  const r = node.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
}

// Brings the decision into view (the least scrolling that shows it) and focuses its default choice.
export function showDecision(box, smooth = false) {
  if (!inView(box) || box.getBoundingClientRect().top < 0) {
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({ block: "nearest", behavior: smooth && !reduce ? "smooth" : "auto" });
  }
  focusIn(box);
}

// Focus somewhere in the decision area: the choice asked for, else the default answer (what the timer would take,
// so Enter never does something bolder than waiting would), else the first choice, else the area itself.
export function focusIn(box, wanted = null) {
  const again = wanted ? box.querySelector(wanted) : null;
  const target = again && !again.disabled ? again
    : box.querySelector("button.option.default:not([disabled]), .part.default:not([disabled])")
      || box.querySelector("button.option:not([disabled]), .part:not([disabled])");
  (target || box).focus({ preventScroll: true });
}

// The pill: shown while a decision waits for you out of sight; it brings the decision back.
export class TurnPill {
  constructor(box) {
    this.box = box;
    this.waiting = false;
    this.visible = true;
    this.element = h("button", { type: "button", class: "turn-pill", id: "turn-pill", hidden: true,
      onclick: () => showDecision(this.box, true) }, "Your turn ↓");
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((entries) => {
        for (const entry of entries) this.visible = entry.isIntersecting;
        this.refresh();
      }).observe(box);
    }
  }

  set(waiting) {
    this.waiting = waiting;
    this.refresh();
  }

  refresh() {
    this.element.hidden = !(this.waiting && !this.visible);
  }
}

// "Answered for you in 2 s": a one-option decision the room answers by itself at `auto` (server time).
export function autoNote(decision) {
  if (!decision.auto) return null;
  return h("p", { class: "auto-note", id: "auto-note", dataset: { auto: String(decision.auto) } },
    "This is your only choice: it is taken for you in a moment.");
}

export function autoPassSwitch(onChange) {
  return h("label", { class: "auto-pass" }, h("input", { type: "checkbox", id: "auto-pass", checked: autoPassOn(),
    onchange: (event) => { setAutoPass(event.target.checked); onChange(event.target.checked); } }),
  " Pass for me in response windows when passing is all I can do");
}
