/**
 * The inspector's components rendered to static HTML from a store holding a real run, in both
 * languages: what a reader (or a screen reader) gets before any interaction.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { BridgeContext } from '../bridge/react';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { objectsOf, showAt, type ClusterState } from '../store/cluster';
import { initialConnectionState } from '../store/connection';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { EventsTable } from './EventsTable';
import { goApiScaled, run } from './fixture.testing';
import { Inspector } from './Inspector';
import { ObjectView } from './ObjectView';
import { writeHistory } from './writes';
import { inertBridge } from '../bridge/inert.testing';

const inert = inertBridge();

function render(ui: ReactElement, cluster: ClusterState, epochMs: number, languages = ['en-US']): string {
  const store = createAppStore({ cluster, connection: { ...initialConnectionState, status: 'ready', epochMs } });
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
        <BridgeContext.Provider value={inert}>{ui}</BridgeContext.Provider>
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

const text = (html: string): string => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&gt;/g, '>');

describe('Inspector', () => {
  const { state, epochMs } = goApiScaled();

  it('renders an ARIA tree with the user namespace open, one tab stop, and kube-system closed', () => {
    const html = render(<Inspector />, state, epochMs);
    expect(html).toContain('role="tree"');
    expect(html).toContain('aria-label="Cluster objects"');
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    expect(html).toMatch(/role="treeitem"[^>]*aria-level="1"[^>]*aria-selected="false"[^>]*aria-expanded="true"[^>]*tabindex="0"[^>]*data-key="namespaces\/default"/);
    expect(text(html)).toContain('Deployment go-api 2/2 ready');
    expect(html).toMatch(/aria-expanded="false"[^>]*data-key="namespaces\/kube-system"/);
    expect(html).not.toContain('kube-proxy-');
    expect(text(html)).toContain('Select an object in the tree');
  });

  it('translates its own words but not Kubernetes ones', () => {
    const html = text(render(<Inspector />, state, epochMs, ['zh-CN']));
    expect(html).toContain('对象');
    expect(html).toContain('节点');
    expect(html).toContain('Deployment go-api 2/2 ready');
  });
});

describe('ObjectView', () => {
  const { state, epochMs } = goApiScaled();
  const tape = state.tape!;
  const pod = objectsOf<Pod>(state.objects, 'pods').find((p) => p.metadata.namespace === 'default')!;
  const key = `pods/default/${pod.metadata.name}`;

  it('at the binding write: names kube-scheduler, marks the nodeName line, and lists the write in the history', () => {
    const binding = writeHistory(tape, key).find((w) => w.by === 'kube-scheduler')!;
    const at = showAt(state, binding.seq, binding.at);
    const html = render(<ObjectView objectKey={key} />, at, epochMs);
    // Counted from the handover of the cluster, as `sim trace` counts (not from simulated time 0).
    expect(state.bootedAt).toBeGreaterThan(0);
    expect(text(html)).toContain(`Changed at T+${((binding.at - state.bootedAt) / 1000).toFixed(3)}s by kube-scheduler (rv ${binding.resourceVersion})`);
    expect(text(html)).toContain('The timeline is at this write.');
    expect(html).toMatch(/<span class="insp-line insp-changed" data-changed="true"><span class="insp-badge">changed<\/span> {2}nodeName: node-\d\n<\/span>/);
    expect(html).toContain('<code>spec.nodeName</code>');
    expect(html).toMatch(/aria-current="step"[^>]*><span class="insp-time">T\+[\d.]+s<\/span> updated · kube-scheduler · rv \d+/);
    // Later writes are listed too, marked as after the moment shown.
    expect(text(html)).toContain('after the moment shown');
  });

  it('at the frontier a deleted Pod shows as deleted, with its last version and who deleted it', () => {
    const goneKey = tape.changes.find((c) => c.key.startsWith('pods/default/') && c.object === null)!.key;
    const html = text(render(<ObjectView objectKey={goneKey} />, state, epochMs));
    expect(html).toContain('Deleted at this moment.');
    expect(html).toMatch(/Deleted at T\+[\d.]+s by kubelet\/node-\d \(rv \d+\)/);
    expect(html).toContain('deletionTimestamp:');
    expect(html).toContain('Go to this write');
  });

  it('before the object existed it says so', () => {
    const early = showAt(state, tape.baseSeq, tape.baseNow);
    expect(text(render(<ObjectView objectKey={key} />, early, epochMs))).toContain('This object does not exist at this moment.');
  });
});

describe('NodeAwayNote (in ObjectView)', () => {
  const { state, epochMs } = run([{ command: 'kubectl apply -f go-api.yaml' }, { advance: 30_000 }, { command: 'sim fail kubelet/node-1' }, { advance: 90_000 }]);
  const pods = objectsOf<Pod>(state.objects, 'pods').filter((p) => p.metadata.namespace === 'default');
  const away = pods.find((p) => p.spec.nodeName === 'node-1')!;
  const fine = pods.find((p) => p.spec.nodeName !== 'node-1')!;

  it('explains a Pod on a node whose kubelet went away, in English and Chinese', () => {
    const en = text(render(<ObjectView objectKey={`pods/default/${away.metadata.name}`} />, state, epochMs));
    expect(en).toContain('Its node node-1 is NotReady');
    expect(en).toMatch(/The kubelet on node-1 stopped posting node status \(since T\+[\d.]+s\)\./);
    expect(en).toContain('kubectl still prints READY 1/1 and Running');
    expect(en).toMatch(/tolerates it for 300 s, so the taint-eviction controller deletes it at T\+[\d.]+s/);
    const zh = text(render(<ObjectView objectKey={`pods/default/${away.metadata.name}`} />, state, epochMs, ['zh-CN']));
    expect(zh).toContain('它所在的节点 node-1 处于 NotReady');
  });

  it('says nothing for a Pod whose node is Ready', () => {
    expect(render(<ObjectView objectKey={`pods/default/${fine.metadata.name}`} />, state, epochMs)).not.toContain('data-testid="node-away"');
  });
});

describe('EventsTable', () => {
  const { state, epochMs } = goApiScaled();

  it('prints kubectl get events columns for the default namespace, with Scheduled rows', () => {
    const html = render(<EventsTable />, state, epochMs);
    expect(text(html)).toContain('kubectl get events --sort-by=.lastTimestamp');
    expect(html).toContain('<th scope="col">LAST SEEN</th><th scope="col">TYPE</th><th scope="col">REASON</th><th scope="col">OBJECT</th><th scope="col">MESSAGE</th>');
    expect(html).not.toContain('NAMESPACE</th>');
    expect(html.match(/data-reason="Scheduled"/g)).toHaveLength(3);
    expect(html).toMatch(/<td>\d+s<\/td><td>Normal<\/td><td>Scheduled<\/td><td>pod\/go-api-\w+-\w{5}<\/td><td class="insp-message">Successfully assigned default\/go-api-\w+-\w{5} to node-\d<\/td>/);
  });

  it('prints kubectl’s own words when the namespace has no events', () => {
    const early = showAt(state, state.tape!.baseSeq, state.tape!.baseNow);
    const html = render(<EventsTable />, { ...early, objects: new Map([...early.objects].filter(([k]) => !k.startsWith('events/default/'))) }, epochMs);
    expect(text(html)).toContain('No resources found in default namespace.');
    expect(html).not.toContain('<table');
  });
});
