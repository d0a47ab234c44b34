/** Static render (no DOM) of the sequence view from a store holding a real trace, in both languages. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { createLocaleStore } from '../i18n/locale';
import { LocaleContext } from '../i18n/react';
import { initialClusterState } from '../store/cluster';
import { AppStoreContext } from '../store/react';
import { createAppStore } from '../store/store';
import { initialLessonsState } from '../lessons/state';
import { SequenceView, type SequenceViewProps } from './SequenceView';
import { goApiRun } from './testdata.testing';

const run = goApiRun();
const GO_API_TRACE = run.trace;

const deployment: KObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'go-api', namespace: 'default' } };

function render(props: SequenceViewProps, languages = ['en-US'], trace = GO_API_TRACE, focusSeqs: number[] = []): string {
  const store = createAppStore({
    cluster: { ...initialClusterState, loaded: true, trace, bootedAt: run.bootedAt, objects: new Map([['deployments/default/go-api', deployment]]) },
    lessons: { ...initialLessonsState, focusSeqs },
  });
  return renderToStaticMarkup(
    <AppStoreContext.Provider value={store}>
      <LocaleContext.Provider value={createLocaleStore(undefined, languages)}>
        <SequenceView {...props} />
      </LocaleContext.Provider>
    </AppStoreContext.Provider>,
  );
}

const rowOf = (html: string, needle: string): string => {
  const at = html.indexOf(needle);
  expect(at).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<tr', at), html.indexOf('</tr>', at));
};

describe('SequenceView', () => {
  it('lists every message as text, apiserver stages folded and background hidden by default', () => {
    const html = render({});
    expect(html).toContain('>Sequence</h2>');
    const post = run.requests.createDeployment[0]!;
    // Time counts from the handover of the cluster, as `sim trace` prints it.
    expect(rowOf(html, 'POST /apis/apps/v1/namespaces/default/deployments<')).toContain(`<td>T+${((post.at - run.bootedAt) / 1000).toFixed(3)}s</td><td>kubectl</td><td>→ kube-apiserver</td>`);
    // Replies and watch events point from kube-apiserver (From) to the one who asked or watches (To).
    expect(rowOf(html, '201 Created deployment/go-api')).toMatch(/<td>kube-apiserver<\/td><td>⇢ kubectl<span class="sequence-marker"> \(reply\)<\/span><\/td>/);
    expect(rowOf(html, 'watch ADDED deployment default/go-api')).toMatch(/<td>kube-apiserver<\/td><td>⇢ Deployment controller<span class="sequence-marker"> \(watch event\)<\/span><\/td>/);
    // The whole message, with the same text as its title.
    expect(rowOf(html, 'POST /apis/apps/v1/namespaces/default/deployments<')).toContain('<td class="sequence-text" title="POST /apis/apps/v1/namespaces/default/deployments">');
    expect(html).toContain('authn, authz, admission, validation');
    expect(html).not.toContain('RBAC: allowed');
    expect(html).not.toContain('Event Normal');
    expect(html).toContain('<option value="Deployment/default/go-api">deployment/go-api (default)</option>');
    expect(html).toContain('Copy as mermaid');
    expect(html).not.toContain('<svg');
  });

  it('marks the latest message current by default, and the cursor message when given', () => {
    const latest = rowOf(render({}), 'aria-current="step"');
    expect(latest).toContain(`Readiness probe default/${run.pod} api: success`);
    expect(latest).toContain('(current)');
    // The POST's mutating-admission record is folded into its stages message.
    const mutating = run.requests.createDeployment.find((r) => r.kind === 'mutating-admission')!.seq;
    const atCursor = rowOf(render({ cursorSeq: mutating }), 'aria-current="step"');
    expect(atCursor).toContain('authn, authz, admission, validation');
    expect(atCursor).toContain('internal, current');
    expect(render({ cursorSeq: mutating }).match(/aria-current/g)).toHaveLength(1);
  });

  it("marks the rows a lesson step points at, in words as well as colour", () => {
    const bind = run.requests.bind.find((r) => r.kind === 'request')!;
    const html = render({}, ['en-US'], GO_API_TRACE, [bind.seq]);
    const row = rowOf(html, `POST /api/v1/namespaces/default/pods/${run.pod}/binding`);
    expect(row).toContain('class="focus"');
    expect(row).toContain('(lesson focus)');
    expect(html.match(/class="focus"|class="current focus"/g)).toHaveLength(1);
  });

  it('speaks Chinese and shows the empty state', () => {
    const html = render({}, ['zh-CN'], []);
    expect(html).toContain('>时序</h2>');
    expect(html).toContain('还没有消息');
    expect(html).toContain('复制为 mermaid');
    expect(html).not.toContain('Copy as mermaid');
  });
});
