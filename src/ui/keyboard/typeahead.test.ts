import { afterEach, describe, expect, it } from 'vitest';
import { connectTerminal, holdKey, holding, takeHeld, terminalData, typeIntoTerminal } from './typeahead';

afterEach(() => void takeHeld());

describe('keys typed before the terminal mounts', () => {
  it('keeps characters, Enter and Backspace in order, as the terminal reads them', () => {
    for (const k of ['k', 'g', 'x', 'Backspace', ' ', 'Enter']) expect(holdKey(k)).toBe(true);
    expect(holding()).toBe(true);
    expect(takeHeld()).toBe('kgx\x7f \r');
    expect(holding()).toBe(false);
    expect(takeHeld()).toBe('');
  });

  it('ignores keys the line editor has no use for', () => {
    expect(holdKey('Shift')).toBe(false);
    expect(holdKey('ArrowLeft')).toBe(false);
    expect(terminalData('F5')).toBeUndefined();
    expect(holding()).toBe(false);
  });

  it('stops growing at its bound', () => {
    for (let i = 0; i < 5000; i++) holdKey('a');
    expect(takeHeld().length).toBe(4096);
  });
});

describe('a key typed into the mounted terminal from outside it', () => {
  afterEach(() => connectTerminal(undefined));

  it('reaches its line editor directly, and nothing is held', () => {
    const got: string[] = [];
    connectTerminal((d) => got.push(d));
    expect(typeIntoTerminal('s')).toBe(true);
    expect(typeIntoTerminal('Shift')).toBe(false);
    expect(got).toEqual(['s']);
    expect(holding()).toBe(false);
  });

  it('is refused while no terminal is mounted, so the caller holds it instead', () => {
    expect(typeIntoTerminal('s')).toBe(false);
  });
});
