/**
 * The header's topology select shows the cluster's topology, fed by real snapshots from the
 * worker's host: a `sim topology ha` typed in the terminal (or run by a lesson) shows as ha even
 * though the page's link still says basic.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { inertBridge } from '../bridge/inert.testing';
import { BridgeContext } from '../bridge/react';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { applySnapshot, initialClusterState } from '../store/cluster';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { RunControls } from './RunControls';

function render(lines: string[]): string {
  const messages: FromWorker[] = [];
  const host = createSimHost((m) => messages.push(m));
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  lines.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  const snap = messages.filter((m) => m.type === 'snapshot').pop();
  if (snap?.type !== 'snapshot') throw new Error('no snapshot');
  const store = createAppStore({ cluster: applySnapshot(initialClusterState, snap) });
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, ['en-US'])}>
        <BridgeContext.Provider value={inertBridge()}>
          <RunControls topology="basic" onTopology={() => undefined} shareLink={() => ''} />
        </BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

const selected = (html: string): string | undefined => /<option value="(basic|ha)" selected="">/.exec(html)?.[1];

describe('RunControls', () => {
  it('shows the linked topology for the cluster it started with', () => {
    expect(selected(render([]))).toBe('basic');
  });

  it('shows ha after sim topology ha typed on a page linked as basic', () => {
    expect(selected(render(['sim topology ha']))).toBe('ha');
  });
});
