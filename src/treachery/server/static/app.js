// The client's entry point: the address picks the page (router.js); motion.js animates what updates change.

import { watchMotion } from "./motion.js";
import { showPage } from "./router.js";

const root = document.getElementById("app");
watchMotion(root);
showPage(root, location.pathname);
