import { describe, expect, it } from 'vitest';
import type { ComponentId } from '../core/ids';
import { stopComponent } from '../dispatch';
import { bootedCluster, configMap, failure, ok } from '../apiserver/apiserver.testing';
import { worldOf } from '../simulation';

const single = bootedCluster({ seed: 1 });
const ha = bootedCluster({ seed: 1, topology: 'ha' });

describe('etcd quorum', () => {
  it('times writes out without a quorum', () => {
    const sim = single();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('before') }));
    const revision = worldOf(sim).etcd.revision;
    stopComponent(worldOf(sim), 'etcd' as ComponentId);
    const e = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('after') }));
    expect(e).toMatchObject({ code: 500, reason: '', message: 'etcdserver: request timed out' });
    expect(failure(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'before' })).message).toBe('etcdserver: request timed out');
    expect(worldOf(sim).etcd.revision).toBe(revision);
    const commit = worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-commit').at(-1)!;
    expect(commit.summary).toBe('error: etcdserver: request timed out');
  });

  it('times consistent reads out as writes, after the same wait; the watch cache still answers resourceVersion=0', () => {
    const sim = single();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('before') }));
    sim.injectFault('etcd');
    // A GET without a resourceVersion is etcd's to answer (CacheDelegator.Get → storage.Get).
    let before = sim.now;
    expect(failure(sim.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'before' }))).toMatchObject({ code: 500, reason: '', message: 'etcdserver: request timed out' });
    expect(sim.now - before).toBe(worldOf(sim).timings.etcdRequestTimeout);
    const records = worldOf(sim).trace.records;
    const read = records.find((r) => r.kind === 'etcd-read' && r.from === 'kube-apiserver' && r.object?.name === 'before')!;
    const hops = records.filter((r) => r.requestId === read.requestId && r.seq >= read.seq).map((r) => `${r.kind} ${r.from} -> ${r.to}: ${r.summary}`);
    expect(hops).toEqual([
      'etcd-read kube-apiserver -> etcd: Range /registry/configmaps/default/before',
      'etcd-commit etcd -> kube-apiserver: error: etcdserver: request timed out',
      expect.stringMatching(/^response kube-apiserver -> kubectl: 500/),
    ]);
    // A LIST without one is a consistent read: etcd's current revision first (ConsistentListFromCache).
    before = sim.now;
    expect(failure(sim.request({ verb: 'list', resource: 'configmaps', namespace: 'default' })).message).toBe('etcdserver: request timed out');
    expect(sim.now - before).toBe(worldOf(sim).timings.etcdRequestTimeout);
    expect(worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-read').at(-1)!.summary).toBe('Range /registry/configmaps');
    // resourceVersion=0 (a Reflector's list) and a not-older-than GET are the watch cache's alone.
    before = sim.now;
    const cached = sim.request({ verb: 'list', resource: 'configmaps', namespace: 'default', read: { resourceVersion: '0' } });
    expect(cached.ok && cached.items?.map((c) => c.metadata.name)).toContain('before');
    expect(ok(sim.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'before', read: { resourceVersion: '0' } })).metadata.name).toBe('before');
    expect(sim.now).toBe(before);
    // An exact list, or a continued one, is delegated to etcd (shouldDelegateList).
    expect(sim.request({ verb: 'list', resource: 'configmaps', read: { resourceVersion: '5', limit: 500 } }).ok).toBe(false);
    expect(sim.request({ verb: 'list', resource: 'configmaps', read: { limit: 500, continue: true } }).ok).toBe(false);
    // A Pod's log is found with a GET of the Pod first (getPod in LogLocation).
    const pod = sim.objects('pods').find((p) => p.metadata.namespace === 'kube-system')!;
    expect(failure(sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'kube-system', name: pod.metadata.name })).message).toBe('etcdserver: request timed out');
    // So is an exec's (ExecLocation); a field label the kind lacks is refused before any storage is asked.
    expect(failure(sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'kube-system', name: pod.metadata.name, execOptions: { command: ['true'] } })).message).toBe('etcdserver: request timed out');
    expect(failure(sim.request({ verb: 'list', resource: 'pods', fieldSelector: [{ field: 'spec.bogus', op: '=', value: 'x' }] })).code).toBe(400);
    // A TokenRequest stores nothing, but reads its ServiceAccount from etcd first.
    expect(failure(sim.request({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: 'default', name: 'default', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec: { audiences: [] } } as never })).message).toBe('etcdserver: request timed out');

    sim.healFault('etcd');
    sim.advance(2_000);
    expect(ok(sim.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'before' })).metadata.name).toBe('before');
    expect(sim.request({ verb: 'list', resource: 'configmaps', namespace: 'default' }).ok).toBe(true);
  });

  it('keeps informers fed from the watch cache: a Reflector relisting during the outage is answered', () => {
    const sim = single();
    sim.injectFault('etcd');
    // A restarted kube-scheduler lists everything at resourceVersion=0, then reads its Lease
    // with a GET etcd must answer: its informers sync, its leader election cannot.
    sim.injectFault('kube-scheduler');
    sim.healFault('kube-scheduler');
    sim.advance(5_000);
    const scheduler = worldOf(sim).components.get('kube-scheduler' as ComponentId) as unknown as { informers: Record<string, { synced: boolean; cache: Map<string, unknown> }> };
    const informers = Object.values(scheduler.informers);
    expect(informers.length).toBeGreaterThan(0);
    for (const inf of informers) expect(inf.synced).toBe(true);
    expect(informers.some((inf) => inf.cache.size > 0)).toBe(true);
    sim.healFault('etcd');
    sim.advance(2_000);
    const log = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'kube-system', name: 'kube-scheduler-control-plane' });
    expect(log.ok && log.text).toMatch(/E\d{4} .* leaderelection\.go:448\] error retrieving resource lock kube-system\/kube-scheduler: etcdserver: request timed out\n/);
  });

  it('survives the loss of one member of three, electing a new leader for the next write', () => {
    const sim = ha();
    const leader = worldOf(sim).etcd.leader!;
    const term = worldOf(sim).etcd.term;
    stopComponent(worldOf(sim), leader);
    const written = ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('still-ok') }));
    expect(written.metadata.resourceVersion).toBe(String(worldOf(sim).etcd.revision));
    expect(worldOf(sim).etcd.leader).not.toBe(leader);
    expect(worldOf(sim).etcd.term).toBe(term + 1);
    const election = worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-commit' && r.summary.startsWith('raft:')).at(-1);
    expect(election?.summary).toBe(`raft: ${worldOf(sim).etcd.leader} elected leader at term ${term + 1}`);
    const commit = worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-commit').at(-1)!;
    expect(commit.summary).toBe(`committed revision ${written.metadata.resourceVersion} (quorum 2/3)`);
  });

  it('loses writes with two of three members down', () => {
    const sim = ha();
    stopComponent(worldOf(sim), 'etcd-1' as ComponentId);
    stopComponent(worldOf(sim), 'etcd-2' as ComponentId);
    expect(failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('lost') })).message).toBe('etcdserver: request timed out');
    expect(failure(sim.request({ verb: 'list', resource: 'pods', namespace: 'kube-system' })).message).toBe('etcdserver: request timed out');
    expect(sim.request({ verb: 'list', resource: 'pods', namespace: 'kube-system', read: { resourceVersion: '0' } }).ok).toBe(true);
  });

  it('check-quorum: a leader cut off from its quorum steps down after an election timeout; writes then wait out ReqTimeout', () => {
    const sim = ha();
    const w = worldOf(sim);
    const leader = w.etcd.leader!;
    const term = w.etcd.term;
    for (const m of w.etcd.members) if (m.name !== leader) stopComponent(w, m.name);
    expect(w.etcd.leader).toBe(leader);
    sim.advance(w.timings.etcdElectionTimeout - 1);
    expect(w.etcd.leader).toBe(leader);
    sim.advance(1);
    expect(w.etcd.leader).toBeUndefined();
    const before = sim.now;
    expect(failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('lost') }))).toMatchObject({ code: 500, reason: '', message: 'etcdserver: request timed out' });
    // ReqTimeout = 5 s + 2 × the 1 s election timeout (etcd's ServerConfig.ReqTimeout).
    expect(sim.now - before).toBe(7000);
    // Pre-vote: the survivor's failed elections leave the term alone.
    expect(w.etcd.term).toBe(term);
    expect(w.etcd.leader).toBeUndefined();
  });

  it('keeps its leader when a quorum is still up', () => {
    const sim = ha();
    const w = worldOf(sim);
    const leader = w.etcd.leader!;
    stopComponent(w, w.etcd.members.find((m) => m.name !== leader)!.name);
    sim.advance(10_000);
    expect(w.etcd.leader).toBe(leader);
  });
});
