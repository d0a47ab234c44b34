/**
 * Keys typed for the terminal from outside it. The terminal's xterm loads lazily; on a slow
 * machine a learner can close the welcome and start typing before it has mounted. Those keys are
 * held here, in order, and the terminal replays them into its line editor when it mounts — so a
 * fast typist loses nothing, not even an Enter.
 *
 * Once it has mounted, the key that moves the focus into it is typed into its line editor from
 * here too (typeIntoTerminal), not left to land in xterm's textarea: xterm saw that key's keydown
 * on another element, and after an Enter it still counts the previous keydown as handled, so it
 * dropped the character (`sim why` arrived as `im why`).
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

let mounted: ((data: string) => void) | undefined;

/** The mounted terminal's line editor (Terminal.tsx connects it on mount, undefined on unmount). */
export function connectTerminal(feed: ((data: string) => void) | undefined): void {
  mounted = feed;
}

/** Types a key into the mounted terminal; false when none is mounted or the key is not one it takes. */
export function typeIntoTerminal(key: string): boolean {
  const data = terminalData(key);
  if (!mounted || data === undefined) return false;
  mounted(data);
  return true;
}

/** Hands over (and forgets) what was typed ahead. */
export function takeHeld(): string {
  const out = held;
  held = '';
  return out;
}
