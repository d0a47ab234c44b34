import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { worldOf, type Simulation } from '../simulation';
import { currentPayload } from './atomic-writer';
import { formatMap, resourceFieldValue } from './downward-api';
import { bootCluster, createPod, getPod, podManifest, ready } from './kubelet.testing';
import { podVolumeKey } from './volume-data';
import { latestContainer, runtimeOf } from '../node/cri';

/** The files the Pod's volume shows now (read through `..data`), and their modes. */
function volumeFiles(sim: Simulation, pod: string, volume: string): { files: Record<string, string>; modes: Record<string, number> } {
  const uid = getPod(sim, pod)!.metadata.uid!;
  const layer = worldOf(sim).volumeData!.get(podVolumeKey(uid, volume))!;
  const ts = layer.links!['/..data']!;
  const modes: Record<string, number> = {};
  for (const [p, m] of Object.entries(layer.modes ?? {})) modes[p.slice(ts.length + 1)] = m;
  return { files: currentPayload(layer), modes };
}

function dapiPod(): Pod {
  const pod = podManifest('dapi', 'busybox:1.36', {
    container: { command: ['sleep', '3600'], resources: { requests: { cpu: '125m', memory: '32Mi' }, limits: { memory: '64Mi' } }, volumeMounts: [{ name: 'podinfo', mountPath: '/etc/podinfo' }] },
    spec: {
      volumes: [
        {
          name: 'podinfo',
          downwardAPI: {
            items: [
              { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
              { path: 'annotations', fieldRef: { fieldPath: 'metadata.annotations' } },
              { path: 'name', fieldRef: { fieldPath: 'metadata.name' } },
              { path: 'zone', fieldRef: { fieldPath: "metadata.labels['zone']" }, mode: 0o400 },
              { path: 'cpu_limit', resourceFieldRef: { containerName: 'api', resource: 'limits.cpu', divisor: '1m' } },
              { path: 'cpu_request', resourceFieldRef: { containerName: 'api', resource: 'requests.cpu' } },
              { path: 'mem_limit', resourceFieldRef: { containerName: 'api', resource: 'limits.memory', divisor: '1Mi' } },
            ],
          },
        },
      ],
    },
  });
  pod.metadata.labels = { zone: 'us-est-coast', cluster: 'test-cluster1' };
  pod.metadata.annotations = { builder: 'john "jd" doe\n' };
  return pod;
}

describe('downwardAPI volumes', () => {
  it('formats labels and annotations as fieldpath.FormatMap does: sorted key="value" lines, %q values, no last newline', () => {
    expect(formatMap({ zone: 'us-est-coast', cluster: 'test-cluster1', rack: 'rack-22' })).toBe('cluster="test-cluster1"\nrack="rack-22"\nzone="us-est-coast"');
    expect(formatMap({ a: 'tab\there "q" \\ é \x01' })).toBe('a="tab\\there \\"q\\" \\\\ é \\x01"');
    expect(formatMap({})).toBe('');
  });

  it('divides a container resource by its divisor rounding up, an unset limit being the node allocatable', () => {
    const pod = podManifest('p', 'busybox:1.36', { container: { resources: { requests: { cpu: '250m', memory: '100M' } } } });
    const alloc = { cpu: '2', memory: '4Gi' };
    expect(resourceFieldValue(pod, { containerName: 'api', resource: 'requests.cpu' }, alloc)).toEqual({ ok: true, value: '1' });
    expect(resourceFieldValue(pod, { containerName: 'api', resource: 'requests.cpu', divisor: '1m' }, alloc)).toEqual({ ok: true, value: '250' });
    expect(resourceFieldValue(pod, { containerName: 'api', resource: 'requests.memory', divisor: '1Mi' }, alloc)).toEqual({ ok: true, value: '96' });
    expect(resourceFieldValue(pod, { containerName: 'api', resource: 'limits.memory', divisor: '1Mi' }, alloc)).toEqual({ ok: true, value: '4096' });
    expect(resourceFieldValue(pod, { containerName: 'nope', resource: 'limits.cpu' }, alloc)).toEqual({ ok: false, error: 'container nope not found' });
  });

  it("writes the Pod's fields with the AtomicWriter, the kubelet's config annotations included, and rewrites them when labels change", () => {
    const sim = bootCluster();
    createPod(sim, dapiPod());
    sim.runUntil(() => ready(getPod(sim, 'dapi')) === 'True', 60_000);
    const { files, modes } = volumeFiles(sim, 'dapi', 'podinfo');
    expect(files['/labels']).toBe('cluster="test-cluster1"\nzone="us-est-coast"');
    expect(files['/annotations']).toMatch(/^builder="john \\"jd\\" doe\\n"\nkubernetes\.io\/config\.seen="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z"\nkubernetes\.io\/config\.source="api"$/);
    expect(files['/name']).toBe('dapi');
    expect(files['/zone']).toBe('us-est-coast');
    // node-1's allocatable cpu, in millicores, stands for the unset limit.
    expect(files['/cpu_limit']).toMatch(/^[1-9]\d*000$/);
    expect(files['/cpu_request']).toBe('1');
    expect(files['/mem_limit']).toBe('64');
    // defaultMode 0644 (SetDefaults_DownwardAPIVolumeSource), an item's own mode over it.
    expect(modes['/labels']).toBe(0o644);
    expect(modes['/zone']).toBe(0o400);

    sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'dapi', body: { metadata: { labels: { zone: 'us-west' } } } as never });
    sim.advance(2000);
    expect(volumeFiles(sim, 'dapi', 'podinfo').files['/labels']).toBe('cluster="test-cluster1"\nzone="us-west"');
  });

  it('gives environment variables the same resource values (dapi-envars-container.yaml), the container itself when containerName is empty', () => {
    const sim = bootCluster();
    const env = (name: string, resource: string, containerName?: string): unknown => ({ name, valueFrom: { resourceFieldRef: { resource, ...(containerName ? { containerName } : {}) } } });
    createPod(
      sim,
      podManifest('envs', 'busybox:1.36', {
        container: {
          command: ['sleep', '3600'],
          resources: { requests: { cpu: '125m', memory: '32Mi' }, limits: { cpu: '250m', memory: '64Mi' } },
          env: [env('MY_CPU_REQUEST', 'requests.cpu', 'api'), env('MY_CPU_LIMIT', 'limits.cpu'), env('MY_MEM_REQUEST', 'requests.memory'), env('MY_MEM_LIMIT', 'limits.memory', 'api')],
        },
      }),
    );
    sim.runUntil(() => ready(getPod(sim, 'envs')) === 'True', 60_000);
    const rt = runtimeOf(worldOf(sim), 'node-1')!;
    const c = latestContainer(rt, getPod(sim, 'envs')!.metadata.uid!, 'api')!;
    // The page's output: 1, 1, 33554432, 67108864.
    expect(c.config.env).toMatchObject({ MY_CPU_REQUEST: '1', MY_CPU_LIMIT: '1', MY_MEM_REQUEST: '33554432', MY_MEM_LIMIT: '67108864' });
  });

  it("refuses field paths a volume cannot project, in the apiserver's words", () => {
    const sim = bootCluster();
    const bad = (fieldPath: string): string => {
      const pod = podManifest('bad', 'busybox:1.36', { spec: { volumes: [{ name: 'v', downwardAPI: { items: [{ path: 'f', fieldRef: { fieldPath } }] } }] } });
      const r = sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod as never });
      return r.ok ? 'created' : r.error.message;
    };
    expect(bad('status.podIP')).toBe(
      'Pod "bad" is invalid: spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "status.podIP": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
    );
    expect(bad('metadata.foo')).toBe('Pod "bad" is invalid: spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: "metadata.foo": error converting fieldPath: field label not supported: metadata.foo');
    const projected = podManifest('bad', 'busybox:1.36', { spec: { volumes: [{ name: 'v', projected: { sources: [{ downwardAPI: { items: [{ path: 'f', fieldRef: { fieldPath: 'status.podIP' } }] } }] } }] } });
    const r = sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: projected as never });
    expect(r.ok ? 'created' : r.error.message).toBe(
      'Pod "bad" is invalid: spec.volumes[0].projected.sources[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "status.podIP": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
    );
    expect(bad("spec.nodeName['x']")).toBe(
      `Pod "bad" is invalid: spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: "spec.nodeName['x']": error converting fieldPath: field label does not support subscript: spec.nodeName['x']`,
    );
  });
});
