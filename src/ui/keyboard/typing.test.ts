import { describe, expect, it } from 'vitest';
import type { ShortcutAction } from './keymap';
import { continuesTypeahead, shouldIgnore, typesIntoTerminal, type TargetInfo } from './typing';

const page: TargetInfo = { tag: 'BODY', typing: false, activatable: false, arrowWidget: false, inOtherModal: false, inStage: false };
const on = (t: Partial<TargetInfo>): TargetInfo => ({ ...page, ...t });

const EVERY: readonly ShortcutAction[] = ['toggle-play', 'step-back', 'step-forward', 'prev-milestone', 'next-milestone', 'slower', 'faster', 'start', 'live', 'help', 'focus-terminal', 'focus-editor', 'focus-diagram', 'focus-sequence'];

describe('letters off the stage start a command', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

  it('leaves letter shortcuts to the terminal off the stage, and keeps them on it', () => {
    for (const [a, k] of [['focus-terminal', 't'], ['help', '?'], ['faster', '+'], ['next-milestone', ']']] as const) {
      expect(shouldIgnore(a, page, k), a).toBe(true);
      expect(shouldIgnore(a, on({ inStage: true }), k), a).toBe(false);
    }
    // Keys that type nothing still work anywhere a text field does not need them.
    expect(shouldIgnore('step-forward', page, 'ArrowRight')).toBe(false);
    expect(shouldIgnore('toggle-play', page, ' ')).toBe(false);
  });

  it('sends a printable key typed with nothing to take it to the terminal', () => {
    expect(typesIntoTerminal(key('k'), page)).toBe(true);
    // On the stage a key that is no shortcut starts a command too; a shortcut key stays one.
    expect(typesIntoTerminal(key('k'), on({ inStage: true, tag: 'BUTTON', activatable: true }))).toBe(true);
    expect(typesIntoTerminal(key('t'), on({ inStage: true }), true)).toBe(false);
    expect(typesIntoTerminal(key('t'), page, true)).toBe(true);
    expect(typesIntoTerminal(key('k'), on({ inStage: true, typing: true }))).toBe(false);
    expect(typesIntoTerminal(key('k'), on({ tag: 'INPUT', inputType: 'text' }))).toBe(false);
    expect(typesIntoTerminal(key('k'), on({ typing: true }))).toBe(false);
    expect(typesIntoTerminal(key('k', { ctrlKey: true }), page)).toBe(false);
    expect(typesIntoTerminal(key('ArrowLeft'), page)).toBe(false);
    expect(typesIntoTerminal(key(' '), page)).toBe(false);
    expect(typesIntoTerminal(key('k'), on({ inOtherModal: true }))).toBe(false);
  });
});

describe('shouldIgnore: typing and widgets keep their keys', () => {
  it('acts on every shortcut when focus is on the page itself', () => {
    for (const a of EVERY) expect(shouldIgnore(a, page), a).toBe(false);
    expect(shouldIgnore('toggle-play', on({ tag: '' }))).toBe(false);
  });

  it('ignores everything typed into text fields, selects, contenteditable, CodeMirror and xterm — except Escape', () => {
    const typingTargets: TargetInfo[] = [
      on({ tag: 'INPUT', inputType: 'text' }),
      on({ tag: 'INPUT', inputType: 'search' }),
      on({ tag: 'INPUT', inputType: 'number' }),
      on({ tag: 'TEXTAREA' }),
      on({ tag: 'SELECT' }),
      on({ tag: 'DIV', typing: true }), // .cm-content (contenteditable inside .cm-editor)
      on({ tag: 'TEXTAREA', typing: true }), // xterm's helper textarea inside .xterm
    ];
    for (const t of typingTargets) {
      for (const a of EVERY) expect(shouldIgnore(a, t), `${a} in ${t.tag}/${t.inputType ?? ''}`).toBe(true);
      expect(shouldIgnore('close', t)).toBe(false);
    }
  });

  it('lets buttons and checkboxes keep Space, and only Space', () => {
    for (const t of [on({ tag: 'BUTTON', activatable: true }), on({ tag: 'INPUT', inputType: 'checkbox', activatable: true }), on({ tag: 'A', activatable: true })]) {
      expect(shouldIgnore('toggle-play', t)).toBe(true);
      expect(shouldIgnore('step-forward', t)).toBe(false);
      expect(shouldIgnore('help', t)).toBe(false);
      expect(shouldIgnore('focus-terminal', t)).toBe(false);
    }
  });

  it('lets sliders, radio groups and ARIA composites (the fault menu) keep arrows, Home and End', () => {
    for (const t of [on({ tag: 'INPUT', inputType: 'range', arrowWidget: true }), on({ tag: 'BUTTON', activatable: true, arrowWidget: true })]) {
      for (const a of ['step-back', 'step-forward', 'prev-milestone', 'next-milestone', 'start', 'live', 'toggle-play'] as const) expect(shouldIgnore(a, t), a).toBe(true);
      expect(shouldIgnore('faster', t)).toBe(false);
      expect(shouldIgnore('help', t)).toBe(false);
    }
  });

  it('inside another modal dialog (the fork question) only Escape gets through', () => {
    const t = on({ tag: 'BUTTON', activatable: true, inOtherModal: true });
    for (const a of EVERY) expect(shouldIgnore(a, t), a).toBe(true);
    expect(shouldIgnore('close', t)).toBe(false);
  });
});

describe('keys held for a terminal still loading', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  it('continue the command with Space, Enter and Backspace, but not with shortcuts or on the stage', () => {
    for (const k of [' ', 'Enter', 'Backspace', 'k']) expect(continuesTypeahead(key(k), page), k).toBe(true);
    expect(continuesTypeahead(key('ArrowRight'), page)).toBe(false);
    expect(continuesTypeahead(key('Enter', { ctrlKey: true }), page)).toBe(false);
    expect(continuesTypeahead(key(' '), on({ inStage: true }))).toBe(false);
    expect(continuesTypeahead(key('Enter'), on({ tag: 'INPUT', inputType: 'text' }))).toBe(false);
  });
});
