/**
 * Where `t`, `y`, `d` and `s` (and the skip link) put the focus. Each region lists the elements
 * to try, most specific first, so it keeps working while panels are swapped (the xterm terminal
 * or the plain one, with or without the YAML editor). Typing targets get the focus itself (the
 * learner can type at once); views get their panel, made focusable, so a screen reader announces
 * the panel by name and Tab continues inside it.
 */
export type Region = 'terminal' | 'editor' | 'diagram' | 'sequence';

/** Where the terminal takes typed keys (xterm's textarea, or the plain terminal's input). */
const TERMINAL_INPUTS = ['.terminal .xterm-helper-textarea', '[data-testid="terminal"] .xterm-helper-textarea', 'input.terminal-input'] as const;

export const REGION_TARGETS: Readonly<Record<Region, readonly string[]>> = {
  terminal: [...TERMINAL_INPUTS, '[data-testid="terminal"]', 'section.terminal'],
  editor: ['[data-testid="yaml-editor"] .cm-content', '.yaml-editor .cm-content', '[data-testid="yaml-editor"]'],
  diagram: ['section.diagram-panel', '[data-testid="architecture"]'],
  sequence: ['section.sequence', '[data-testid="sequence"]'],
};

const NATIVELY_FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

/** Focuses the region's first present target; false when the page has none of them. */
export function focusRegion(doc: Document, region: Region): boolean {
  for (const selector of REGION_TARGETS[region]) {
    const el = doc.querySelector<HTMLElement>(selector);
    if (!el) continue;
    if (!el.matches(NATIVELY_FOCUSABLE)) el.setAttribute('tabindex', '-1');
    el.focus();
    return doc.activeElement === el;
  }
  return false;
}

/** Focuses the terminal's input; false while the terminal has not mounted one yet. */
export function focusTerminalInput(doc: Document): boolean {
  for (const selector of TERMINAL_INPUTS) {
    const el = doc.querySelector<HTMLElement>(selector);
    if (!el) continue;
    el.focus();
    return doc.activeElement === el;
  }
  return false;
}

interface Container {
  contains(other: unknown): boolean;
}

/**
 * Whether the focus needs a home after a modal closed: it is nowhere, on the page itself, or
 * still inside the closed modal. Anywhere else the learner (or the browser's own focus return)
 * has put it, and moving it again would undo that.
 */
export function focusIsLost(active: unknown, modal: Container | null, body: unknown): boolean {
  return active === null || active === undefined || active === body || (modal !== null && modal.contains(active));
}
