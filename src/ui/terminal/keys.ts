/**
 * Decodes what xterm reports as typed (its `onData` strings: printable text, C0 control
 * characters, CSI/SS3 escape sequences, bracketed pastes) into prompt actions. Pure, so the
 * terminal's key handling is tested without a browser.
 */
import type { EditKey } from './line-editor';

export type InputAction =
  | { type: 'insert'; text: string }
  | { type: 'paste'; text: string }
  | { type: 'edit'; key: EditKey }
  | { type: 'enter' }
  | { type: 'tab' }
  /** Ctrl+C */
  | { type: 'interrupt' }
  /** Ctrl+L */
  | { type: 'clearScreen' }
  /** Ctrl+D: delete under the cursor; on an empty line, end of input for an attached shell (shell.ts). */
  | { type: 'eof' }
  /** Ctrl+P (previous history) and Ctrl+Q: kubectl attach's detach keys in that order (shell.ts). */
  | { type: 'ctrl'; key: 'P' | 'Q' };

/** Turns on bracketed paste, so a paste arrives as one action rather than as typed keys. */
export const BRACKETED_PASTE_ON = '\x1b[?2004h';
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

const CONTROL: Record<string, InputAction> = {
  '\r': { type: 'enter' },
  '\n': { type: 'enter' },
  '\t': { type: 'tab' },
  '\x7f': { type: 'edit', key: 'backspace' },
  '\b': { type: 'edit', key: 'backspace' },
  '\x01': { type: 'edit', key: 'home' },
  '\x02': { type: 'edit', key: 'left' },
  '\x03': { type: 'interrupt' },
  '\x04': { type: 'eof' },
  '\x05': { type: 'edit', key: 'end' },
  '\x06': { type: 'edit', key: 'right' },
  '\x0b': { type: 'edit', key: 'killToEnd' },
  '\x0c': { type: 'clearScreen' },
  '\x0e': { type: 'edit', key: 'historyNext' },
  '\x10': { type: 'ctrl', key: 'P' },
  '\x11': { type: 'ctrl', key: 'Q' },
  '\x15': { type: 'edit', key: 'killToStart' },
  '\x17': { type: 'edit', key: 'killWordBack' },
};

/** Final byte (and modifier parameter) of a CSI or SS3 sequence → action. */
function fromSequence(params: string, final: string): InputAction | undefined {
  const mods = Number(params.split(';')[1] ?? '1');
  // xterm's modifier parameter: 3 = Alt, 5 = Ctrl (plus combinations with Shift).
  const word = mods === 3 || mods === 5 || mods === 7;
  switch (final) {
    case 'A':
      return { type: 'edit', key: 'historyPrev' };
    case 'B':
      return { type: 'edit', key: 'historyNext' };
    case 'C':
      return { type: 'edit', key: word ? 'wordRight' : 'right' };
    case 'D':
      return { type: 'edit', key: word ? 'wordLeft' : 'left' };
    case 'H':
      return { type: 'edit', key: 'home' };
    case 'F':
      return { type: 'edit', key: 'end' };
    case '~': {
      const n = params.split(';')[0];
      if (n === '1' || n === '7') return { type: 'edit', key: 'home' };
      if (n === '4' || n === '8') return { type: 'edit', key: 'end' };
      if (n === '3') return { type: 'edit', key: 'delete' };
      return undefined;
    }
    default:
      return undefined;
  }
}

export function decodeInput(data: string): InputAction[] {
  const out: InputAction[] = [];
  let text = '';
  const flush = (): void => {
    if (text) out.push({ type: 'insert', text });
    text = '';
  };
  let i = 0;
  while (i < data.length) {
    if (data.startsWith(PASTE_START, i)) {
      flush();
      const end = data.indexOf(PASTE_END, i + PASTE_START.length);
      const stop = end < 0 ? data.length : end;
      out.push({ type: 'paste', text: data.slice(i + PASTE_START.length, stop) });
      i = end < 0 ? data.length : end + PASTE_END.length;
      continue;
    }
    const ch = data[i]!;
    if (ch === '\x1b') {
      flush();
      const next = data[i + 1];
      if (next === '[' || next === 'O') {
        // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E. SS3: one final byte.
        let j = i + 2;
        if (next === '[') while (j < data.length && data.charCodeAt(j) >= 0x20 && data.charCodeAt(j) <= 0x3f) j++;
        const final = data[j];
        const action = final === undefined ? undefined : fromSequence(data.slice(i + 2, j), final);
        if (action) out.push(action);
        i = j + 1;
        continue;
      }
      if (next === 'b' || next === 'f') out.push({ type: 'edit', key: next === 'b' ? 'wordLeft' : 'wordRight' });
      else if (next === '\x7f' || next === '\b') out.push({ type: 'edit', key: 'killWordBack' });
      i += next === undefined ? 1 : 2;
      continue;
    }
    const control = CONTROL[ch];
    if (control) {
      flush();
      out.push(control);
    } else if (ch.charCodeAt(0) >= 0x20) {
      text += ch;
    }
    i++;
  }
  flush();
  return mergeUnbracketedPaste(data, out);
}

/**
 * Without bracketed paste (or from `term.paste` on some browsers) a multi-line paste arrives as
 * text and Enter keys in one report, which typing never produces: treat it as a paste.
 */
function mergeUnbracketedPaste(data: string, actions: InputAction[]): InputAction[] {
  if (data.includes(PASTE_START) || data.includes('\x1b') || data.length < 2) return actions;
  const onlyTextAndEnter = actions.every((a) => a.type === 'insert' || a.type === 'enter');
  if (onlyTextAndEnter && actions.some((a) => a.type === 'insert') && actions.some((a) => a.type === 'enter')) {
    return [{ type: 'paste', text: data }];
  }
  return actions;
}
