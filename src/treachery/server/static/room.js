// A room: the lobby before the start, then the table. One connection per seat this browser holds (several on a
// pass-and-play device, with a privacy screen between them), or one spectator connection.

import { api } from "./api.js";
import { chime, setSound, soundOn } from "./audio.js";
import { ChatPanel } from "./chat.js";
import { Connection } from "./connection.js";
import { h, replace } from "./dom.js";
import { seatLabel, useSeatLabels } from "./format.js";
import { go } from "./router.js";
import { dropSeat, holdSeat, loadRoom, setHost } from "./store.js";
import { Table } from "./table.js";

export async function roomPage(root, code) {
  let info;
  try {
    info = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (error) {
    replace(root, h("main", { class: "narrow" }, h("h1", {}, "No such room"),
      h("p", {}, error.status === 404 ? "There is no room with that code here (a finished game may have been put away)." : error.message),
      h("p", {}, h("a", { href: `/replay/${code}` }, "Look for its replay"), " · ", h("a", { href: "/" }, "Home"))));
    return;
  }
  const games = await api("GET", "/api/games");
  const page = new RoomPage(root, code, info, games);
  page.connect();
  window.treacheryRoom = page; // for people poking at the console
  return page;
}

class RoomPage {
  constructor(root, code, info, games) {
    this.root = root;
    this.code = code;
    this.info = info;
    this.game = info.game;
    useSeatLabels(info.seat_labels);
    const entry = games.find((g) => g.id === info.game) || { title: info.game };
    this.title = entry.title;
    this.connections = new Map(); // seat (or "watch") -> Connection
    this.shown = null; // the seat whose private view is on screen; null behind the privacy screen
    this.mode = null;
    this.notice = "";
    this.renderer = null;
    this.panels = {}; // which table panels are open: kept when the table is drawn anew
    if (entry.renderer) { // a game's own pictures are optional: only asked for when the server has them
      import(`./games/${info.game}.js`).then((module) => { this.renderer = module; this.table = null; this.render(); })
        .catch(() => { this.renderer = null; });
    }
  }

  held() {
    return loadRoom(this.code);
  }

  connect() {
    const held = this.held();
    const seats = Object.keys(held.seats).map(Number).sort((a, b) => a - b);
    for (const seat of seats) this.open(seat, held.seats[seat].token);
    if (!seats.length) this.open(null, null);
    if (seats.length === 1) this.shown = seats[0];
    this.render();
  }

  open(seat, token) {
    const key = seat === null ? "watch" : seat;
    if (this.connections.has(key)) return;
    const connection = new Connection(this.code, seat, token, (conn, event) => this.heard(conn, event));
    this.connections.set(key, connection);
    connection.open();
  }

  heard(conn, event) {
    if (event === "status" && (conn.status === "removed" || conn.status === "refused") && conn.seat !== null) {
      dropSeat(this.code, conn.seat); // the token no longer works here (left, kicked, or from another server)
      this.connections.delete(conn.seat);
      this.notice = conn.status === "removed" ? "Your seat was given up or taken away." : "This browser's seat token is not valid here.";
      if (!this.seatConnections().length) this.open(null, null);
    }
    if (event === "state" && !conn.state.over) this.sawPlay = true; // this page watched the game, not just its end
    if (event === "rematch") { this.follow(conn); return; }
    if (this.left) return;
    if (event === "error" && conn.lastError) this.notice = conn.lastError.message;
    if (event === "state" || event === "ack") this.notice = "";
    this.render();
  }

  // Going to another page of the client: this room's connections close (the seats are kept).
  unmount() {
    this.left = true;
    clearTimeout(this.followTimer);
    for (const conn of this.connections.values()) conn.close();
  }

  // ---- play again -----------------------------------------------------------------------------

  // Under the end summary: the host's "Play again" (seats kept or shuffled); the others are told they will follow.
  endActions() {
    if (!this.endPanel) this.endPanel = h("div", { class: "play-again", id: "play-again" });
    const held = this.held();
    const seated = this.seatConnections().length > 0;
    const next = this.nextRoom;
    if (next && (!seated || !this.sawPlay)) { // watching, or back after the end: a link to the players' new game
      replace(this.endPanel, h("p", {}, seated ? "The host started a new game with you in it. " : "The players started a new game. ",
        h("a", { href: `/r/${next}`, id: "rematch-link", onclick: (event) => { event.preventDefault(); go(`/r/${next}`); } },
          seated ? "Go to it" : "Watch it")));
    } else if (held.host && !next) {
      this.shuffleBox = this.shuffleBox || h("input", { type: "checkbox", id: "play-again-shuffle" });
      this.playButton = this.playButton || h("button", { type: "button", class: "primary", id: "play-again-button",
        onclick: () => this.playAgain() }, "Play again");
      replace(this.endPanel, h("h3", {}, "Another game?"),
        h("p", { class: "muted" }, "A new room with the same players, bots and options; everyone here follows you into it."),
        h("div", { class: "play-again-row" }, this.playButton,
          h("label", { class: "check" }, this.shuffleBox, " Shuffle the seats")));
    } else if (next) {
      replace(this.endPanel, h("p", {}, "Joining the new game…"));
    } else if (seated) {
      replace(this.endPanel, h("p", { class: "muted" }, "If the host starts another game, you follow into it here."));
    } else {
      replace(this.endPanel);
    }
    return this.endPanel;
  }

  async playAgain() {
    this.playButton.disabled = true;
    const request = api("POST", `/api/rooms/${this.code}/rematch`, { host_token: this.held().host, shuffle: this.shuffleBox.checked });
    this.rematchRequest = request;
    try {
      const made = await request;
      setHost(made.room, made.host_token);
      this.nextRoom = made.room;
      // this device's seats are told their new tokens on their own connections; without a seat, go now
      if (!this.seatConnections().length) this.followNow();
      else this.followTimer = setTimeout(() => this.followNow(), 3000);
    } catch (error) {
      this.playButton.disabled = false;
      this.notice = error.message;
      this.render();
    }
  }

  // A connection heard where the new game is. Every token carries over: the seat token this connection holds is its
  // seat's token there, and the host's token the new host's. A page that saw this game played goes once every seat
  // held here has heard; one opened after the end (a link followed later) shows where the new game is instead.
  follow(conn) {
    const frame = conn.rematch;
    this.nextRoom = frame.room;
    if (conn.seat !== null && typeof frame.seat === "number" && conn.token) {
      holdSeat(frame.room, frame.seat, conn.token, (this.held().seats[conn.seat] || {}).name || "");
    }
    const host = this.held().host;
    if (host && !loadRoom(frame.room).host) setHost(frame.room, host);
    if (!this.seatConnections().length || !this.sawPlay) { this.endActions(); return; } // offered as a link
    clearTimeout(this.followTimer);
    const waiting = this.seatConnections().filter((c) => !c.rematch);
    this.followTimer = setTimeout(() => this.followNow(), waiting.length ? 1500 : 0);
    this.endActions();
  }

  async followNow() {
    if (this.left || !this.nextRoom) return;
    if (this.rematchRequest) await this.rematchRequest.catch(() => null); // the host's new token is kept first
    if (!this.left) go(`/r/${this.nextRoom}`);
  }

  seatConnections() {
    return [...this.connections.values()].filter((c) => c.seat !== null);
  }

  names() {
    const any = [...this.connections.values()].find((c) => c.state.seats.length) || null;
    const seats = any ? any.state.seats : (this.anyLobby() || this.info).seats;
    return seats.map((s) => s.name || (s.bot ? `Bot ${seatLabel(s.seat)}` : null));
  }

  anyLobby() {
    const conn = [...this.connections.values()].find((c) => c.lobby);
    return conn ? conn.lobby : null;
  }

  started() {
    return [...this.connections.values()].some((c) => c.state.received);
  }

  render() {
    if (this.left) return; // gone to another page of the client
    if (this.started()) this.renderTable();
    else this.renderLobby();
  }

  // ---- the lobby ------------------------------------------------------------------------------

  renderLobby() {
    this.mode = "lobby";
    const lobby = this.anyLobby() || this.info;
    const held = this.held();
    const mine = new Set(Object.keys(held.seats).map(Number));
    const invite = `${location.origin}/r/${this.code}`;
    const inviteBox = h("input", { type: "text", readonly: true, value: invite, id: "invite", "aria-label": "Invite link" });
    const copy = h("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(invite); copy.textContent = "Copied"; } catch (_) { inviteBox.select(); }
    } }, "Copy");
    const free = lobby.seats.filter((s) => !s.name).length;
    const seated = lobby.seats.filter((s) => s.name);
    const ready = seated.filter((s) => s.ready).length;
    // kept across re-renders (lobby frames arrive at any time) so what someone is typing survives them
    this.nameInput = this.nameInput || h("input", { type: "text", id: "join-name", maxlength: "40", required: true, placeholder: "Your name", autocomplete: "nickname" });
    const name = this.nameInput;
    const focused = document.activeElement === name;
    const join = async (event) => {
      event.preventDefault();
      try {
        const joined = await api("POST", `/api/rooms/${this.code}/join`, { name: name.value });
        holdSeat(this.code, joined.seat, joined.token, name.value.trim());
        name.value = "";
        const watching = this.connections.get("watch");
        if (watching) { watching.close(); this.connections.delete("watch"); }
        this.open(joined.seat, joined.token);
        if (this.seatConnections().length === 1) this.shown = joined.seat;
        this.notice = "";
      } catch (error) {
        this.notice = error.message;
      }
      this.render();
    };
    const readyButton = (s) => h("button", { type: "button", class: `small ready-toggle${s.ready ? "" : " primary"}`,
      "aria-pressed": String(Boolean(s.ready)), onclick: () => this.markReady(s.seat, !s.ready) }, s.ready ? "Not ready" : "I'm ready");
    const seats = lobby.seats.map((s) => h("li", { class: `lobby-seat${mine.has(s.seat) ? " mine" : ""}${s.ready ? " ready" : ""}`, dataset: { seat: String(s.seat) } },
      h("span", { class: "seat-label" }, seatLabel(s.seat)), " ",
      s.name ? h("strong", {}, s.name) : h("span", { class: "muted" }, "open — a bot plays it if nobody joins"),
      mine.has(s.seat) ? h("span", { class: "badge you" }, "you") : null,
      s.name && s.connected ? h("span", { class: "badge here" }, "here") : null,
      s.name ? h("span", { class: `badge ${s.ready ? "ready" : "not-ready"}` }, s.ready ? "ready" : "not ready") : null,
      mine.has(s.seat) ? readyButton(s) : null,
      held.host && s.name && !mine.has(s.seat) ? h("button", { type: "button", class: "small", "aria-label": `Remove ${s.name}`,
        onclick: () => this.hostCall("kick", { seat: s.seat }) }, "Remove") : null,
      mine.has(s.seat) ? h("button", { type: "button", class: "small", onclick: () => this.leave(s.seat) }, "Leave") : null));
    replace(this.root, h("main", { class: "lobby narrow" },
      h("p", {}, h("a", { href: "/" }, "← treachery")),
      h("h1", {}, this.title),
      h("p", { class: "muted" }, `${lobby.players} seats · room ${this.code} · `,
        h("a", { href: `/howto/${this.game}`, target: "_blank", rel: "noopener" }, "how to play")),
      this.notice ? h("p", { class: "notice", role: "alert" }, this.notice) : null,
      h("section", { class: "panel" }, h("h2", {}, "Invite your friends"),
        h("div", { class: "invite" }, inviteBox, copy)),
      h("section", { class: "panel" }, h("h2", {}, "Seats"), h("ul", { class: "lobby-seats", id: "lobby-seats" }, seats)),
      free ? h("section", { class: "panel" },
        h("h2", {}, mine.size ? "Add another player on this device" : "Take a seat"),
        mine.size ? h("p", { class: "muted" }, "Pass-and-play: each player on this device gets a privacy screen before their turn.") : null,
        h("form", { id: "join-form", onsubmit: join }, name, h("button", { type: "submit", class: "primary" }, "Join"))) : null,
      held.host ? h("section", { class: "panel" }, h("h2", {}, "Start"),
        h("p", { id: "ready-count" }, `${ready} of ${seated.length} player${seated.length === 1 ? "" : "s"} ready.`,
          ready < seated.length ? " You may start anyway: everyone keeps their seat." : ""),
        h("p", { class: "muted" }, free ? `${free} open seat${free > 1 ? "s" : ""} will be played by bots.` : "Every seat is taken."),
        h("button", { type: "button", class: "primary", id: "start", onclick: () => this.hostCall("start", {}) }, "Start the game"))
        : h("p", { class: "muted" }, "The host starts the game when everyone is here."),
      this.lobbyChat()));
    if (focused) name.focus();
  }

  // Talk while waiting: one chat panel, kept across lobby updates, on this browser's first connection.
  lobbyChat() {
    const conn = this.seatConnections()[0] || this.connections.get("watch");
    if (!conn) return null;
    if (!this.chatPanel || this.chatConn !== conn) {
      this.chatConn = conn;
      this.chatPanel = new ChatPanel({ onChat: (channel, text) => conn.chat(channel, text) });
    }
    this.chatPanel.update({ channels: conn.state.channels, messages: conn.state.chat, names: this.names(), seat: conn.seat,
      view: {}, started: false });
    return this.chatPanel.element;
  }

  async hostCall(what, body) {
    try {
      await api("POST", `/api/rooms/${this.code}/${what}`, { host_token: this.held().host, ...body });
      this.notice = "";
    } catch (error) {
      this.notice = error.message;
    }
    this.render();
  }

  markReady(seat, flag) {
    const conn = this.connections.get(seat);
    if (!conn || !conn.ready(flag)) { this.notice = "Not connected yet; try again in a moment."; this.render(); }
  }

  async leave(seat) {
    const token = (this.held().seats[seat] || {}).token;
    try { await api("POST", `/api/rooms/${this.code}/leave`, { token }); } catch (_) { /* already gone */ }
    dropSeat(this.code, seat);
    const conn = this.connections.get(seat);
    if (conn) { conn.close(); this.connections.delete(seat); }
    if (!this.seatConnections().length) this.open(null, null);
    this.render();
  }

  // ---- the table ------------------------------------------------------------------------------

  renderTable() {
    const seats = this.seatConnections();
    const passAndPlay = seats.length > 1;
    if (passAndPlay) this.choosePassAndPlaySeat(seats);
    if (passAndPlay && this.shown === null) {
      this.table = null;
      this.renderScreen(seats);
      return;
    }
    const conn = seats.length ? this.connections.get(this.shown) : this.connections.get("watch");
    if (!conn) return;
    const tableKey = `${conn.seat}`;
    if (!this.table || this.tableKey !== tableKey || this.mode !== "table") {
      this.mode = "table";
      this.tableKey = tableKey;
      this.tableRoot = h("div", { class: "table-root" });
      replace(this.root, this.tableRoot);
      this.table = new Table(this.tableRoot, {
        game: this.game, title: this.title, room: this.code, renderer: this.renderer, chime,
        onAct: (decision, option) => { conn.act(decision, option); this.render(); },
        onAutoPass: (on) => { for (const c of this.seatConnections()) c.autoPass(on); },
        panels: this.panels,
        onChat: (channel, text) => conn.chat(channel, text),
        onClaim: (claim) => conn.claim(claim),
        endActions: () => this.endActions(),
      });
      this.addTools(this.table, passAndPlay);
    }
    const pending = conn.pending && conn.state.decisions.some((d) => d.id === conn.pending.decision);
    this.table.update({ seat: conn.seat, state: conn.state, names: this.names(), status: conn.status,
      sending: Boolean(pending), spectator: conn.seat === null });
    const notice = this.tableRoot.querySelector(".table-notice");
    notice.textContent = this.notice;
  }

  addTools(table, passAndPlay) {
    const sound = h("button", { type: "button", class: "small", "aria-pressed": String(soundOn()), id: "sound",
      onclick: () => { setSound(!soundOn()); sound.setAttribute("aria-pressed", String(soundOn())); sound.textContent = soundOn() ? "Sound on" : "Sound off"; },
    }, soundOn() ? "Sound on" : "Sound off");
    const tools = [sound];
    if (passAndPlay) {
      tools.push(h("button", { type: "button", class: "small", id: "switch", onclick: () => { this.shown = null; this.render(); } }, "Hide / pass the device"));
    }
    replace(table.el.tools, tools);
    table.el.turnNote.after(h("p", { class: "table-notice notice", role: "alert" }));
  }

  // Pass-and-play: after the shown player's part is done, the next held seat with a decision gets the device.
  choosePassAndPlaySeat(seats) {
    if (this.shown === null) return;
    const current = this.connections.get(this.shown);
    if (current && current.state.decisions.length && !current.state.over) return;
    const next = seats.find((c) => c.seat !== this.shown && c.state.decisions.length);
    if (next) this.shown = null;
  }

  renderScreen(seats) {
    this.mode = "screen";
    document.title = `${this.title} — treachery`;
    const names = this.names();
    const waiting = seats.filter((c) => c.state.decisions.length);
    const next = waiting[0] || null;
    const reveal = (seat) => { this.shown = seat; this.render(); };
    const over = seats.some((c) => c.state.over);
    replace(this.root, h("main", { class: "privacy", id: "privacy-screen", "aria-live": "polite" },
      h("h1", {}, over ? "The game is over" : next ? `Hand the device to ${names[next.seat] || seatLabel(next.seat)}` : "Waiting for the other players"),
      h("p", { class: "muted" }, "Nobody's cards are on screen. Only the player named below should look."),
      next ? h("button", { type: "button", class: "primary big", id: "reveal", onclick: () => reveal(next.seat) },
        `I am ${names[next.seat] || seatLabel(next.seat)}: show my screen`) : null,
      h("div", { class: "others" }, seats.filter((c) => c !== next).map((c) => h("button", { type: "button", class: "small",
        onclick: () => reveal(c.seat) }, `Show ${names[c.seat] || seatLabel(c.seat)}'s screen`)))));
    const first = this.root.querySelector("#reveal");
    if (first) first.focus();
  }
}
