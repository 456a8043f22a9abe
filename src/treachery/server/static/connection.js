// One WebSocket to a room for one seat (or a spectator): hello, the merged state, reconnect with backoff, and
// exactly-once actions (an unacknowledged act is resent with the same cid after a reconnect).

import { autoPassOn } from "./flow.js";
import { pendingAct, setPendingAct } from "./store.js";

const FINAL_CLOSES = new Set([4400, 4401, 4403, 4404, 4409]);

export class Connection {
  constructor(room, seat, token, listener) {
    this.room = room;
    this.seat = seat; // null: a spectator
    this.token = token;
    this.listener = listener; // (connection, event) => void; event: "state" | "lobby" | "status" | "chat" | "error"
    this.state = { view: {}, decisions: [], log: [], seats: [], over: false, result: null, channels: [], chat: [] };
    this.lobby = null;
    this.status = "connecting";
    this.failures = 0;
    this.closed = false;
    this.lastError = null;
    this.acks = [];
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.room)}`);
    this.ws = ws;
    this.setStatus("connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
    });
    ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    ws.addEventListener("close", (event) => this.closedBy(event.code));
  }

  receive(frame) {
    switch (frame.type) {
      case "welcome":
        this.failures = 0;
        this.setStatus("connected");
        if (this.seat !== null && autoPassOn()) this.autoPass(true); // the room forgets it when it restarts
        this.resend();
        break;
      case "lobby":
        this.lobby = frame;
        if (frame.channels) this.state.channels = frame.channels;
        this.listener(this, "lobby");
        break;
      case "state":
        this.merge(frame);
        this.listener(this, "state");
        break;
      case "ack":
        this.acks.push({ cid: frame.cid, duplicate: frame.duplicate }); // kept for the curious (and the tests)
        this.settle(frame.cid);
        break;
      case "error":
        if (frame.code === "rate_limited" && frame.cid && this.pending && this.pending.cid === frame.cid) {
          // dropped unread, not refused: send the same act again once the connection's budget has refilled
          clearTimeout(this.retryTimer);
          this.retryTimer = setTimeout(() => {
            if (this.pending && this.pending.cid === frame.cid) this.send(this.pending);
          }, 1000);
          break;
        }
        if (frame.cid) this.settle(frame.cid);
        this.lastError = frame;
        this.listener(this, "error");
        break;
      case "rematch":
        // the host opened a new game: its room, and (to a seat's own connections only) its seat there
        this.rematch = frame;
        this.listener(this, "rematch");
        break;
      case "chat":
        // after a reconnect the server sends the recent messages again: keep each message number once
        if (this.state.chat.some((m) => m.n === frame.n)) break;
        this.state.chat.push(frame);
        this.listener(this, "chat");
        break;
      default:
        break;
    }
  }

  merge(frame) {
    const s = this.state;
    s.view = frame.view_reset ? { ...frame.view } : { ...s.view, ...frame.view };
    for (const key of frame.view_removed || []) delete s.view[key];
    s.log = s.log.slice(0, frame.log_from).concat(frame.log);
    s.decisions = frame.decisions;
    s.seats = frame.seats;
    s.over = frame.over;
    s.result = frame.result;
    // who you are, in player words (null for a spectator): sent with a first view and whenever it changes
    if ("role_card" in frame) s.role_card = frame.role_card;
    if (frame.cards) s.cards = frame.cards; // the card reference, sent once per connection
    if (frame.channels) s.channels = frame.channels;
    if (frame.claim_menu) s.claimMenu = frame.claim_menu; // the game's structured claims: sent with a first view
    // server minus device clock; the frame's travel time (well under a second) is small next to a countdown
    if (typeof frame.now === "number") s.clockOffset = frame.now - Date.now() / 1000;
    s.received = (s.received || 0) + 1;
  }

  closedBy(code) {
    if (this.closed) return;
    if (FINAL_CLOSES.has(code)) {
      this.setStatus(code === 4409 ? "removed" : code === 4404 ? "no room" : "refused");
      return;
    }
    this.failures += 1;
    // 0.5 s, 1 s, 2 s, 4 s, then every 5 s, with jitter so a restarted server is not hit by everyone at once
    const wait = Math.min(5000, 250 * 2 ** Math.min(this.failures, 5)) * (0.75 + Math.random() / 2);
    this.setStatus("reconnecting");
    this.timer = setTimeout(() => this.open(), wait);
  }

  setStatus(status) {
    this.status = status;
    this.listener(this, "status");
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // Answers a decision; the act is remembered until the server acknowledges or refuses it.
  act(decision, option) {
    const act = { type: "act", decision, option, cid: `${this.seat}-${decision}-${Math.random().toString(36).slice(2, 10)}` };
    setPendingAct(this.room, this.seat, act);
    this.pending = act;
    this.send(act);
    return act.cid;
  }

  resend() {
    const act = pendingAct(this.room, this.seat);
    if (act && this.seat !== null) this.send(act);
  }

  settle(cid) {
    const act = pendingAct(this.room, this.seat);
    if (act && act.cid === cid) setPendingAct(this.room, this.seat, null);
    if (this.pending && this.pending.cid === cid) this.pending = null;
  }

  chat(channel, text) {
    return this.send({ type: "chat", channel, text });
  }

  claim(claim) {
    return this.send({ type: "claim", claim });
  }

  // In the lobby: this seat is (or is no longer) ready to start.
  ready(flag) {
    return this.send({ type: "ready", ready: flag });
  }

  // Pass response windows for this seat when passing is all it can do (or stop).
  autoPass(on) {
    return this.send({ type: "auto_pass", on });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000);
  }
}
