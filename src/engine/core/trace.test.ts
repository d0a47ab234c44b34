/**
 * The trace contract (core/trace.ts): every record of a real run carries a detail that is plain
 * JSON, agrees with the rest of the record and with the cluster, and is what its summary says.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { healFault, injectFault } from '../faults';
import { Simulation, worldOf } from '../simulation';
import type { TraceKind, TraceRecord } from './trace';
import { summarize } from './trace-summary';

const GO_API = parse(readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8')) as KObject;

/** go-api applied as kubectl would (GET, then create), scaled, a Pod deleted, health checks and faults. */
function run(): { sim: Simulation; records: TraceRecord[] } {
  const sim = new Simulation({ seed: 1 });
  const w = worldOf(sim);
  sim.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'go-api' });
  sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: GO_API, fieldValidation: 'Strict' });
  sim.advance(40_000);
  sim.rawRequest('/readyz?verbose');
  sim.rawRequest('/nope');
  sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'go-api', body: { spec: { replicas: 4 } } as unknown as KObject });
  sim.advance(20_000);
  const victim = sim.objects('pods').find((p) => p.metadata.namespace === 'default')!;
  sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: victim.metadata.name! });
  injectFault(w, 'kube-scheduler');
  sim.advance(2_000);
  healFault(w, 'kube-scheduler');
  injectFault(w, 'latency/kube-scheduler', { delayMs: 1500 });
  injectFault(w, 'watch-drop/kube-controller-manager');
  sim.advance(5_000);
  healFault(w, 'watch-drop/kube-controller-manager');
  healFault(w, 'latency/kube-scheduler');
  sim.advance(30_000);
  return { sim, records: sim.traceSince(0) };
}

const { sim, records } = run();

function lastOf(pred: (r: TraceRecord) => boolean): TraceRecord | undefined {
  for (let i = records.length - 1; i >= 0; i--) if (pred(records[i]!)) return records[i];
  return undefined;
}

const METHOD = { get: 'GET', list: 'GET', watch: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETE' } as const;

/** Whether `v` is JSON data: no undefined, functions, NaN or class instances anywhere. */
function plainJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(plainJson);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) return Object.values(v).every(plainJson);
  return false;
}

/** Checks one record's detail against the rest of the record; exhaustive, so a new kind must say what it guarantees. */
function checkDetail(r: TraceRecord): void {
  const at = `#${r.seq} ${r.kind}: ${r.summary}`;
  switch (r.kind) {
    case 'request': {
      const d = r.detail;
      expect(d.user, at).not.toBe('');
      if (d.type === 'non-resource') {
        expect(d.path.startsWith('/') && !d.path.startsWith('/api'), at).toBe(true);
        break;
      }
      expect(d.method, at).toBe(METHOD[d.verb]);
      // The path is exactly the detail's parts: group/version, namespace, resource, name, subresource.
      const base = d.group ? `/apis/${d.group}/${d.version}` : `/api/${d.version}`;
      const path = `${base}${d.namespace ? `/namespaces/${d.namespace}` : ''}/${d.resource}${d.name ? `/${d.name}` : ''}${d.subresource ? `/${d.subresource}` : ''}`;
      expect(d.path, at).toBe(path);
      expect(resourceInfo(d.resource)?.kind, at).toBe(r.object?.kind);
      if (d.name) expect(r.object?.name, at).toBe(d.name);
      if (d.namespace) expect(r.object?.namespace, at).toBe(d.namespace);
      break;
    }
    case 'authn':
      expect(r.detail.user, at).not.toBe('');
      break;
    case 'authz':
      expect(r.detail.verb, at).not.toBe('');
      // A resource (`pods`, `pods/status`), or a non-resource request's path (`/readyz`).
      if (!r.detail.resource.startsWith('/')) expect(r.detail.resource.split('/')[0], at).toBe(resourceInfo(r.detail.resource.split('/')[0]!)?.resource);
      break;
    case 'mutating-admission':
    case 'validation':
    case 'validating-admission':
      if (r.detail.result === 'rejected') expect(r.detail.message, at).not.toBe('');
      if (r.detail.result === 'mutated') expect(r.detail.plugins.length, at).toBeGreaterThan(0);
      break;
    case 'etcd-write': {
      const o = r.object!;
      const resource = resourceInfo(r.detail.key.split('/')[2]!)?.resource;
      expect(r.detail.key, at).toBe(`/registry/${resource}/${o.namespace ? `${o.namespace}/` : ''}${o.name}`);
      break;
    }
    case 'etcd-commit': {
      const d = r.detail;
      if (d.type === 'committed') {
        expect(d.revision, at).toBe(Number(r.resourceVersion));
        expect(d.quorum >= 1 && d.quorum <= d.members, at).toBe(true);
      } else if (d.type === 'failed') expect(d.error, at).not.toBe('');
      else if (d.type === 'restored') expect(d.revision, at).toBeGreaterThanOrEqual(d.snapshotRevision);
      else expect(d.term, at).toBeGreaterThan(0);
      break;
    }
    case 'response': {
      const d = r.detail;
      if (d.type === 'network') {
        expect(d.error, at).not.toBe('');
        break;
      }
      expect(d.code >= 200 && d.code < 600, at).toBe(true);
      // Only a failure carries a Status message (a health check's 500 carries none).
      if (d.code < 400) expect(d.message, at).toBeUndefined();
      if (d.object) expect(d.object, at).toEqual(r.object);
      if (d.items !== undefined) expect(d.items, at).toBeGreaterThanOrEqual(0);
      break;
    }
    case 'watch':
      if (r.detail.type === 'event') expect(resourceInfo(r.detail.resource)?.kind, at).toBe(r.object?.kind);
      else expect(r.detail.watches, at).toBeGreaterThan(0);
      break;
    case 'reconcile': {
      const d = r.detail;
      if (d.type === 'resync') expect(d.objects, at).toBeGreaterThan(0);
      else expect(d.key, at).not.toBe('');
      if (d.type === 'sync') expect(d.desired === undefined, at).toBe(d.actual === undefined);
      if (d.type === 'error') expect(d.requeueAfterMs, at).toBeGreaterThan(0);
      break;
    }
    case 'schedule': {
      const d = r.detail;
      expect(d.pod, at).toEqual({ namespace: r.object?.namespace, name: r.object?.name });
      expect(d.evaluated <= d.total, at).toBe(true);
      if (d.result === 'unschedulable') {
        expect(d.message, at).not.toBe('');
        break;
      }
      expect(d.feasible, at).toBeGreaterThan(0);
      expect(d.scores.length <= Math.min(5, d.feasible), at).toBe(true);
      expect(d.scores.map((s) => s.score), at).toEqual([...d.scores.map((s) => s.score)].sort((a, b) => b - a));
      break;
    }
    case 'cri': {
      const d = r.detail;
      expect(d.service, at).toBe(d.call === 'PullImage' ? 'ImageService' : 'RuntimeService');
      if ('pod' in d) expect({ kind: 'Pod', ...d.pod }, at).toEqual(r.object);
      break;
    }
    case 'cni':
      if ('ip' in r.detail) expect(r.detail.ip, at).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      if (r.detail.op !== 'config' && r.detail.op !== 'policy-sync') expect({ kind: 'Pod', ...r.detail.pod }, at).toEqual(r.object);
      break;
    case 'csi':
      expect(r.detail.volume, at).not.toBe('');
      break;
    case 'probe':
      expect({ kind: 'Pod', ...r.detail.pod }, at).toEqual(r.object);
      if (r.detail.result === 'success') expect(r.detail.message, at).toBeUndefined();
      break;
    case 'event':
    case 'lease':
      // A named Lease or Event lives in a namespace; a LIST across namespaces names neither.
      if ('namespace' in r.detail && r.detail.name !== '') expect(r.detail.namespace, at).not.toBe('');
      break;
    case 'process':
      if (r.detail.pod) expect({ kind: 'Pod', ...r.detail.pod }, at).toEqual(r.object);
      break;
    case 'pleg':
      if (r.detail.pod) expect({ kind: 'Pod', ...r.detail.pod }, at).toEqual(r.object);
      expect(r.detail.events.length, at).toBeGreaterThan(0);
      break;
    case 'fault': {
      const injects = ['stop', 'power-off', 'partition', 'delay', 'drop'].includes(r.detail.action);
      expect(r.detail.active, at).toBe(injects);
      expect(r.to, at).toBe(r.detail.target);
      break;
    }
    case 'etcd-read':
      expect(r.detail.key, at).toMatch(/^\/registry\//);
      break;
    case 'proxy':
      if (r.detail.type === 'sync') expect(r.detail.services, at).toBeGreaterThanOrEqual(0);
      break;
    case 'oci':
      expect({ kind: 'Pod', ...r.detail.pod }, at).toEqual(r.object);
      expect(r.to, at).toBe(`${r.detail.runtime}/${r.from.slice('container-runtime/'.length)}`);
      expect(r.detail.id, at).toMatch(/^[0-9a-f]{64}$/);
      break;
    default: {
      const never: never = r;
      throw new Error(`unchecked record ${JSON.stringify(never)}`);
    }
  }
}

describe('trace records carry typed details', () => {
  it('covers the go-api story and the faults', () => {
    const kinds = new Set(records.map((r) => r.kind));
    const expected: TraceKind[] = ['request', 'authn', 'authz', 'mutating-admission', 'validation', 'validating-admission', 'etcd-write', 'etcd-commit', 'response', 'watch', 'reconcile', 'schedule', 'cri', 'cni', 'probe', 'event', 'lease', 'fault', 'proxy'];
    expect([...kinds].sort()).toEqual(expect.arrayContaining(expected.sort()));
  });

  it('every detail is plain JSON, consistent with its record, and what the summary says', () => {
    for (const r of records) {
      expect(plainJson(r.detail), `#${r.seq} ${r.kind}`).toBe(true);
      checkDetail(r);
      expect(summarize(r), `#${r.seq}`).toBe(r.summary);
    }
  });

  it('a Pod is bound to the node its last schedule record selected', () => {
    const pods = sim.objects('pods') as Pod[];
    let checked = 0;
    for (const pod of pods) {
      const last = lastOf((r) => r.kind === 'schedule' && r.detail.pod.name === pod.metadata.name && r.detail.pod.namespace === pod.metadata.namespace);
      if (last?.kind !== 'schedule' || last.detail.result !== 'scheduled') continue;
      expect(pod.spec.nodeName, pod.metadata.name).toBe(last.detail.selected);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('a commit is the revision its object was stored at, and its request and response share the request id', () => {
    const deployment = sim.objects('deployments').find((d) => d.metadata.name === 'go-api')!;
    const commit = lastOf((r) => r.kind === 'etcd-commit' && r.detail.type === 'committed' && r.object?.kind === 'Deployment' && r.object.name === 'go-api');
    expect(commit?.kind === 'etcd-commit' && commit.detail.type === 'committed' ? String(commit.detail.revision) : undefined).toBe(deployment.metadata.resourceVersion);
    const request = records.find((r) => r.kind === 'request' && r.requestId === commit?.requestId);
    const response = records.find((r) => r.kind === 'response' && r.requestId === commit?.requestId);
    expect(request!.seq < commit!.seq && commit!.seq < response!.seq).toBe(true);
  });

  it("the ReplicaSet and Deployment controllers' reconciles say what they want and what they found", () => {
    const counted = (controller: string) =>
      records.flatMap((r) => (r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.controller === controller && r.detail.key === 'default/go-api' ? [r.detail] : []));
    const deployments = counted('deployment');
    expect(deployments[0]).toMatchObject({ desired: 3, actual: 0 });
    expect(deployments.some((d) => d.desired === 3 && d.actual === 3)).toBe(true);
    expect(deployments.at(-1)).toMatchObject({ desired: 4, actual: 4 });
    const rs = records.flatMap((r) => (r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.controller === 'replicaset' && r.detail.key.startsWith('default/go-api-') ? [r.detail] : []));
    expect(rs[0]).toMatchObject({ desired: 3, actual: 0 });
    expect(rs.at(-1)).toMatchObject({ desired: 4, actual: 4 });
  });

  it('a fault names its target and what it does, latency with its direction and delay', () => {
    const faults = records.flatMap((r) => (r.kind === 'fault' ? [r.detail] : []));
    expect(faults).toEqual([
      { target: 'kube-scheduler', active: true, action: 'stop' },
      { target: 'kube-scheduler', active: false, action: 'start' },
      { target: 'latency/kube-scheduler', active: true, action: 'delay', direction: 'to', delayMs: 1500 },
      { target: 'watch-drop/kube-controller-manager', active: true, action: 'drop', direction: 'to' },
      { target: 'watch-drop/kube-controller-manager', active: false, action: 'undrop', direction: 'to' },
      { target: 'latency/kube-scheduler', active: false, action: 'undelay', direction: 'to' },
    ]);
    expect(records.some((r) => r.kind === 'watch' && r.detail.type === 'closed' && r.to === 'kube-controller-manager')).toBe(true);
  });

  it('the same seed gives the same records, details included', () => {
    expect(JSON.stringify(run().records)).toBe(JSON.stringify(records));
  });
});
