// Sound: a few soft notes for each round played, synthesized with the Web Audio API (nothing to download).
// cues.js decides which sound a round makes and which is heard when rounds come fast; this module plays it.
//
// The page stays silent until the visitor's first action (a press or a key): only then is the AudioContext
// made, as browsers require, and only if the sound setting is on. Turning it off silences the page at once.
//
// Making the AudioContext holds up the page's thread while the browser opens its audio output: in headless Chromium
// here 40 ms on a quiet machine and over 400 ms on a loaded one. Made in the first press's own task, it held back
// that press's round until it was done. It is made a moment later, once the round is on screen, and the round's
// sound follows it. A press under a second ago still allows it in every engine (WebKit forwards a press to a timer
// of up to a second; Chromium and Firefox go by whether the page has had one).

import { ask, due, quiet, roundCue, SOUND_GAP } from "./cues.js";
import { listen, state } from "./page.js";

const VOLUME = 0.5; // of the whole page's sound, under each note's own peak
const ATTACK = 0.008; // s from silence to a note's peak: short, but no click
const FADE = 0.015; // s, the time constant of the fade when the sound is turned off

/** A note: start (s after the cue), pitch (Hz, gliding to `to`), length (s), wave and peak gain. */
const note = (at, hz, length, { wave = "sine", peak = 0.15, to = null } = {}) => ({ at, hz, length, wave, peak, to });

export const SOUNDS = {
  // a plain round: a short soft tick that falls, like a card laid down
  flip: [note(0, 520, 0.07, { wave: "triangle", peak: 0.12, to: 340 })],
  // the visitor takes the pile: two bright rising notes
  pile: [note(0, 659, 0.1, { peak: 0.12 }), note(0.08, 988, 0.16, { peak: 0.1 })],
  // a war: two low beats and a higher one, "da-da-dum"
  war: [note(0, 220, 0.12, { wave: "triangle", peak: 0.2, to: 196 }),
    note(0.13, 220, 0.12, { wave: "triangle", peak: 0.2, to: 196 }),
    note(0.26, 330, 0.26, { wave: "triangle", peak: 0.18 })],
  // the visitor won the game: a rising major arpeggio, C E G C
  won: [note(0, 523, 0.16), note(0.11, 659, 0.16), note(0.22, 784, 0.16), note(0.33, 1047, 0.55, { peak: 0.13 })],
  // the game ended otherwise: a gentle falling minor phrase, G E♭ C
  over: [note(0, 392, 0.22, { wave: "triangle" }), note(0.18, 311, 0.22, { wave: "triangle" }),
    note(0.36, 262, 0.6, { wave: "triangle", peak: 0.13 })],
};

let context = null; // made just after the first action with the sound on
let making = null; // the timer that makes it
let unheard = null; // the cue of a round drawn while it was being made, [board, ended]
const MAKE_AFTER_MS = 50; // after the press: its round is on screen by then
let master = null; // the gain every note goes through; a new one after the sound was turned off
let thinning = quiet;
let timer = null; // until the gap after the last sound is over, when a cue waits

function on(now = state) {
  return Boolean(now.settings && now.settings.sound);
}

/** A press or a key (listened for on the document): the page may sound from now on, if the setting says so. */
export function wakeSound() {
  if (!on()) return;
  if (!context) {
    making ??= setTimeout(make, MAKE_AFTER_MS);
    return;
  }
  resumed();
}

function resumed() {
  if (context.state === "suspended") context.resume().catch(() => {});
}

function make() {
  try {
    context = new AudioContext();
  } catch {
    return; // no Web Audio here, or no way to play it: the game is silent
  }
  resumed();
  const cue = unheard;
  unheard = null;
  if (cue) hear(...cue);
}

/** A flip or "finish" was answered: the round's sound, by the bridge's board and the finished game's entry. */
export function hear(board, ended = null) {
  if (!on()) return;
  if (!context) {
    if (making !== null) unheard = [board, ended];
    return;
  }
  thinning = ask(thinning, roundCue(board, ended), performance.now());
  settle();
}

/** Play what the thinning says, and wait for the gap to end if a cue waits. */
function settle() {
  if (thinning.play) sound(SOUNDS[thinning.play]);
  if (!thinning.waiting || timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    thinning = due(thinning, performance.now());
    settle();
  }, thinning.playedAt + SOUND_GAP - performance.now());
}

function sound(notes) {
  if (context.state !== "running") return; // a suspended context would play it late, all at once
  if (!master) {
    master = context.createGain();
    master.gain.value = VOLUME;
    master.connect(context.destination);
  }
  schedule(context, master, notes);
}

/** Play `notes` (one of SOUNDS) into `output`, an AudioNode of the AudioContext `audio`, from now on. */
export function schedule(audio, output, notes) {
  const start = audio.currentTime;
  for (const { at, hz, length, wave, peak, to } of notes) {
    const t = start + at;
    const oscillator = audio.createOscillator();
    oscillator.type = wave;
    oscillator.frequency.setValueAtTime(hz, t);
    if (to) oscillator.frequency.exponentialRampToValueAtTime(to, t + length);
    const envelope = audio.createGain(); // from silence and back to it, so that nothing clicks
    envelope.gain.setValueAtTime(0, t);
    envelope.gain.linearRampToValueAtTime(peak, t + ATTACK);
    envelope.gain.exponentialRampToValueAtTime(0.0001, t + length);
    oscillator.connect(envelope).connect(output);
    oscillator.onended = () => envelope.disconnect();
    oscillator.start(t);
    oscillator.stop(t + length + 0.02);
  }
}

/** The sound was turned off: no waiting cue, and what still rings fades out at once. */
function silence() {
  clearTimeout(timer);
  timer = null;
  thinning = { playedAt: thinning.playedAt, waiting: null };
  if (!master) return;
  const fading = master;
  fading.gain.setTargetAtTime(0, context.currentTime, FADE);
  setTimeout(() => fading.disconnect(), 10 * FADE * 1000);
  master = null;
}

listen((now, before) => {
  if (on(now) === on(before)) return;
  if (!on(now)) silence();
  else if (now.acted) wakeSound(); // turned on by the visitor: no need to wait for another press
});
