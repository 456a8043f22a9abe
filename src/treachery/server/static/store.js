// What this browser remembers per room: the host token and the seat tokens it holds (several for pass-and-play),
// and an action sent but not yet acknowledged, resent with the same cid after a reconnect.

const KEY = (room) => `treachery:room:${room}`;

export function loadRoom(room) {
  try {
    const held = JSON.parse(localStorage.getItem(KEY(room)) || "null");
    if (held && typeof held === "object" && held.seats) return held;
  } catch (_) { /* a damaged entry is forgotten */ }
  return { host: null, seats: {} };
}

export function saveRoom(room, held) {
  localStorage.setItem(KEY(room), JSON.stringify(held));
}

export function holdSeat(room, seat, token, name) {
  const held = loadRoom(room);
  held.seats[seat] = { token, name };
  saveRoom(room, held);
}

export function dropSeat(room, seat) {
  const held = loadRoom(room);
  delete held.seats[seat];
  saveRoom(room, held);
}

export function setHost(room, hostToken) {
  const held = loadRoom(room);
  held.host = hostToken;
  saveRoom(room, held);
}

const PENDING = (room, seat) => `treachery:pending:${room}:${seat}`;

export function pendingAct(room, seat) {
  try { return JSON.parse(localStorage.getItem(PENDING(room, seat)) || "null"); } catch (_) { return null; }
}

export function setPendingAct(room, seat, act) {
  if (act) localStorage.setItem(PENDING(room, seat), JSON.stringify(act));
  else localStorage.removeItem(PENDING(room, seat));
}

export function preference(name, fallback) {
  const value = localStorage.getItem(`treachery:pref:${name}`);
  return value === null ? fallback : JSON.parse(value);
}

export function setPreference(name, value) {
  localStorage.setItem(`treachery:pref:${name}`, JSON.stringify(value));
}
