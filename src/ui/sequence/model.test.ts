import { describe, expect, it } from 'vitest';
import { CLASSIFY_LOOKBACK, cursorIndex, objectMatches, toSequence, type SequenceOptions } from './model';
import { goApiRun, records, type RawRecord } from './testdata.testing';

const run = goApiRun();
const GO_API_TRACE = run.trace;
const NODE = run.hops.sandbox.from.split('/')[1]!;

const ALL: SequenceOptions = { collapseApiserver: false, hideBackground: false };
const TIDY: SequenceOptions = { collapseApiserver: true, hideBackground: true };

describe('toSequence', () => {
  it('lists participants in the syllabus order, only those that appear', () => {
    const seq = toSequence(GO_API_TRACE, ALL);
    expect(seq.participants.map((p) => p.label)).toEqual([
      'kubectl',
      'kube-apiserver',
      'etcd',
      'Deployment controller',
      'ReplicaSet controller',
      'kube-controller-manager',
      'kube-scheduler',
      `kubelet (${NODE})`,
      `CRI runtime (${NODE})`,
      `CNI (${NODE})`,
    ]);
    const ids = new Set(seq.participants.map((p) => p.id));
    for (const m of seq.messages) expect(ids.has(m.from) && ids.has(m.to)).toBe(true);
  });

  it('orders many nodes naturally and HA apiservers next to each other', () => {
    const rec = (seq: number, from: string, to: string): RawRecord => ({
      seq,
      at: seq,
      from,
      to,
      kind: 'cri',
      detail: { service: 'RuntimeService', call: 'StartContainer', pod: { namespace: 'default', name: 'web' }, container: 'c' },
      summary: 'StartContainer c',
    });
    const seq = toSequence(
      records([rec(1, 'kubelet/node-10', 'container-runtime/node-10'), rec(2, 'kubelet/node-2', 'kube-apiserver-2'), rec(3, 'csi', 'kube-apiserver'), rec(4, 'user', 'kubectl')]),
      ALL,
    );
    expect(seq.participants.map((p) => p.id)).toEqual(['user', 'kubectl', 'kube-apiserver', 'kube-apiserver-2', 'kubelet/node-2', 'kubelet/node-10', 'container-runtime/node-10', 'csi']);
    expect(seq.participants[0]!.label).toBe('User');
  });

  it('keeps every hop in trace order, replies dashed and self-hops marked', () => {
    const seq = toSequence(GO_API_TRACE, ALL);
    expect(seq.messages).toHaveLength(GO_API_TRACE.length);
    expect(seq.messages.map((m) => m.seq)).toEqual(GO_API_TRACE.map((r) => r.seq));
    const byKind = (k: string) => seq.messages.filter((m) => m.kind === k);
    expect(byKind('response').every((m) => m.dashed)).toBe(true);
    expect(byKind('watch').every((m) => m.dashed)).toBe(true);
    expect(byKind('etcd-commit').every((m) => m.dashed)).toBe(true);
    expect(byKind('request').some((m) => m.dashed)).toBe(false);
    expect(byKind('authn').every((m) => m.self && m.from === 'kube-apiserver')).toBe(true);
    expect(seq.messages.find((m) => m.kind === 'cri')).toMatchObject({ from: `kubelet/${NODE}`, to: `container-runtime/${NODE}`, text: `RunPodSandbox default/${run.pod}`, dashed: false, self: false });
  });

  it('folds the apiserver stages into one self-message per request', () => {
    const seq = toSequence(GO_API_TRACE, { collapseApiserver: true, hideBackground: false });
    const stages = seq.messages.filter((m) => m.kind === 'stages');
    // The Deployment's GET and create, the ReplicaSet's and the Pod's create, the binding.
    expect(stages.map((m) => m.text)).toEqual([
      'authn, authz',
      'authn, authz, admission, validation',
      'authn, authz, admission, validation',
      'authn, authz, admission, validation',
      'authn, authz, validation',
    ]);
    expect(seq.messages.some((m) => m.kind === 'authn' || m.kind === 'validation')).toBe(false);
    // The POST of the Deployment: request, stages, etcd write, commit, response.
    const records = run.requests.createDeployment;
    const post = seq.messages.filter((m) => m.seq >= records[0]!.seq && m.seq <= records.at(-1)!.seq);
    expect(post.map((m) => m.kind)).toEqual(['request', 'stages', 'etcd-write', 'etcd-commit', 'response']);
    const stagesOf = records.filter((r) => r.kind !== 'request' && r.from === r.to);
    expect(post[1]).toMatchObject({ seq: stagesOf[0]!.seq, lastSeq: stagesOf.at(-1)!.seq, from: 'kube-apiserver', to: 'kube-apiserver', self: true, dashed: false });
  });

  it('hides Events and Lease renewals as background', () => {
    const kinds = (o: SequenceOptions) => new Set(toSequence(GO_API_TRACE, o).messages.map((m) => m.kind));
    expect(kinds(ALL).has('event')).toBe(true);
    expect(kinds(ALL).has('lease')).toBe(true);
    expect(kinds(TIDY).has('event')).toBe(false);
    expect(kinds(TIDY).has('lease')).toBe(false);
    expect(toSequence(GO_API_TRACE, TIDY).participants.map((p) => p.id)).not.toContain('kube-controller-manager');
  });

  it('counts node heartbeats as background and keeps Warning Events in view', () => {
    const all = run.all;
    const heartbeat = all.find((r) => r.kind === 'request' && r.from.startsWith('kubelet/') && r.detail.type === 'resource' && r.detail.resource === 'nodes');
    expect(heartbeat, 'a kubelet node status update within 20 s of the apply').toBeDefined();
    const hops = all.filter((r) => r.requestId === heartbeat!.requestId).map((r) => r.seq);
    expect(hops.length).toBeGreaterThanOrEqual(4);
    const shown = (o: SequenceOptions) => new Set(toSequence(all, o).messages.flatMap((m) => m.seqs));
    const tidy = shown(TIDY);
    expect(hops.filter((s) => tidy.has(s))).toEqual([]);
    expect(hops.every((s) => shown(ALL).has(s))).toBe(true);
    const nodeEvents = all.filter((r) => r.kind === 'watch' && r.object?.kind === 'Node').map((r) => r.seq);
    expect(nodeEvents.length).toBeGreaterThan(0);
    expect(nodeEvents.filter((s) => tidy.has(s))).toEqual([]);
    // The first readiness probes fail while the app starts: a Warning, which is news.
    const unhealthy = all.find((r) => r.kind === 'event' && 'reason' in r.detail && r.detail.reason === 'Unhealthy');
    expect(unhealthy && tidy.has(unhealthy.seq)).toBe(true);
    expect(all.filter((r) => r.kind === 'lease').some((r) => tidy.has(r.seq))).toBe(false);
  });

  it('classifies a window of the trace as the whole trace does, given the records before it', () => {
    const all = run.all;
    const opts: SequenceOptions = { collapseApiserver: false, hideBackground: true };
    const whole = toSequence(all, opts).messages.map((m) => m.seq);
    for (let i = 1; i < all.length; i += 7) {
      const from = Math.max(0, i - CLASSIFY_LOOKBACK);
      const part = toSequence(all.slice(from, i + 300), opts, i - from).messages.map((m) => m.seq);
      const first = all[i]!.seq;
      const last = all[Math.min(all.length, i + 300) - 1]!.seq;
      expect(part, `window at record ${i}`).toEqual(whole.filter((s) => s >= first && s <= last));
    }
  });

  it('names what each message is to its receiver: a call, a reply, a watch event or internal work', () => {
    const { messages } = toSequence(GO_API_TRACE, ALL);
    const roleOf = (kind: string) => new Set(messages.filter((m) => m.kind === kind).map((m) => m.role));
    expect(roleOf('request')).toEqual(new Set(['call']));
    expect(roleOf('response')).toEqual(new Set(['reply']));
    expect(roleOf('etcd-commit')).toEqual(new Set(['reply']));
    expect(roleOf('watch')).toEqual(new Set(['watch-event']));
    expect(roleOf('authn')).toEqual(new Set(['self']));
    expect(roleOf('reconcile')).toEqual(new Set(['self']));
    // Replies and watch events go from kube-apiserver to the one who asked or watches.
    for (const m of messages.filter((x) => x.role === 'watch-event' || x.kind === 'response')) expect(m.from).toBe('kube-apiserver');
    const watch = run.hops.watchDeployment;
    expect(messages.find((m) => m.seq === watch.seq)).toMatchObject({ from: 'kube-apiserver', to: 'deployment-controller', dashed: true });
  });

  it("filters to one Pod's causal chain, including its generateName create", () => {
    const seq = toSequence(GO_API_TRACE, { ...ALL, object: { kind: 'Pod', namespace: 'default', name: run.pod } });
    const texts = seq.messages.map((m) => m.text);
    // The ReplicaSet controller's POST named only `go-api-568fb6b74-`: kept, with all its stages.
    expect(texts[0]).toBe('POST /api/v1/namespaces/default/pods');
    const create = run.requests.createPod;
    expect(seq.messages.filter((m) => m.seq >= create[0]!.seq && m.seq <= create.at(-1)!.seq)).toHaveLength(9);
    expect(texts).toContain(`watch ADDED pod default/${run.pod}`);
    expect(texts).toContain(`POST /api/v1/namespaces/default/pods/${run.pod}/binding`);
    expect(texts).toContain(`Readiness probe default/${run.pod} api: success`);
    // Nothing about the Deployment or ReplicaSet objects themselves.
    expect(texts.some((t) => t.includes('deployments') || t.includes('replicasets'))).toBe(false);
    expect(seq.participants.map((p) => p.id)).not.toContain('kubectl');
  });

  it('filters to a Deployment, including its reconciles', () => {
    const seq = toSequence(GO_API_TRACE, { ...TIDY, object: { kind: 'Deployment', namespace: 'default', name: 'go-api' } });
    expect(seq.messages.map((m) => m.kind)).toEqual([
      'request', 'stages', 'response', // GET → 404
      'request', 'stages', 'etcd-write', 'etcd-commit', 'response', // POST → 201
      'watch',
      'reconcile',
    ]);
    expect(seq.participants.map((p) => p.id)).toEqual(['kubectl', 'kube-apiserver', 'etcd', 'deployment-controller']);
  });

  it('matches generateName only as a prefix of a longer name of the same kind', () => {
    const gen = { kind: 'Pod', namespace: 'default', name: 'go-api-568fb6b74-' };
    expect(objectMatches(gen, { kind: 'Pod', namespace: 'default', name: 'go-api-568fb6b74-xfwr5' })).toBe(true);
    expect(objectMatches(gen, { kind: 'pod', name: 'go-api-568fb6b74-xfwr5' })).toBe(true);
    expect(objectMatches(gen, { kind: 'ReplicaSet', namespace: 'default', name: 'go-api-568fb6b74-xfwr5' })).toBe(false);
    expect(objectMatches(gen, { kind: 'Pod', namespace: 'other', name: 'go-api-568fb6b74-xfwr5' })).toBe(false);
    expect(objectMatches({ kind: 'Pod', name: 'go-api-568fb6b74-xfwr5' }, { kind: 'Pod', name: 'go-api-568fb6b74-' })).toBe(false);
  });
});

describe('toSequence: the OCI hop', () => {
  const pod = { namespace: 'default', name: 'web-1' };
  const trace = records([
    { seq: 1, at: 10, from: 'kubelet/node-1', to: 'container-runtime/node-1', kind: 'cri', detail: { service: 'RuntimeService', call: 'CreateContainer', pod, container: 'web' }, summary: 'CreateContainer web', object: { kind: 'Pod', ...pod } },
    { seq: 2, at: 12, from: 'container-runtime/node-1', to: 'runc/node-1', kind: 'oci', detail: { runtime: 'runc', op: 'create', id: 'a'.repeat(64), pod, container: 'web' }, summary: 'runc create', object: { kind: 'Pod', ...pod } },
    { seq: 3, at: 12, from: 'container-runtime/node-1', to: 'cni/node-1', kind: 'cni', detail: { op: 'DEL', pod }, summary: 'CNI DEL', object: { kind: 'Pod', ...pod } },
  ]);

  it('is a call to runc, ordered after the CRI runtime, at the detail level that shows apiserver stages', () => {
    const seq = toSequence(trace, ALL);
    expect(seq.participants.map((p) => p.label)).toEqual(['kubelet (node-1)', 'CRI runtime (node-1)', 'runc (node-1)', 'CNI (node-1)']);
    expect(seq.messages[1]).toMatchObject({ from: 'container-runtime/node-1', to: 'runc/node-1', kind: 'oci', role: 'call', dashed: false });
    const tidy = toSequence(trace, TIDY);
    expect(tidy.messages.map((m) => m.kind)).toEqual(['cri', 'cni']);
    expect(tidy.participants.map((p) => p.id)).not.toContain('runc/node-1');
  });
});

describe('cursorIndex', () => {
  it('finds the message showing a seq, even one folded into a collapsed stage', () => {
    const { messages } = toSequence(GO_API_TRACE, TIDY);
    expect(cursorIndex(messages, undefined)).toBe(messages.length - 1);
    const seqOf = (kind: string) => run.requests.createDeployment.find((r) => r.kind === kind)!.seq;
    expect(messages[cursorIndex(messages, seqOf('mutating-admission'))]!.kind).toBe('stages');
    expect(messages[cursorIndex(messages, seqOf('etcd-write'))]!.kind).toBe('etcd-write');
    expect(cursorIndex(messages, 1)).toBe(-1);
  });
});
