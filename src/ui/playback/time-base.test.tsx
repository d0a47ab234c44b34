/**
 * One time base everywhere: `sim why`, `sim trace`, the sequence view, the narration log and the
 * playback clock give the same `T+` for the same scheduling attempt — seconds since the cluster
 * was handed over, as the headless runner prints them (not since simulated time 0, which would
 * add the boot's seventeen-odd seconds).
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimBridge } from '../bridge/bridge';
import { inProcess, settle } from '../bridge/in-process.testing';
import { BridgeContext } from '../bridge/react';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { AriaNarrator } from '../narration/AriaNarrator';
import { SequenceView } from '../sequence/SequenceView';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { PlaybackBar } from './PlaybackBar';
import { timeLabel } from './time-label';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

const output = (store: ReturnType<typeof createAppStore>, id: number): string =>
  store
    .getState()
    .terminal.entries.find((e) => e.id === id)!
    .output.map((c) => c.text)
    .join('');

describe('time base', () => {
  it('sim why, sim trace, the sequence view, the narration and the playback clock agree on T+', async () => {
    const { factory } = inProcess();
    const store = createAppStore();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0, files: { 'go-api.yaml': GO_API } });
    bridge.start();
    await settle();
    bridge.pause();
    bridge.run('kubectl apply -f go-api.yaml');
    bridge.run('sim advance 20s');
    await settle();
    const tape = store.getState().cluster.tape!;
    const schedule = tape.records.find((r) => r.kind === 'schedule' && r.detail.result === 'scheduled')!;
    if (schedule.kind !== 'schedule') throw new Error('no scheduling decision');
    const pod = schedule.detail.pod.name;

    const why = bridge.run(`sim why pod/${pod}`);
    const trace = bridge.run('sim trace --all --kind schedule');
    await settle();
    const whyAt = output(store, why).match(/bound to node-\d at (T\+[\d.]+s)/)?.[1];
    const traceAt = output(store, trace)
      .split('\n')
      .find((l) => l.includes(`pod default/${pod}:`))
      ?.split(' ')[0];
    const { bootedAt } = store.getState().cluster;
    // The handover comes seconds after simulated 0 (the control plane boots first), so a label
    // counted from 0 would differ from one counted from the handover.
    expect(bootedAt).toBeGreaterThan(1_000);
    const label = timeLabel(schedule.at, bootedAt);
    expect(label).toMatch(/^T\+0\.\d{3}s$/);
    expect(whyAt).toBe(label);
    expect(traceAt).toBe(label);

    // The page at that moment: the sequence's current row, the newest narration line and the clock.
    bridge.seek(schedule.seq);
    // A server render reads a store's initial state: hand it the moment as one.
    const html = renderToStaticMarkup(
      <AppStoreContext.Provider value={createAppStore(store.getState())}>
        <LocaleContext.Provider value={createLocaleStore(undefined, ['en-US'])}>
          <BridgeContext.Provider value={bridge}>
            <PlaybackBar />
            <SequenceView />
            <AriaNarrator visible />
          </BridgeContext.Provider>
        </LocaleContext.Provider>
      </AppStoreContext.Provider>,
    );
    const current = html.match(/<tr[^>]*aria-current="step"[^>]*>.*?<\/tr>/)?.[0] ?? '';
    expect(current).toContain(`<td>${label}</td><td>kube-scheduler</td>`);
    expect(html).toContain(`Showing ${label} of`);
    expect(html).toMatch(new RegExp(`<li data-seq="${schedule.seq}" aria-current="step"><span class="narration-time">${label.replace(/[+.]/g, '\\$&')}</span> kube-scheduler chose`));
  });
});
