import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { ok } from '../apiserver/apiserver.testing';

function runtimeClass(name: string, handler: string): KObject {
  return { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name }, handler } as KObject;
}

function pod(name: string, runtimeClassName: string, nodeName?: string): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { runtimeClassName, ...(nodeName ? { nodeName } : {}), containers: [{ name: 'app', image: 'nginx:1.27' }] } } as KObject;
}

function sandboxFailures(sim: Simulation, name: string): string[] {
  return sim
    .objects<KObject & { involvedObject: { name: string }; reason: string; message: string }>('events')
    .filter((e) => e.involvedObject.name === name && e.reason === 'FailedCreatePodSandBox')
    .map((e) => e.message);
}

function phase(sim: Simulation, name: string): string {
  const p = sim.objects<Pod>('pods').find((x) => x.metadata.name === name);
  return `${p?.status?.phase}/${p?.status?.containerStatuses?.[0]?.state?.waiting?.reason ?? (p?.status?.containerStatuses?.[0]?.state?.running ? 'Running' : '')}`;
}

describe("the kubelet runs a Pod's sandbox with its RuntimeClass's handler", () => {
  it('runs a Pod whose class names runc, and leaves one naming gvisor in ContainerCreating with containerd\'s error', () => {
    const sim = new Simulation({ seed: 1 });
    ok(sim.request({ verb: 'create', resource: 'runtimeclasses', body: runtimeClass('runc-class', 'runc') }));
    ok(sim.request({ verb: 'create', resource: 'runtimeclasses', body: runtimeClass('gvisor', 'gvisor') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('plain', 'runc-class') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('sandboxed', 'gvisor') }));
    sim.advance(30_000);
    expect(phase(sim, 'plain')).toBe('Running/Running');
    expect(phase(sim, 'sandboxed')).toBe('Pending/ContainerCreating');
    const msgs = sandboxFailures(sim, 'sandboxed');
    expect(msgs.length).toBeGreaterThan(0);
    expect(msgs[0]).toMatch(/^Failed to create pod sandbox: rpc error: code = Unknown desc = unable to get OCI runtime for sandbox "[0-9a-f]{64}": no runtime for "gvisor" is configured$/);
  });

  it("answers with CRI-O's own message on a CRI-O node, and with the lister's NotFound once the class is gone", () => {
    const sim = new Simulation({ seed: 3, cluster: { runtime: 'mixed' } });
    ok(sim.request({ verb: 'create', resource: 'runtimeclasses', body: runtimeClass('gvisor', 'gvisor') }));
    ok(sim.request({ verb: 'create', resource: 'runtimeclasses', body: runtimeClass('crun', 'crun') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('on-crio', 'gvisor', 'node-3') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('crun', 'crun', 'node-3') }));
    sim.advance(1);
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('orphan', 'crun', 'node-1') }));
    ok(sim.request({ verb: 'delete', resource: 'runtimeclasses', name: 'crun' }));
    sim.advance(30_000);
    expect(sandboxFailures(sim, 'on-crio')[0]).toBe(
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to find runtime handler gvisor from runtime list map[crun:0xc0004a2b40 runc:0xc0004a2c80]',
    );
    expect(sandboxFailures(sim, 'orphan')[0]).toBe('Failed to create pod sandbox: runtimeclass.node.k8s.io "crun" not found');
    expect(phase(sim, 'orphan')).toBe('Pending/ContainerCreating');
  });

  it("runs a CRI-O sandbox whose class names runc under runc, its containers too, and crictl shows the handler", () => {
    const sim = new Simulation({ seed: 3, cluster: { runtime: 'mixed' } });
    ok(sim.request({ verb: 'create', resource: 'runtimeclasses', body: runtimeClass('runc-class', 'runc') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('on-runc', 'runc-class', 'node-3') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'on-default' }, spec: { nodeName: 'node-3', containers: [{ name: 'app', image: 'nginx:1.27' }] } } as KObject }));
    sim.advance(30_000);
    expect(phase(sim, 'on-runc')).toBe('Running/Running');
    const hops = (name: string): string[] =>
      worldOf(sim)
        .trace.records.filter((r) => r.kind === 'oci' && r.detail.pod.name === name)
        .map((r) => (r.kind === 'oci' ? `${r.to} ${r.detail.runtime} ${r.detail.op} ${r.detail.container ?? 'sandbox'}` : ''));
    expect(hops('on-runc')).toEqual(['runc/node-3 runc create sandbox', 'runc/node-3 runc start sandbox', 'runc/node-3 runc create app', 'runc/node-3 runc start app']);
    expect(hops('on-default')).toEqual(['crun/node-3 crun create sandbox', 'crun/node-3 crun start sandbox', 'crun/node-3 crun create app', 'crun/node-3 crun start app']);
    const r = sim.nodeShell('node-3', 'crictl pods');
    const rows = r.output.map((c) => c.text).join('').split('\n').filter((l) => / on-(runc|default) /.test(l));
    expect(rows.map((l) => l.replace(/^.* (on-\S+) +default +0 +(\S+)$/, '$1 $2')).sort()).toEqual(['on-default (default)', 'on-runc runc']);
  });
});
