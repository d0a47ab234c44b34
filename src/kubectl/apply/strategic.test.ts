import { describe, expect, it } from 'vitest';
import { threeWayPatch } from '../../k8s/strategic-patch';
import { applyPatch } from './strategic';

describe('three-way apply patch', () => {
  const live = {
    metadata: { name: 'web', labels: { app: 'web', extra: 'x' }, annotations: { 'deployment.kubernetes.io/revision': '1' } },
    spec: {
      replicas: 3,
      template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1', imagePullPolicy: 'IfNotPresent' }, { name: 'side', image: 'busybox' }] } },
    },
  };

  it('is empty when nothing the manifest manages changed', () => {
    const manifest = { metadata: { name: 'web', labels: { app: 'web' } }, spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1' }, { name: 'side', image: 'busybox' }] } } } };
    expect(threeWayPatch(manifest, manifest, live)).toEqual({});
  });

  it('deletes fields removed from the manifest and keeps fields it never managed', () => {
    const original = { metadata: { name: 'web', labels: { app: 'web', tier: 'gone' } }, spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1' }, { name: 'side', image: 'busybox' }] } } } };
    const modified = { metadata: { name: 'web', labels: { app: 'web' } }, spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:2' }] } } } };
    const current = { ...live, metadata: { ...live.metadata, labels: { app: 'web', tier: 'gone', extra: 'x' } } };
    const patch = threeWayPatch(original, modified, current);
    expect(patch).toEqual({
      metadata: { labels: { tier: null } },
      // CreateThreeWayMergePatch states the merged list's order beside the change (SetElementOrder).
      spec: { replicas: null, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:2' }, { name: 'side', $patch: 'delete' }], '$setElementOrder/containers': [{ name: 'nginx' }] } } },
    });
    const result = applyPatch(current, patch) as typeof live;
    expect(result.metadata.labels).toEqual({ app: 'web', extra: 'x' });
    expect(result.spec.template.spec.containers).toEqual([{ name: 'nginx', image: 'nginx:2', imagePullPolicy: 'IfNotPresent' }]);
  });

  it('merges service ports by port', () => {
    const svc = (ports: object[]): Record<string, unknown> => ({ kind: 'Service', spec: { ports } });
    const m = svc([{ port: 80 }]);
    expect(threeWayPatch(m, m, svc([{ port: 80, protocol: 'TCP', targetPort: 80 }]))).toEqual({});
    const patch = threeWayPatch(m, svc([{ port: 81 }]), svc([{ port: 80, protocol: 'TCP' }]));
    expect(patch).toEqual({ spec: { ports: [{ port: 81 }, { port: 80, $patch: 'delete' }], '$setElementOrder/ports': [{ port: 81 }] } });
    expect(applyPatch(svc([{ port: 80, protocol: 'TCP' }]), patch)).toEqual(svc([{ port: 81 }]));
  });

  it('keeps a container added to the manifest where the manifest puts it (the patch says the order)', () => {
    const original = { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1' }] } } } };
    const modified = { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1' }, { name: 'log', image: 'busybox' }] } } } };
    const patch = threeWayPatch(original, modified, live);
    const result = applyPatch(live, patch) as typeof live;
    expect(result.spec.template.spec.containers.map((c) => c.name)).toEqual(['nginx', 'log', 'side']);
  });
});
