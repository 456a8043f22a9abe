// The client's entry point: the address picks the page.

import { h, replace } from "./dom.js";
import { homePage } from "./home.js";
import { watchMotion } from "./motion.js";
import { replayPage } from "./replay.js";
import { roomPage } from "./room.js";

const root = document.getElementById("app");
watchMotion(root);
const path = location.pathname;
const room = path.match(/^\/r\/([A-Za-z0-9_-]+)\/?$/);
const replay = path.match(/^\/replay\/([A-Za-z0-9_-]+)\/?$/);

const page = room ? roomPage(root, room[1]) : replay ? replayPage(root, replay[1]) : homePage(root);
page.catch((error) => {
  console.error(error);
  replace(root, h("main", { class: "narrow" }, h("h1", {}, "Something went wrong"), h("p", {}, String(error.message || error)),
    h("p", {}, h("a", { href: "/" }, "Home"))));
});
