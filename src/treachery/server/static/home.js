// The home page: start a game (game, players, options, bots, timers, who plays on this device) or join one.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { go } from "./router.js";
import { holdSeat, setHost } from "./store.js";

const BOT_LABELS = { best: "Best bots (read the table)", heuristic: "Heuristic bots (play sensibly)", random: "Random bots" };

// One form field for a declared option (GET /api/games lists each game's options a host may set).
function optionField(o) {
  const data = { option: o.key, type: o.type };
  let input;
  if (o.type === "bool") input = h("input", { type: "checkbox", name: o.key, checked: Boolean(o.default), dataset: data });
  else if (o.type === "int") input = h("input", { type: "number", name: o.key, min: o.minimum, max: o.maximum, value: String(o.default ?? ""), dataset: data });
  else if (o.type === "choice") input = h("select", { name: o.key, dataset: data }, o.choices.map((c) => h("option", { value: c, selected: c === o.default }, c)));
  else input = h("input", { type: "text", name: o.key, value: o.default ?? "", dataset: data });
  return h("label", { class: o.type === "bool" ? "check" : "" }, input, ` ${o.label}`);
}

// The value a field holds, or undefined when it is left at the game's default (nothing is sent then).
function optionValue(input, declared) {
  if (input.dataset.type === "bool") return input.checked === Boolean(declared.default) ? undefined : input.checked;
  if (input.dataset.type === "int") return input.value === "" || Number(input.value) === declared.default ? undefined : Number(input.value);
  return input.value === (declared.default ?? "") ? undefined : input.value;
}

export async function homePage(root) {
  document.title = "treachery — hidden-role games with friends";
  const games = await api("GET", "/api/games");
  const notice = h("p", { class: "notice", role: "alert" });
  const game = h("select", { id: "game", name: "game", required: true },
    games.map((g) => h("option", { value: g.id }, `${g.title} (${g.min_players}–${g.max_players})`)));
  const players = h("input", { id: "players", name: "players", type: "number", required: true });
  const name = h("input", { id: "name", name: "name", type: "text", maxlength: "40", required: true, autocomplete: "nickname", placeholder: "Your name" });
  const locals = h("textarea", { id: "local-names", rows: "2", placeholder: "One name a line" });
  const options = h("fieldset", { class: "options-fields" });
  const bots = h("select", { id: "bots" });
  const timer = h("select", { id: "timer" }, h("option", { value: "" }, "No time limit"),
    h("option", { value: "rules" }, "The game's own time per decision"),
    h("option", { value: "30" }, "30 seconds a decision"), h("option", { value: "60" }, "1 minute a decision"),
    h("option", { value: "180" }, "3 minutes a decision"));
  const takeover = h("select", { id: "takeover" }, h("option", { value: "" }, "Wait for absent players"),
    h("option", { value: "60" }, "A bot stands in after 1 minute away"),
    h("option", { value: "300" }, "A bot stands in after 5 minutes away"));

  const chosen = () => games.find((g) => g.id === game.value) || games[0];
  const refresh = () => {
    const g = chosen();
    players.min = g.min_players;
    players.max = g.max_players;
    const current = Number(players.value);
    if (!current || current < g.min_players || current > g.max_players) players.value = Math.min(Math.max(5, g.min_players), g.max_players);
    const fields = (g.options || []).map(optionField);
    replace(bots, (g.bots || ["random"]).map((kind) => h("option", { value: kind, selected: kind === g.default_bots },
      BOT_LABELS[kind] || `${kind} bots`)));
    replace(options, h("legend", {}, "Options"), fields.length ? fields : h("p", { class: "muted" }, "This game has no options."),
      h("p", {}, h("a", { href: `/howto/${g.id}`, target: "_blank", rel: "noopener" }, `How to play ${g.title}`)));
  };
  game.addEventListener("change", refresh);
  refresh();

  const create = async (event) => {
    event.preventDefault();
    notice.textContent = "";
    const chosenOptions = {};
    const declared = chosen().options || [];
    for (const input of options.querySelectorAll("[data-option]")) {
      const value = optionValue(input, declared.find((o) => o.key === input.dataset.option) || {});
      if (value !== undefined) chosenOptions[input.dataset.option] = value;
    }
    const body = { game: game.value, players: Number(players.value), options: chosenOptions, bots: bots.value };
    if (timer.value) body.decision_seconds = timer.value === "rules" ? "rules" : Number(timer.value);
    if (takeover.value) body.takeover_seconds = Number(takeover.value);
    const here = [name.value, ...locals.value.split("\n")].map((n) => n.trim()).filter(Boolean);
    try {
      const made = await api("POST", "/api/rooms", body);
      setHost(made.room, made.host_token);
      for (const person of here.slice(0, body.players)) {
        const joined = await api("POST", `/api/rooms/${made.room}/join`, { name: person });
        holdSeat(made.room, joined.seat, joined.token, person);
      }
      go(made.invite); // the lobby, without loading the page again
    } catch (error) {
      notice.textContent = error.message;
    }
  };

  const code = h("input", { id: "code", type: "text", required: true, placeholder: "Room code or invite link", autocomplete: "off" });
  const join = (event) => {
    event.preventDefault();
    const text = code.value.trim();
    const match = text.match(/\/r\/([A-Za-z0-9_-]+)/) || text.match(/^([A-Za-z0-9_-]+)$/);
    if (!match) {
      notice.textContent = "That is not a room code or an invite link.";
      return;
    }
    go(`/r/${match[1]}`);
  };

  replace(root, h("main", { class: "home" },
    h("header", { class: "hero" }, h("h1", {}, "treachery"),
      h("p", {}, "Hidden-role party games for friends around a table or far apart. Empty seats are played by bots.")),
    notice,
    h("div", { class: "home-grid" },
      h("section", { class: "panel" }, h("h2", {}, "Start a game"),
        h("form", { id: "create", onsubmit: create },
          h("label", {}, "Game", game), h("label", {}, "Seats", players), h("label", {}, "Your name", name),
          h("label", {}, "Also playing on this device (pass-and-play)", locals), options,
          h("label", {}, "Empty seats", bots), h("label", {}, "Time", timer), h("label", {}, "Absent players", takeover),
          h("button", { type: "submit", class: "primary" }, "Create the room"))),
      h("div", {},
        h("section", { class: "panel" }, h("h2", {}, "Join a game"),
          h("form", { id: "join", onsubmit: join }, h("label", {}, "Room", code),
            h("button", { type: "submit", class: "primary" }, "Open the room"))),
        h("section", { class: "panel" }, h("h2", {}, "The games"),
          h("ul", { class: "game-list" }, games.map((g) => h("li", {}, h("strong", {}, g.title),
            ` — ${g.min_players} to ${g.max_players} players · `,
            h("a", { href: `/howto/${g.id}`, target: "_blank", rel: "noopener" }, "how to play")))))))));
}
