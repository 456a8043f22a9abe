// The Guest: the vote in progress (ballots counted per player), past votes, and the infections on the table.

export const draws = ["vote", "past_votes"];
// The Guest counts turns, not rounds: its log and heading number each player's turn (0 is the setup).
export const roundWord = "Turn";

export function board(view, { h, names, seatLabel }) {
  const label = (s) => names[s] || seatLabel(s);
  const parts = [];
  const infected = (view.players || []).filter((p) => p.infection);
  parts.push(h("h2", {}, "Infections"), infected.length
    ? h("ul", {}, infected.map((p) => h("li", {}, `${label(p.seat)}: step ${p.infection} of 3`)))
    : h("p", { class: "muted" }, "Nobody shows an infection."));
  const vote = view.vote;
  if (vote && Array.isArray(vote.totals)) {
    const top = Math.max(1, ...vote.totals);
    parts.push(h("h2", {}, `Vote in progress${vote.restarted ? " (restarted)" : ""}`),
      h("div", { class: "tally", role: "list", "aria-label": "Votes against each player" }, vote.totals.map((total, s) =>
        h("div", { class: "tally-row", role: "listitem" }, h("span", {}, label(s)),
          h("div", { class: "tally-bar", style: { width: `${(100 * total) / top}%` } }), h("span", {}, String(total))))));
  }
  if (Array.isArray(view.past_votes) && view.past_votes.length) {
    parts.push(h("h2", {}, "Past votes"), h("ul", {}, view.past_votes.map((v) => h("li", {},
      `Voting phase ${v.voting_phase}: `, v.ejected !== null && v.ejected !== undefined && v.ejected >= 0
        ? `${label(v.ejected)} was ejected${v.revealed ? ` — ${v.revealed}` : ""}` : "nobody ejected"))));
  }
  return h("div", { class: "pic panel guest" }, parts);
}
