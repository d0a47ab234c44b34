/**
 * The fault menu of a diagram box (issue #4): stop/restart a component, power off, partition or
 * break the parts of a node. Each item runs `sim fail|recover <target>` through the bridge like a
 * typed command, so it is in the replayable log. Keyboard: focus starts on the first item,
 * ArrowUp/ArrowDown/Home/End move, Enter activates, Escape or Tab closes and focus returns to the
 * box that opened it (WAI-ARIA menu pattern).
 */
import { Power, RotateCcw } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useBridge } from '../bridge/react';
import { useT, type Translate } from '../i18n/react';
import { useApp } from '../store/react';
import type { MenuAnchor } from './context';
import { activeFaults, commandFor, faultActions, type FaultAction } from './targets';

export interface FaultMenuProps {
  diagramId: string;
  name: string;
  /** Menu position inside the diagram panel. */
  at: { x: number; y: number };
  anchor: MenuAnchor;
  onClose: () => void;
}

export function actionLabel(t: Translate, a: FaultAction): string {
  const p = { target: a.target, host: a.host ?? '' };
  switch (a.verb) {
    case 'stop':
      return t('menu.stop', p);
    case 'restart':
      return t('menu.restart', p);
    case 'powerOff':
      return t('menu.powerOff', p);
    case 'powerOn':
      return t('menu.powerOn', p);
    case 'partition':
      return t('menu.partition', p);
    case 'reconnect':
      return t('menu.reconnect', p);
    case 'stopKubelet':
      return t('menu.stopKubelet', p);
    case 'stopRuntime':
      return t('menu.stopRuntime', p);
    case 'breakCni':
      return t('menu.breakCni', p);
    case 'stopProxy':
      return t('menu.stopProxy', p);
    case 'recover':
      return t('menu.recover', p);
    default: {
      const never: never = a.verb;
      return never;
    }
  }
}

export function FaultMenu({ diagramId, name, at, anchor, onClose }: FaultMenuProps) {
  const t = useT();
  const bridge = useBridge();
  const components = useApp((s) => s.cluster.components);
  const targets = useApp((s) => s.cluster.targets);
  const actions = faultActions(diagramId, components, targets, activeFaults(components));
  const ref = useRef<HTMLDivElement>(null);

  const close = (): void => {
    onClose();
    anchor.returnFocus?.focus();
  };
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent): void => {
      if (ref.current && !ref.current.contains(e.target as globalThis.Node)) onClose();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (j: number): void => items[(j + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') close();
    else return;
    e.preventDefault();
  };

  return (
    <div ref={ref} className="diagram-menu" role="menu" aria-label={t('menu.label', { name })} style={{ left: at.x, top: at.y }} onKeyDown={onKeyDown} data-testid="fault-menu">
      {actions.map((a) => (
        <button
          key={`${a.op} ${a.target}`}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={a.op === 'recover' ? 'is-recover' : 'is-fail'}
          onClick={() => {
            bridge.run(commandFor(a), undefined, { laptop: true });
            close();
          }}
        >
          {a.op === 'recover' ? <RotateCcw size={14} aria-hidden="true" /> : <Power size={14} aria-hidden="true" />}
          {actionLabel(t, a)}
        </button>
      ))}
    </div>
  );
}
