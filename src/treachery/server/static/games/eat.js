// Who Should We Eat?: the Food, Sanity and Build tracks, and the raft target on the Build track.

import { track } from "./common.js";

export const draws = ["food", "sanity", "build", "raft_target"];

export function board(view, { h }) {
  return h("div", { class: "pic panel eat" }, h("div", { class: "tracks" },
    track(h, { label: "Food", value: view.food, min: -15, max: 20, colour: "#e9b872", marks: [{ at: 0, label: "0" }] }),
    track(h, { label: "Sanity", value: view.sanity, min: 0, max: 15, colour: "#9a8fc9" }),
    track(h, { label: "Build", value: view.build, min: 0, max: 40, colour: "#7fb7a4",
      marks: [{ at: view.raft_target, label: `raft ${view.raft_target}` }] })),
  h("p", { class: "muted" }, `The raft is finished at Build ${view.raft_target}: ${Math.max(0, view.raft_target - view.build)} to go.`));
}
