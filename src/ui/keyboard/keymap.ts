/**
 * The keyboard shortcuts, as data: the help overlay lists this table and `actionFor` reads it,
 * so what the overlay says and what the keys do cannot drift apart.
 */
import type { MessageKey } from '../i18n/catalog';
import { SPEEDS } from '../store/playback';

export type ShortcutAction =
  | 'toggle-play'
  | 'step-back'
  | 'step-forward'
  | 'prev-milestone'
  | 'next-milestone'
  | 'slower'
  | 'faster'
  | 'start'
  | 'live'
  | 'help'
  | 'close'
  | 'focus-terminal'
  | 'focus-editor'
  | 'focus-diagram'
  | 'focus-sequence';

/** One key that triggers an action. `shift` undefined: with or without Shift. */
export interface KeySpec {
  /** KeyboardEvent.key (letters in lower case; matched case-insensitively). */
  key: string;
  shift?: boolean;
  /** How the help names it when the key itself is not self-explanatory (Space, arrows). */
  label?: MessageKey;
}

export interface Shortcut {
  action: ShortcutAction;
  group: 'playback' | 'views';
  keys: readonly KeySpec[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'toggle-play', group: 'playback', keys: [{ key: ' ', label: 'keys.name.space' }] },
  { action: 'step-back', group: 'playback', keys: [{ key: 'ArrowLeft', shift: false, label: 'keys.name.left' }] },
  { action: 'step-forward', group: 'playback', keys: [{ key: 'ArrowRight', shift: false, label: 'keys.name.right' }] },
  { action: 'prev-milestone', group: 'playback', keys: [{ key: 'ArrowLeft', shift: true, label: 'keys.name.shiftLeft' }, { key: '[' }] },
  { action: 'next-milestone', group: 'playback', keys: [{ key: 'ArrowRight', shift: true, label: 'keys.name.shiftRight' }, { key: ']' }] },
  { action: 'slower', group: 'playback', keys: [{ key: '-' }, { key: ',' }] },
  { action: 'faster', group: 'playback', keys: [{ key: '+' }, { key: '=' }, { key: '.' }] },
  { action: 'start', group: 'playback', keys: [{ key: 'Home', label: 'keys.name.home' }] },
  { action: 'live', group: 'playback', keys: [{ key: 'End', label: 'keys.name.end' }] },
  { action: 'focus-terminal', group: 'views', keys: [{ key: 't' }] },
  { action: 'focus-editor', group: 'views', keys: [{ key: 'y' }] },
  { action: 'focus-diagram', group: 'views', keys: [{ key: 'd' }] },
  { action: 'focus-sequence', group: 'views', keys: [{ key: 's' }] },
  { action: 'help', group: 'views', keys: [{ key: '?' }] },
  { action: 'close', group: 'views', keys: [{ key: 'Escape', label: 'keys.name.escape' }] },
];

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Older browsers name some keys differently. */
const ALIASES: Readonly<Record<string, string>> = { Spacebar: ' ', Left: 'ArrowLeft', Right: 'ArrowRight', Esc: 'Escape', Add: '+', Subtract: '-' };

/** The action a key press asks for; undefined for keys that are not shortcuts (and any Ctrl/Alt/Meta chord, which belong to the browser). */
export function actionFor(e: KeyInput): ShortcutAction | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined;
  const raw = ALIASES[e.key] ?? e.key;
  const key = raw.length === 1 ? raw.toLowerCase() : raw;
  for (const s of SHORTCUTS) {
    for (const k of s.keys) if (k.key === key && (k.shift === undefined || k.shift === e.shiftKey)) return s.action;
  }
  return undefined;
}

/** The next supported speed slower (-1) or faster (+1) than `current`; stays at either end. */
export function stepSpeed(current: number, direction: 1 | -1): number {
  if (direction > 0) return SPEEDS.find((s) => s > current + 1e-9) ?? SPEEDS[SPEEDS.length - 1]!;
  return [...SPEEDS].reverse().find((s) => s < current - 1e-9) ?? SPEEDS[0];
}
