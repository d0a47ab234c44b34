/**
 * The sequence view in scale mode, from a real run: a 3-worker cluster forced into scale mode
 * (`--scale-mode on`), its diffs folded by the page's store exactly as the bridge does, then
 * rendered statically in both languages. At classroom size the message table stays (SequenceView.test.tsx).
 */
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { applyDiff, applySnapshot, initialClusterState, showAt, type ClusterState } from '../store/cluster';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { rate } from './SequenceRates';
import { SequenceView } from './SequenceView';

function scaleRun(scaleMode: 'on' | 'off'): ClusterState {
  const out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(structuredClone(m)), undefined, undefined, { scale: { maxObjects: 8, maxRecords: 12 } });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic' });
  host.handle({ type: 'command', id: 1, line: `sim topology basic --scale-mode ${scaleMode}` });
  host.handle({ type: 'command', id: 2, line: 'kubectl create deployment web --image=nginx --replicas=6' });
  host.handle({ type: 'advance', id: 3, ms: 4_000 });
  let state = initialClusterState;
  for (const m of out) {
    if (m.type === 'snapshot') state = applySnapshot(state, m);
    if (m.type === 'diff') {
      const r = applyDiff(state, m);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
  }
  return showAt(state, state.tape!.frontierSeq, state.tape!.frontierNow);
}

/** Rendered whole: the rates view is loaded lazily, so this waits for it as a server render would. */
async function render(cluster: ClusterState, languages: string[]): Promise<string> {
  const store = createAppStore({ cluster });
  const { prelude } = await prerender(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
        <SequenceView />
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
  return new Response(prelude).text();
}

describe('SequenceView in scale mode', () => {
  const cluster = scaleRun('on');

  it('shows messages per second by arrow, node roles folded into one participant, and a sample', async () => {
    expect(cluster.scaleMode).toBe(true);
    const html = await render(cluster, ['en-US']);
    expect(html).toContain('data-testid="sequence-rates"');
    expect(html).toContain('data-testid="sequence-sample"');
    // Every node's kubelet is one participant, named for all of them (the control plane's too: the window reaches back into the boot's last Pods).
    const table = html.slice(html.indexOf('data-testid="sequence-rates"'), html.indexOf('data-testid="sequence-sample"'));
    expect(table).toContain('kubelet (from 4 nodes)');
    expect(table).toContain('CRI runtime (from 3 nodes)');
    expect(table).not.toContain('kubelet (node-');
    expect(html).toMatch(/messages\/s in all/);
    // No message table at scale.
    expect(html).not.toContain('data-testid="sequence"');
  });

  it('speaks Chinese', async () => {
    const html = await render(cluster, ['zh-CN']);
    expect(html).toContain('每秒');
    expect(html).toContain('kubelet（来自 4 个节点）');
  });

  it('at classroom size keeps the message table', async () => {
    const html = await render(scaleRun('off'), ['en-US']);
    expect(html).toContain('data-testid="sequence"');
    expect(html).not.toContain('data-testid="sequence-rates"');
  });
});

describe('rates as the page writes numbers', () => {
  it('groups thousands like the node grid beside it, whole from 10 up, one decimal below', () => {
    expect(rate(8444.4, 'en-US')).toBe('8,444');
    expect(rate(12_345.6, 'zh-CN')).toBe('12,346');
    expect(rate(42.4, 'en-US')).toBe('42');
    expect(rate(0.25, 'en-US')).toBe('0.3');
  });
});
