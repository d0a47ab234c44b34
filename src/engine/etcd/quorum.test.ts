import { describe, expect, it } from 'vitest';
import type { ComponentId } from '../core/ids';
import { stopComponent } from '../dispatch';
import { bootedCluster, configMap, failure, ok } from '../apiserver/apiserver.testing';
import { worldOf } from '../simulation';

const single = bootedCluster({ seed: 1 });
const ha = bootedCluster({ seed: 1, topology: 'ha' });

describe('etcd quorum', () => {
  it('times writes out without a quorum while reads are still served', () => {
    const sim = single();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('before') }));
    const revision = worldOf(sim).etcd.revision;
    stopComponent(worldOf(sim), 'etcd' as ComponentId);
    const e = failure(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('after') }));
    expect(e).toMatchObject({ code: 500, reason: '', message: 'etcdserver: request timed out' });
    expect(failure(sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'before' })).message).toBe('etcdserver: request timed out');
    expect(worldOf(sim).etcd.revision).toBe(revision);
    expect(ok(sim.request({ verb: 'get', resource: 'configmaps', namespace: 'default', name: 'before' })).metadata.name).toBe('before');
    const list = sim.request({ verb: 'list', resource: 'configmaps', namespace: 'default' });
    expect(list.ok && list.items?.map((c) => c.metadata.name)).toContain('before');
    const commit = worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-commit').at(-1)!;
    expect(commit.summary).toBe('error: etcdserver: request timed out');
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
    expect(sim.request({ verb: 'list', resource: 'pods', namespace: 'kube-system' }).ok).toBe(true);
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
