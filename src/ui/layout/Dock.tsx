/**
 * The dock under the stage: the terminal, and the tools a learner opens on demand (editor,
 * inspector, events, instructor console, traffic, node and Pod lists) as tabs. Switching tabs never
 * moves the stage; the dock's height is a resizable split. A tab's content loads when it is first
 * opened (the editor, the instructor console and the terminal's xterm are big) and then stays
 * mounted, so a half-typed command or a scrolled table survives switching away and back.
 */
import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/react';
import type { MessageKey } from '../i18n/catalog';
import { DOCK_TABS, layoutStore, openDock, type DockTab } from './layout-store';
import { useApp } from '../store/react';

const Terminal = lazy(() => import('../terminal/Terminal').then((m) => ({ default: m.Terminal })));
const YamlEditor = lazy(() => import('../editor/YamlEditor').then((m) => ({ default: m.YamlEditor })));
const Inspector = lazy(() => import('../inspector/Inspector').then((m) => ({ default: m.Inspector })));
const EventsTable = lazy(() => import('../inspector/EventsTable').then((m) => ({ default: m.EventsTable })));
const TrafficPanel = lazy(() => import('../traffic/TrafficPanel').then((m) => ({ default: m.TrafficPanel })));
const ClusterLists = lazy(() => import('./ClusterLists').then((m) => ({ default: m.ClusterLists })));


const LABEL: Record<DockTab, MessageKey> = {
  terminal: 'layout.tab.terminal',
  editor: 'layout.tab.editor',
  inspector: 'layout.tab.inspector',
  events: 'layout.tab.events',
  traffic: 'layout.tab.traffic',
  lists: 'layout.tab.lists',
};

export interface DockProps {
  files: readonly string[];
  manifests: Record<string, string>;
  /** Tabs to offer (the phone layout shows the terminal on its own). */
  tabs?: readonly DockTab[];
}

function content(tab: DockTab, props: DockProps): ReactNode {
  switch (tab) {
    case 'terminal':
      return <Terminal files={props.files} />;
    case 'editor':
      return <YamlEditor files={props.manifests} />;
    case 'inspector':
      return <Inspector />;
    case 'events':
      return <EventsTable />;
    case 'traffic':
      return <TrafficPanel />;
    case 'lists':
      return <ClusterLists />;
  }
}

export function Dock(props: DockProps) {
  const t = useT();
  const tabs = props.tabs ?? DOCK_TABS;
  const wanted = useStore(layoutStore, (l) => l.dock);
  const active: DockTab = tabs.includes(wanted) ? wanted : tabs[0]!;
  const [opened, setOpened] = useState<ReadonlySet<DockTab>>(() => new Set([active]));
  const base = useId();
  const buttons = useRef(new Map<DockTab, HTMLButtonElement>());

  // `kubectl edit` opens the YAML editor on its file; once the edit is answered, the terminal shows the outcome.
  const editing = useApp((s) => s.terminal.editing);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) openDock('editor');
    else if (wasEditing.current) openDock('terminal');
    wasEditing.current = editing !== undefined;
  }, [editing]);

  // A tab, once opened, stays mounted (its state survives switching away).
  useEffect(() => {
    setOpened((o) => (o.has(active) ? o : new Set([...o, active])));
  }, [active]);

  const open = (tab: DockTab, focus = false): void => {
    openDock(tab);
    if (focus) buttons.current.get(tab)?.focus();
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Home/End to the ends.
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const i = tabs.indexOf(active);
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : e.key === 'Home' ? tabs[0] : e.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (next) {
      e.preventDefault();
      open(next, true);
    }
  };

  return (
    <section className="dock" aria-label={t('layout.dock')} data-testid="dock">
      <div className="dock-tabs" role="tablist" aria-label={t('layout.dock')} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              if (el) buttons.current.set(tab, el);
              else buttons.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${base}-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className="dock-tab"
            data-testid={`dock-tab-${tab}`}
            onClick={() => open(tab)}
          >
            {t(LABEL[tab])}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab} role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} className="dock-panel" hidden={tab !== active} data-testid={`dock-panel-${tab}`}>
          {opened.has(tab) ? (
            <Suspense fallback={<p className="empty">{t('layout.loading')}</p>}>{content(tab, props)}</Suspense>
          ) : null}
        </div>
      ))}
    </section>
  );
}
