// Pieces the game pictures share: a track with marks, a labelled tally bar.

export function track(h, { label, value, min, max, colour, marks = [] }) {
  const span = max - min || 1;
  const at = (v) => `${(100 * (Math.max(min, Math.min(max, v)) - min)) / span}%`;
  return h("div", { class: "track", role: "img", "aria-label": `${label}: ${value} (from ${min} to ${max})` },
    h("span", {}, label),
    h("div", { class: "track-bar" },
      h("div", { class: "track-fill", style: { width: at(value), background: colour } }),
      marks.map((m) => h("div", { class: "track-mark", style: { left: at(m.at) }, title: m.label }, h("span", {}, m.label)))),
    h("span", { class: "track-value" }, String(value)));
}
