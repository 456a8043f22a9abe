// Table talk: the channels the rules let this connection read and write now, its messages, and the game's
// structured claims built from the claim menu it declares (if any). Built once and kept, so what someone is
// typing survives every update.

import { h, replace } from "./dom.js";
import { seatLabel, show } from "./format.js";

export class ChatPanel {
  constructor({ onChat, onClaim }) {
    this.onChat = onChat;
    this.onClaim = onClaim;
    this.shown = 0;
    this.channelsKey = null;
    this.names = [];
    this.seat = null;
    this.element = h("section", { id: "chat", class: "chat panel", hidden: true, "aria-label": "Chat" });
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": "Chat messages", tabindex: "0" });
    this.select = h("select", { "aria-label": "Channel" });
    const input = h("input", { type: "text", maxlength: "300", placeholder: "Say something…", "aria-label": "Chat message", autocomplete: "off" });
    this.form = h("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text && this.onChat(this.select.value, text)) input.value = "";
    } }, this.select, input, h("button", { type: "submit" }, "Send"));
    this.claims = null;
    replace(this.element, h("h2", {}, "Chat"), this.list, this.form);
  }

  update({ channels, messages, names, seat, view, started, claimMenu }) {
    this.names = names;
    this.seat = seat;
    if (!this.claims && this.onClaim && Array.isArray(claimMenu) && claimMenu.length) {
      this.claims = claimsForm(claimMenu, { send: this.onClaim, names: () => this.names, seat: () => this.seat });
      this.element.append(this.claims);
    }
    const usable = (channels || []).filter((c) => c.read || c.write);
    this.element.hidden = !usable.length;
    if (!usable.length) return;
    const key = JSON.stringify(usable);
    if (this.channelsKey !== key) {
      this.channelsKey = key;
      const chosen = this.select.value;
      const writable = usable.filter((c) => c.write);
      replace(this.select, writable.map((c) => h("option", { value: c.id }, c.label || c.id)));
      if (writable.some((c) => c.id === chosen)) this.select.value = chosen;
      this.form.hidden = !writable.length;
    }
    if (this.claims) this.claims.hidden = !started || seat === null || seat === undefined;
    for (const message of (messages || []).slice(this.shown)) {
      const channel = usable.find((c) => c.id === message.channel);
      const seated = message.seat !== null && message.seat !== undefined;
      // the seat label is part of every line ("Ann (P1)", as the server names the speaker): names that look alike
      // cannot pass for one another
      const who = seated ? message.name || `${names[message.seat] || "Bot"} (${seatLabel(message.seat)})`
        : message.name || "Spectator";
      const body = message.claim ? message.text || ["claims ", show(message.claim, view || {})] : message.text;
      this.list.append(h("li", { class: `chat-line${message.claim ? " claim" : ""}` },
        usable.length > 1 ? h("span", { class: "channel" }, `[${channel ? channel.label || channel.id : message.channel}] `) : null,
        h("strong", { class: "chat-who", dataset: seated ? { seat: String(message.seat) } : null }, who), ": ", body));
    }
    if ((messages || []).length !== this.shown) this.list.scrollTop = this.list.scrollHeight;
    this.shown = (messages || []).length;
  }
}

// A form for the claim menu a game declares: one select for the kind of claim, then one select per field of the
// chosen kind (another seat, or one of the listed choices). The game words the claim; this only picks it.
function claimsForm(menu, { send, names, seat }) {
  const kind = h("select", { "aria-label": "Claim" }, menu.map((k) => h("option", { value: k.kind }, k.label)));
  const fields = new Map();
  for (const entry of menu) {
    for (const field of entry.fields) {
      if (fields.has(field.name)) continue;
      fields.set(field.name, { field, select: h("select", { "aria-label": field.label },
        field.seat ? [] : field.choices.map(([value, label]) => h("option", { value }, label))) });
    }
  }
  const chosen = () => menu.find((k) => k.kind === kind.value) || menu[0];
  const refresh = () => {
    const used = new Set(chosen().fields.map((f) => f.name));
    for (const { field, select } of fields.values()) {
      select.hidden = !used.has(field.name);
      if (!field.seat) continue;
      const before = select.value;
      select.replaceChildren(...names().map((n, s) => [s, `${seatLabel(s)}: ${n || "bot"}`]).filter(([s]) => s !== seat())
        .map(([s, label]) => h("option", { value: String(s) }, label)));
      if (before) select.value = before;
    }
  };
  kind.addEventListener("change", refresh);
  for (const { field, select } of fields.values()) if (field.seat) select.addEventListener("focus", refresh);
  refresh();
  return h("form", { class: "chat-form claims", "aria-label": "Make a claim", onsubmit: (event) => {
    event.preventDefault();
    refresh();
    const claim = { kind: chosen().kind };
    for (const field of chosen().fields) {
      const value = fields.get(field.name).select.value;
      claim[field.name] = field.seat ? Number(value) : value;
    }
    send(claim);
  } }, kind, [...fields.values()].map((f) => f.select), h("button", { type: "submit" }, "Claim"));
}
