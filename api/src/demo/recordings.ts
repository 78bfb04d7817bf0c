/**
 * The audio behind the demo calls' recording links: a few short synthetic
 * phone calls (US ring-back, then two "voices" taking turns, drawn as
 * harmonic tones with a syllable rhythm). 8 kHz mono 16-bit PCM, the format
 * telephony records in. Each file is built from a seeded PRNG the first time
 * it is asked for and kept in memory (about 130 KB each).
 */
import { createHash } from 'node:crypto';
import { DEMO_RECORDING_COUNT, Prng } from './demo-calls';

export const SAMPLE_RATE = 8000;

export interface DemoRecording {
  /** The whole WAV file. */
  body: Buffer;
  /** A strong validator for If-None-Match and If-Range. */
  etag: string;
}

const recordings = new Map<number, DemoRecording>();

/** Recording `k` (1 to DEMO_RECORDING_COUNT), or undefined for any other number. */
export function demoRecording(k: number): DemoRecording | undefined {
  if (!Number.isInteger(k) || k < 1 || k > DEMO_RECORDING_COUNT) return undefined;
  let recording = recordings.get(k);
  if (!recording) {
    const body = wavFile(synthesiseCall(k));
    recording = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    recordings.set(k, recording);
  }
  return recording;
}

/** Appends `seconds` of a sound to `out`, with 10 ms fades so segments do not click. */
function addSegment(out: number[], seconds: number, sample: (t: number) => number): void {
  const count = Math.round(seconds * SAMPLE_RATE);
  const fade = 0.01 * SAMPLE_RATE;
  for (let i = 0; i < count; i += 1) {
    const edge = Math.min(1, i / fade, (count - 1 - i) / fade);
    out.push(sample(i / SAMPLE_RATE) * edge);
  }
}

function silence(out: number[], seconds: number): void {
  addSegment(out, seconds, () => 0);
}

/** North American ring-back: 440 Hz + 480 Hz together (shortened cadence: 2 s on, 1 s off). */
function ring(out: number[]): void {
  addSegment(out, 2, (t) => 0.18 * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t)));
  silence(out, 1);
}

/**
 * A spoken turn: a gliding fundamental with falling harmonics under the
 * telephone band's 3.4 kHz, shaped into syllables of 150–300 ms.
 */
function speak(out: number[], rng: Prng, pitch: number, seconds: number): void {
  const syllables: Array<{ end: number; length: number }> = [];
  for (let at = 0; at < seconds; ) {
    const length = 0.15 + 0.15 * rng.next();
    at += length;
    syllables.push({ end: at, length });
  }
  const glide = (rng.next() - 0.5) * 0.2;
  const phases = new Float64Array(8);
  let syllable = 0;
  addSegment(out, seconds, (t) => {
    while (syllable < syllables.length - 1 && t >= (syllables[syllable] as { end: number }).end) syllable += 1;
    const { end, length } = syllables[syllable] as { end: number; length: number };
    const envelope = Math.sin((Math.PI * (t - (end - length))) / length) ** 2;
    const f0 = pitch * (1 + glide * (t / seconds) + 0.04 * Math.sin(2 * Math.PI * 3 * t));
    let value = 0;
    for (let h = 1; h <= phases.length && h * f0 < 3400; h += 1) {
      phases[h - 1] = ((phases[h - 1] as number) + (2 * Math.PI * h * f0) / SAMPLE_RATE) % (2 * Math.PI);
      value += Math.sin(phases[h - 1] as number) / h;
    }
    return 0.22 * envelope * value;
  });
}

/** Recording k: one or two rings, then turns between an agent (higher voice) and a caller, 7–10 s in all. */
function synthesiseCall(k: number): Float64Array {
  const rng = new Prng(0x5eed_0000 + k);
  const out: number[] = [];
  for (let r = 0; r < (k % 2 === 1 ? 2 : 1); r += 1) ring(out);
  const length = (5.5 + 0.6 * k) * SAMPLE_RATE;
  for (let turn = 0; out.length < length; turn += 1) {
    speak(out, rng, turn % 2 === 0 ? 200 + 30 * rng.next() : 115 + 25 * rng.next(), 0.6 + 0.8 * rng.next());
    silence(out, 0.2 + 0.3 * rng.next());
  }
  // A faint line hiss, as on any real call.
  return Float64Array.from(out, (v) => v + (rng.next() - 0.5) * 0.004);
}

/** A canonical 44-byte-header RIFF/WAVE file of 16-bit mono PCM. */
export function wavFile(samples: Float64Array): Buffer {
  const data = samples.length * 2;
  const file = Buffer.alloc(44 + data);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + data, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16); // fmt chunk size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(SAMPLE_RATE, 24);
  file.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  file.writeUInt16LE(2, 32); // bytes per frame
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(data, 40);
  samples.forEach((v, i) => file.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + i * 2));
  return file;
}
