/**
 * Renders the whole page to static HTML (no DOM needed) from a store fed by a real snapshot of
 * the simulation host, in both languages.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FromWorker } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/messages';
import { BridgeContext } from '../ui/bridge/react';
import { createLocaleStore } from '../ui/i18n/locale';
import { LocaleContext } from '../ui/i18n/react';
import { applySnapshot, initialClusterState } from '../ui/store/cluster';
import { initialConnectionState } from '../ui/store/connection';
import { AppStoreContext } from '../ui/store/react';
import { createAppStore } from '../ui/store/store';
import { createSimHost } from '../worker/host';
import { App } from './App';
import { inertBridge } from '../ui/bridge/inert.testing';

function render(languages: string[]): string {
  const messages: FromWorker[] = [];
  createSimHost((m) => messages.push(m)).handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  const snap = messages.find((m) => m.type === 'snapshot');
  if (snap?.type !== 'snapshot') throw new Error('no snapshot');
  const store = createAppStore({ cluster: applySnapshot(initialClusterState, snap), connection: { ...initialConnectionState, status: 'ready', epochMs: 1756717200000 } });
  const inert = inertBridge();
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
        <BridgeContext.Provider value={inert}>
          <App files={['go-api.yaml']} manifests={{ 'go-api.yaml': 'kind: Deployment\n' }} topology="basic" onTopology={() => {}} shareLink={() => ''} />
        </BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

describe('App', () => {
  it('renders the header, clock, the stage and the dock in English', () => {
    const html = render(['en-US']);
    expect(html).toContain('<h1>Reconcile</h1>');
    expect(html).toContain('Simulated time');
    expect(html).toContain('2025-09-01');
    // The stage: the diagram and the story column; the dock's tabs (their tools load on first use).
    expect(html).toContain('data-testid="architecture"');
    expect(html).toContain('>Sequence</h2>');
    expect(html).toContain('data-testid="dock-tab-terminal"');
    expect(html).toContain('>Nodes &amp; Pods</button>');
    // Opens paused, so nothing happens before the learner acts.
    expect(html).toMatch(/data-testid="play-pause">.*<span class="playback-play-label">Play<\/span><\/button>/);
  });

  it('renders every label in Chinese for a Chinese browser', () => {
    const html = render(['zh-CN']);
    expect(html).toContain('模拟时间');
    expect(html).toContain('终端');
    expect(html).toContain('节点与 Pod');
    expect(html).not.toContain('>Sequence<');
  });
});
