// The address picks the page; going to another page of the client (a new room, a rematch) swaps the page in place,
// without loading the document again. Each page's modules are fetched when it is first shown: the home page does
// not download the table.

import { h, replace } from "./dom.js";

let current = null; // the page on screen, when it has something to close (a room's connections)

export function showPage(root, path) {
  if (current && typeof current.unmount === "function") current.unmount();
  current = null;
  const room = path.match(/^\/r\/([A-Za-z0-9_-]+)\/?$/);
  const replay = path.match(/^\/replay\/([A-Za-z0-9_-]+)\/?$/);
  const page = room ? import("./room.js").then((m) => m.roomPage(root, room[1]))
    : replay ? import("./replay.js").then((m) => m.replayPage(root, replay[1]))
      : import("./home.js").then((m) => m.homePage(root));
  return page.then((shown) => { current = shown || null; }).catch((error) => {
    console.error(error);
    replace(root, h("main", { class: "narrow" }, h("h1", {}, "Something went wrong"), h("p", {}, String(error.message || error)),
      h("p", {}, h("a", { href: "/" }, "Home"))));
  });
}

// Another page of the client, as a new entry in the history (Back returns to the page before).
export function go(path) {
  history.pushState(null, "", path);
  window.scrollTo(0, 0);
  return showPage(document.getElementById("app"), path);
}

window.addEventListener("popstate", () => showPage(document.getElementById("app"), location.pathname));
