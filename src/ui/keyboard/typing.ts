/**
 * Whether a shortcut must leave a key press alone because the element it was typed into needs
 * it: text fields, selects, contenteditable, CodeMirror (the YAML editor), xterm (the terminal)
 * take every key; buttons and checkboxes take Space; sliders, radio groups and ARIA composite
 * widgets (menus, listboxes, tabs) take arrows, Home and End. Inside another modal dialog, the
 * page behind is inert, so only Escape gets through. Escape is never ignored.
 *
 * Shortcuts on printable keys (`t`, `?`, `[`, `+`…) work only while the focus is on the stage
 * (inside [data-shortcuts]: the diagram, the side column, the transport bar): anywhere else a
 * letter is the start of a command, and goes to the terminal. On the stage too, a printable key
 * that is no shortcut starts a command (a learner who clicked a Pod or Play and then types
 * `kubectl …` means the terminal; the `k` used to be lost, and `t` then moved the focus).
 *
 * A printable key typed outside the stage and outside anything that takes text starts a command:
 * `typesIntoTerminal` says so, and the page moves the focus to the terminal before the character
 * lands, so it is typed there.
 *
 * `describeTarget` reads the DOM once into plain data so `shouldIgnore` is pure and testable.
 */
import type { ShortcutAction } from './keymap';

export interface TargetInfo {
  /** Upper-case tag name ('' when the target is not an element, e.g. the document). */
  tag: string;
  /** An <input>'s type, lower case. */
  inputType?: string;
  /** isContentEditable, or inside CodeMirror (.cm-editor) or xterm (.xterm). */
  typing: boolean;
  /** An element Space activates: a button, link, summary, checkbox, or their ARIA roles. */
  activatable: boolean;
  /** Inside a widget that moves with arrow keys: a range/radio input or an ARIA composite. */
  arrowWidget: boolean;
  /** Inside a modal dialog other than the shortcut help. */
  inOtherModal: boolean;
  /** On the stage (an element inside [data-shortcuts]), where letter keys are shortcuts. */
  inStage: boolean;
}

/** <input> types that take typed text (everything except the button-like and pointer ones). */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'range', 'button', 'submit', 'reset', 'image', 'color', 'file']);

/** Actions bound to Space, the arrow keys, Home and End — the keys widgets use themselves. */
const WIDGET_KEYS: ReadonlySet<ShortcutAction> = new Set<ShortcutAction>(['toggle-play', 'step-back', 'step-forward', 'prev-milestone', 'next-milestone', 'start', 'live']);

/** Actions on keys that also type text: off the stage, those keys belong to the terminal. */
export const CHARACTER_KEYS: ReadonlySet<ShortcutAction> = new Set<ShortcutAction>(['prev-milestone', 'next-milestone', 'slower', 'faster', 'focus-terminal', 'focus-editor', 'focus-diagram', 'focus-sequence', 'help']);

export function shouldIgnore(action: ShortcutAction, t: TargetInfo, key?: string): boolean {
  if (action === 'close') return false;
  if (!t.inStage && CHARACTER_KEYS.has(action) && key !== undefined && key.length === 1) return true;
  if (t.inOtherModal || t.typing) return true;
  if (t.tag === 'TEXTAREA' || t.tag === 'SELECT') return true;
  if (t.tag === 'INPUT' && !NON_TEXT_INPUTS.has(t.inputType ?? 'text')) return true;
  if (t.arrowWidget && WIDGET_KEYS.has(action)) return true;
  if (t.activatable && action === 'toggle-play') return true;
  return false;
}

const ACTIVATABLE = 'button, a[href], summary, input[type="checkbox"], input[type="radio"], input[type="button"], input[type="submit"], input[type="reset"], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="tab"]';
const ARROW_WIDGETS = 'input[type="range"], input[type="radio"], [role="menu"], [role="menubar"], [role="listbox"], [role="tablist"], [role="radiogroup"], [role="slider"], [role="grid"], [role="tree"], [role="treegrid"], [role="spinbutton"], [role="combobox"]';

/** The shortcut help's own dialog is marked with this attribute; every other modal blocks shortcuts. */
export const HELP_DIALOG_ATTR = 'data-shortcut-help';

export function describeTarget(target: EventTarget | null): TargetInfo {
  const el = target instanceof Element ? target : null;
  if (!el) return { tag: '', typing: false, activatable: false, arrowWidget: false, inOtherModal: false, inStage: false };
  const modal = el.closest('dialog[open], [aria-modal="true"]');
  return {
    tag: el.tagName.toUpperCase(),
    ...(el instanceof HTMLInputElement ? { inputType: el.type.toLowerCase() } : {}),
    typing: (el instanceof HTMLElement && el.isContentEditable) || el.closest('.cm-editor, .xterm') !== null,
    activatable: el.closest(ACTIVATABLE) !== null,
    arrowWidget: el.closest(ARROW_WIDGETS) !== null,
    inOtherModal: modal !== null && !modal.hasAttribute(HELP_DIALOG_ATTR),
    inStage: el.closest('[data-shortcuts]') !== null,
  };
}

/**
 * Whether a key press outside any text field should be typed into the terminal instead.
 * `shortcut`: the key is one of the shortcut table's (on the stage it stays a shortcut).
 */
export function typesIntoTerminal(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, t: TargetInfo, shortcut = false): boolean {
  if (e.key.length !== 1 || e.key === ' ') return false;
  if (t.inStage && shortcut) return false;
  return offTheTerminal(e, { ...t, inStage: false });
}

/**
 * While keys are held for a terminal that is still loading (./typeahead.ts), Space, Enter and
 * Backspace continue the command too, instead of playing or stepping.
 */
export function continuesTypeahead(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }, t: TargetInfo): boolean {
  if (e.key.length !== 1 && e.key !== 'Enter' && e.key !== 'Backspace') return false;
  return offTheTerminal(e, t);
}

/** An unmodified key whose target takes no text of its own and is not on the stage or in a dialog. */
function offTheTerminal(e: { ctrlKey: boolean; metaKey: boolean; altKey: boolean }, t: TargetInfo): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (t.typing || t.inOtherModal || t.inStage) return false;
  if (t.tag === 'TEXTAREA' || t.tag === 'SELECT') return false;
  if (t.tag === 'INPUT' && !NON_TEXT_INPUTS.has(t.inputType ?? 'text')) return false;
  return true;
}
