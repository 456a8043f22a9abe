// An optional two-note chime for "your turn" (WebAudio, no sound file); off unless the player turns it on.

import { preference, setPreference } from "./store.js";

let context = null;

export function soundOn() {
  return preference("sound", false);
}

export function setSound(on) {
  setPreference("sound", on);
  if (on) chime();
}

export function chime() {
  if (!soundOn()) return;
  try {
    context = context || new AudioContext();
    const now = context.currentTime;
    [660, 880].forEach((frequency, i) => {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.4);
      tone.connect(gain).connect(context.destination);
      tone.start(now + i * 0.18);
      tone.stop(now + i * 0.18 + 0.45);
    });
  } catch (_) { /* no audio on this device: the title and the screen-reader line still say it */ }
}
