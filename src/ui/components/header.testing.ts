/**
 * For the header controls' tests: a store fed by the real worker host's snapshot after some
 * typed lines, and static HTML of a control rendered with the page's providers around it.
 */
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { inertBridge } from '../bridge/inert.testing';
import { BridgeContext } from '../bridge/react';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { applySnapshot, initialClusterState } from '../store/cluster';
import { AppStoreContext } from '../store/react';
import { createAppStore, type AppState } from '../store/store';

/** The last snapshot after `lines` on a fresh basic cluster (a `sim topology` sends a new one). */
export function snapshotAfter(lines: readonly string[]) {
  const messages: FromWorker[] = [];
  const host = createSimHost((m) => messages.push(m));
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  lines.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  const snap = messages.filter((m) => m.type === 'snapshot').pop();
  if (snap?.type !== 'snapshot') throw new Error('no snapshot');
  return snap;
}

/** `control` as static HTML over a store holding the cluster after `lines` (plus `extra` state). */
export function renderAfter(lines: readonly string[], control: ReactElement, languages: readonly string[] = ['en-US'], extra: Partial<AppState> = {}): string {
  const store = createAppStore({ cluster: applySnapshot(initialClusterState, snapshotAfter(lines)), ...extra });
  return renderToStaticMarkup(
    h(AppStoreContext.Provider, { value: store }, h(LocaleContext.Provider, { value: createLocaleStore(undefined, languages) }, h(BridgeContext.Provider, { value: inertBridge() }, control))),
  );
}
