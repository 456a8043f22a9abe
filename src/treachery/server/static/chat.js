// Table talk: the channels the rules let this connection read and write now, its messages, and (Menace) the
// claims menu. Built once and kept, so what someone is typing survives every update.

import { h, replace } from "./dom.js";
import { seatLabel, show } from "./format.js";

export class ChatPanel {
  constructor({ onChat, onClaim, renderer }) {
    this.onChat = onChat;
    this.shown = 0;
    this.channelsKey = null;
    this.names = [];
    this.seat = null;
    this.element = h("section", { id: "chat", class: "chat panel", hidden: true, "aria-label": "Chat" });
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": "Chat messages" });
    this.select = h("select", { "aria-label": "Channel" });
    const input = h("input", { type: "text", maxlength: "300", placeholder: "Say something…", "aria-label": "Chat message", autocomplete: "off" });
    this.form = h("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text && this.onChat(this.select.value, text)) input.value = "";
    } }, this.select, input, h("button", { type: "submit" }, "Send"));
    const claims = renderer && renderer.chatTools && onClaim
      ? renderer.chatTools(h, { send: onClaim, names: () => this.names, seat: () => this.seat, seatLabel }) : null;
    this.claims = claims;
    replace(this.element, h("h2", {}, "Chat"), this.list, this.form, claims);
  }

  update({ channels, messages, names, seat, view, started }) {
    this.names = names;
    this.seat = seat;
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
      const who = seated ? names[message.seat] || seatLabel(message.seat) : message.name || "Spectator";
      const body = message.claim ? message.text || ["claims ", show(message.claim, view || {})] : message.text;
      this.list.append(h("li", { class: `chat-line${message.claim ? " claim" : ""}` },
        usable.length > 1 ? h("span", { class: "channel" }, `[${channel ? channel.label || channel.id : message.channel}] `) : null,
        h("strong", { title: message.name || "" }, who), ": ", body));
    }
    if ((messages || []).length !== this.shown) this.list.scrollTop = this.list.scrollHeight;
    this.shown = (messages || []).length;
  }
}
