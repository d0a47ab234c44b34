/**
 * The page's keyboard shortcuts: one keydown listener on the document (bubbling, so any widget
 * that handles a key itself and cancels it wins), mapping keys to the bridge's playback API and
 * to focus moves. `say` receives short confirmations for a live region (the new speed…).
 */
import { useEffect, useRef } from 'react';
import { useBridge } from '../bridge/react';
import type { MessageKey } from '../i18n/catalog';
import { useAppStore } from '../store/react';
import { focusRegion, focusTerminalInput, type Region } from './focus';
import { closeHelp, helpStore, openHelp } from './help-store';
import { actionFor, stepSpeed, type ShortcutAction } from './keymap';
import { holdKey, holding, typeIntoTerminal } from './typeahead';
import { continuesTypeahead, describeTarget, shouldIgnore, typesIntoTerminal } from './typing';
import { openDock } from '../layout/layout-store';

export type Confirm = (key: MessageKey, params?: Record<string, string | number>) => void;

const FOCUS: Partial<Record<ShortcutAction, Region>> = {
  'focus-terminal': 'terminal',
  'focus-editor': 'editor',
  'focus-diagram': 'diagram',
  'focus-sequence': 'sequence',
};

/**
 * Overlays that are not modal (the diagram's component card…) opt in to Escape by marking their
 * close button with this attribute; Escape clicks the last one on the page that is shown.
 * Modal dialogs handle Escape themselves.
 */
export const CLOSE_ON_ESCAPE_ATTR = 'data-close-on-escape';

function closeTopOverlay(doc: Document): boolean {
  const buttons = [...doc.querySelectorAll<HTMLElement>(`[${CLOSE_ON_ESCAPE_ATTR}]`)].filter((b) => b.getClientRects().length > 0);
  const top = buttons[buttons.length - 1];
  if (!top) return false;
  top.click();
  return true;
}

export function useShortcuts(confirm: Confirm = () => undefined): void {
  const bridge = useBridge();
  const store = useAppStore();
  const latestConfirm = useRef(confirm);
  latestConfirm.current = confirm;

  useEffect(() => {
    /** Performs the action; false when there was nothing to do (the key then stays the page's). */
    const perform = (action: ShortcutAction): boolean => {
      const s = store.getState();
      const tape = s.cluster.tape;
      switch (action) {
        case 'toggle-play':
          if (s.playback.playing) bridge.pause();
          else bridge.play();
          latestConfirm.current(s.playback.playing ? 'keys.status.paused' : 'keys.status.playing');
          return true;
        case 'step-back':
          bridge.stepBack();
          return true;
        case 'step-forward':
          bridge.stepForward();
          return true;
        case 'prev-milestone':
          bridge.jumpMilestone(-1);
          return true;
        case 'next-milestone':
          bridge.jumpMilestone(1);
          return true;
        case 'slower':
        case 'faster': {
          const speed = stepSpeed(s.playback.speed, action === 'faster' ? 1 : -1);
          bridge.setSpeed(speed);
          latestConfirm.current('keys.speed', { speed });
          return true;
        }
        case 'start':
          if (tape) bridge.seek(tape.baseSeq);
          return tape !== undefined;
        case 'live':
          if (tape) bridge.seek(tape.frontierSeq);
          return tape !== undefined;
        case 'help':
          openHelp();
          return true;
        case 'close':
          if (helpStore.getState().open) {
            closeHelp();
            return true;
          }
          return closeTopOverlay(document);
        case 'focus-terminal':
        case 'focus-editor':
        case 'focus-diagram':
        case 'focus-sequence': {
          const region = FOCUS[action]!;
          if (region === 'terminal' || region === 'editor') openDock(region);
          if (!focusRegion(document, region)) {
            // A dock tab opened just now mounts on the next frame (the editor loads lazily).
            const until = performance.now() + 3000;
            const retry = (): void => {
              if (focusRegion(document, region)) return;
              if (performance.now() < until) requestAnimationFrame(retry);
              else latestConfirm.current('keys.status.noTarget');
            };
            requestAnimationFrame(retry);
          }
          return true;
        }
        default: {
          const never: never = action;
          return Boolean(never);
        }
      }
    };

    const onKeyDown = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.isComposing) return;
      const target = describeTarget(e.target);
      const action = actionFor(e);
      // A letter typed with nothing to take it starts a command: focus moves to the terminal
      // now, while the key is still on its way, so the character lands there. A terminal still
      // loading gets the keys later, in order (./typeahead.ts).
      if (!helpStore.getState().open && (typesIntoTerminal(e, target, action !== undefined) || (holding() && continuesTypeahead(e, target)))) {
        openDock('terminal');
        if (focusTerminalInput(document) ? typeIntoTerminal(e.key) : holdKey(e.key)) e.preventDefault();
        return;
      }
      if (action && !shouldIgnore(action, target, e.key)) {
        // The help is modal: the page behind it does not move until it is closed.
        if (helpStore.getState().open && action !== 'close') return;
        if (perform(action)) e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [bridge, store]);
}
