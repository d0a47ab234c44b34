import { describe, expect, it } from 'vitest';
import { en, zhCN, type MessageKey } from '../i18n/catalog';
import { SPEEDS } from '../store/playback';
import { SHORTCUTS, actionFor, stepSpeed, type KeyInput, type ShortcutAction } from './keymap';

const press = (key: string, mods: Partial<Omit<KeyInput, 'key'>> = {}): ShortcutAction | undefined =>
  actionFor({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

/** Compile-time exhaustive list of actions. */
const ACTIONS: Record<ShortcutAction, true> = {
  'toggle-play': true,
  'step-back': true,
  'step-forward': true,
  'prev-milestone': true,
  'next-milestone': true,
  slower: true,
  faster: true,
  start: true,
  live: true,
  help: true,
  close: true,
  'focus-terminal': true,
  'focus-editor': true,
  'focus-diagram': true,
  'focus-sequence': true,
};

describe('keymap', () => {
  it('maps the documented keys', () => {
    expect(press(' ')).toBe('toggle-play');
    expect(press('ArrowLeft')).toBe('step-back');
    expect(press('ArrowRight')).toBe('step-forward');
    expect(press('ArrowLeft', { shiftKey: true })).toBe('prev-milestone');
    expect(press('ArrowRight', { shiftKey: true })).toBe('next-milestone');
    expect(press('[')).toBe('prev-milestone');
    expect(press(']')).toBe('next-milestone');
    expect(press('-')).toBe('slower');
    expect(press(',')).toBe('slower');
    expect(press('+', { shiftKey: true })).toBe('faster');
    expect(press('=')).toBe('faster');
    expect(press('.')).toBe('faster');
    expect(press('Home')).toBe('start');
    expect(press('End')).toBe('live');
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press('Escape')).toBe('close');
    expect(press('t')).toBe('focus-terminal');
    expect(press('T', { shiftKey: true })).toBe('focus-terminal');
    expect(press('y')).toBe('focus-editor');
    expect(press('d')).toBe('focus-diagram');
    expect(press('s')).toBe('focus-sequence');
  });

  it('understands the key names older browsers send', () => {
    expect(press('Spacebar')).toBe('toggle-play');
    expect(press('Left')).toBe('step-back');
    expect(press('Esc')).toBe('close');
  });

  it('leaves other keys and every Ctrl/Alt/Meta chord to the browser', () => {
    expect(press('a')).toBeUndefined();
    expect(press('Enter')).toBeUndefined();
    expect(press('Tab')).toBeUndefined();
    expect(press('s', { ctrlKey: true })).toBeUndefined();
    expect(press('ArrowLeft', { altKey: true })).toBeUndefined();
    expect(press('t', { metaKey: true })).toBeUndefined();
  });

  it('lists every action exactly once, every listed key does what the help says, with words in both languages', () => {
    const listed = SHORTCUTS.map((s) => s.action).sort();
    expect(listed).toEqual((Object.keys(ACTIONS) as ShortcutAction[]).sort());
    for (const s of SHORTCUTS) {
      for (const k of s.keys) expect(press(k.key, { shiftKey: k.shift ?? false }), `${k.key} → ${s.action}`).toBe(s.action);
      const key = `keys.action.${s.action}` as MessageKey;
      expect(en[key]).toBeTruthy();
      expect(zhCN[key]).toMatch(/[\u4e00-\u9fff]/);
      for (const k of s.keys) if (k.label) expect(zhCN[k.label]).toBeTruthy();
    }
  });

  it('steps through the supported speeds and stops at either end', () => {
    expect(stepSpeed(1, 1)).toBe(2);
    expect(stepSpeed(1, -1)).toBe(0.5);
    expect(stepSpeed(SPEEDS[SPEEDS.length - 1]!, 1)).toBe(SPEEDS[SPEEDS.length - 1]);
    expect(stepSpeed(SPEEDS[0], -1)).toBe(SPEEDS[0]);
    // A speed between two steps moves to the neighbouring supported one.
    expect(stepSpeed(3, 1)).toBe(5);
    expect(stepSpeed(3, -1)).toBe(2);
  });
});
