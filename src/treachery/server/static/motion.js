// Motion on the table: a track slides to its new value, a newly revealed card turns over, a seat that dies or is
// ejected fades out. The table redraws a section by replacing its nodes, so this watches the page: it compares the
// nodes an update removed with the ones it added, and animates only what changed. The style sheet owns the
// motions themselves (and switches them off under prefers-reduced-motion); this only says which node moves.

// New nodes of these kinds "arrive" (style.css: .arrive) when an update adds one the page did not show before.
const ARRIVING = ".reveal-card, .slot.up, .place.destroyed, .hand .card";

function keyOf(node) {
  return `${node.className}|${node.textContent}`;
}

// Tracks are known by their label ("Morale: 4 (from 0 to 10)" -> "Morale").
function trackKey(track) {
  return (track.getAttribute("aria-label") || "").split(":")[0];
}

function within(nodes, selector) {
  const found = [];
  for (const node of nodes) {
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    if (node.matches(selector)) found.push(node);
    found.push(...node.querySelectorAll(selector));
  }
  return found;
}

function settle(records) {
  const removed = records.flatMap((r) => [...r.removedNodes]);
  const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n.isConnected);
  if (!removed.length || !added.length) return; // a first drawing: nothing moves

  const widths = new Map(within(removed, ".track").map((t) => [trackKey(t), t.querySelector(".track-fill")]));
  const slides = [];
  for (const track of within(added, ".track")) {
    const before = widths.get(trackKey(track));
    const fill = track.querySelector(".track-fill");
    if (before && fill && before.style.width && before.style.width !== fill.style.width) slides.push([fill, before.style.width]);
  }
  if (slides.length) {
    const target = slides.map(([fill]) => fill.style.width);
    for (const [fill, from] of slides) { fill.classList.add("sliding"); fill.style.width = from; }
    void document.body.offsetWidth; // the old width is laid out first, so the change to the new one transitions
    slides.forEach(([fill], i) => { fill.style.width = target[i]; });
  }

  const shown = new Set(within(removed, ARRIVING).map(keyOf));
  if (within(removed, ".felt, .board, .pic, .ring, .hand").length || shown.size) {
    for (const node of within(added, ARRIVING)) if (!shown.has(keyOf(node))) node.classList.add("arrive");
  }

  const outBefore = new Set(within(removed, ".seat").filter((s) => s.classList.contains("out")).map((s) => s.dataset.seat));
  const seatsBefore = new Set(within(removed, ".seat").map((s) => s.dataset.seat));
  for (const seat of within(added, ".seat.out")) {
    if (seatsBefore.has(seat.dataset.seat) && !outBefore.has(seat.dataset.seat)) seat.classList.add("falling");
  }
}

export function watchMotion(root) {
  const observer = new MutationObserver(settle);
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}
