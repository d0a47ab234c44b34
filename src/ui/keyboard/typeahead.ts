/**
 * Keys typed for the terminal before it exists. The terminal's xterm loads lazily; on a slow
 * machine a learner can close the welcome and start typing before it has mounted. Those keys are
 * held here, in order, and the terminal replays them into its line editor when it mounts — so a
 * fast typist loses nothing, not even an Enter.
 *
 * Invariant: the buffer only fills while the terminal's input is absent, and the terminal empties
 * it exactly once, on mount.
 */

/** Beyond this, further keys are dropped: no one types this much before a chunk loads. */
const MAX_CHARS = 4096;

let held = '';

/** The terminal's byte for a key, or undefined for a key the line editor has no use for. */
export function terminalData(key: string): string | undefined {
  if (key.length === 1) return key;
  if (key === 'Enter') return '\r';
  if (key === 'Backspace') return '\x7f';
  return undefined;
}

/** Holds a key for the terminal; false when the key is not one the terminal would take. */
export function holdKey(key: string): boolean {
  const data = terminalData(key);
  if (data === undefined || held.length >= MAX_CHARS) return data !== undefined;
  held += data;
  return true;
}

/** True while keys are waiting for the terminal: Space and Enter then type, not play. */
export function holding(): boolean {
  return held.length > 0;
}

/** Hands over (and forgets) what was typed ahead. */
export function takeHeld(): string {
  const out = held;
  held = '';
  return out;
}
