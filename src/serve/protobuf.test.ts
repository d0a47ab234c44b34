import { describe, expect, it } from 'vitest';
import { decodeProtobuf, loadRoot, packageOf } from './protobuf';
import type { KObject } from '../k8s/types';

/** A body as client-go's protobuf serializer writes it: `k8s\0` + runtime.Unknown{typeMeta, raw}. */
function body(apiVersion: string, kind: string, pkg: string, fields: Record<string, unknown>): Uint8Array {
  const root = loadRoot();
  const type = root.lookupType(`${pkg}.${kind}`);
  const raw = type.encode(type.fromObject(fields)).finish();
  const unknown = root.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');
  const env = unknown.encode(unknown.fromObject({ typeMeta: { apiVersion, kind }, raw, contentEncoding: '', contentType: '' })).finish();
  return new Uint8Array([0x6b, 0x38, 0x73, 0x00, ...env]);
}

describe('decodeProtobuf', () => {
  it('spreads an embedded Go struct into its parent, as its json:",inline" tag does', () => {
    const bytes = body('networking.k8s.io/v1', 'Ingress', 'k8s.io.api.networking.v1', {
      metadata: { name: 'web' },
      spec: { rules: [{ host: 'web.example.com', ingressRuleValue: { http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } } }] },
    });
    const pod = body('v1', 'Pod', 'k8s.io.api.core.v1', {
      metadata: { name: 'p' },
      spec: { volumes: [{ name: 'data', volumeSource: { emptyDir: {} } }], containers: [{ name: 'c', image: 'nginx', readinessProbe: { handler: { httpGet: { path: '/ready', port: { type: 0, intVal: 8080 } } } } }] },
    });
    expect((decodeProtobuf(bytes) as { object: KObject }).object.spec).toEqual({
      rules: [{ host: 'web.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }],
    });
    const spec = (decodeProtobuf(pod) as { object: { spec: { volumes: unknown[]; containers: { readinessProbe: unknown }[] } } }).object.spec;
    expect(spec.volumes).toEqual([{ name: 'data', emptyDir: {} }]);
    expect(spec.containers[0]!.readinessProbe).toEqual({ httpGet: { path: '/ready', port: 8080 } });
  });

  it("keeps a projected ConfigMap's name and a pointer bool's explicit false (kubectl debug --copy-to's copied spec, the restricted profile)", () => {
    const pod = body('v1', 'Pod', 'k8s.io.api.core.v1', {
      metadata: { name: 'p' },
      spec: {
        shareProcessNamespace: false,
        volumes: [{ name: 'kube-api-access-x', volumeSource: { projected: { sources: [{ configMap: { localObjectReference: { name: 'kube-root-ca.crt' }, items: [{ key: 'ca.crt', path: 'ca.crt' }] } }] } } }],
        containers: [{ name: 'c', image: 'busybox', stdin: false, securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: true } }],
      },
    });
    const spec = (decodeProtobuf(pod) as { object: { spec: Record<string, unknown> } }).object.spec;
    expect(spec).toEqual({
      shareProcessNamespace: false,
      volumes: [{ name: 'kube-api-access-x', projected: { sources: [{ configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }] } }],
      // stdin is a plain bool: false is its zero value, dropped as omitempty drops it.
      containers: [{ name: 'c', image: 'busybox', securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: true } }],
    });
  });

  it('shapes a Deployment as the JSON its Go struct marshals to', () => {
    const bytes = body('apps/v1', 'Deployment', 'k8s.io.api.apps.v1', {
      metadata: { name: 'web', generateName: '', labels: { app: 'web' }, creationTimestamp: { seconds: 0, nanos: 0 } },
      spec: {
        replicas: 0,
        minReadySeconds: 0,
        selector: { matchLabels: { app: 'web' } },
        strategy: {},
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx', resources: { limits: { cpu: { string: '500m' } } }, ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
        },
      },
      status: {},
    });
    const decoded = decodeProtobuf(bytes);
    expect(decoded).toEqual({
      ok: true,
      object: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          // A pointer set to zero stays a request for zero replicas.
          replicas: 0,
          selector: { matchLabels: { app: 'web' } },
          strategy: {},
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx', resources: { limits: { cpu: '500m' } }, ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
          },
        },
        status: {},
      },
    });
  });

  it('writes IntOrString, Time and bytes as JSON does', () => {
    const svc = decodeProtobuf(body('v1', 'Service', 'k8s.io.api.core.v1', { metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: { type: 1, strVal: 'http' } }, { port: 81, targetPort: { type: 0, intVal: 8081 } }] } }));
    expect(svc.ok && svc.object.spec).toEqual({ ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8081 }] });
    const secret = decodeProtobuf(body('v1', 'Secret', 'k8s.io.api.core.v1', { metadata: { name: 'x', creationTimestamp: { seconds: 1756717217 } }, data: { p: Buffer.from('q') } }));
    expect(secret.ok && secret.object).toMatchObject({ metadata: { name: 'x', creationTimestamp: '2025-09-01T09:00:17Z' }, data: { p: 'cQ==' } });
  });

  it('refuses a body without the protobuf prefix, and a kind it has no message for', () => {
    expect(decodeProtobuf(new TextEncoder().encode('{"kind":"Pod"}')).ok).toBe(false);
    const root = loadRoot();
    const unknown = root.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');
    const env = unknown.encode(unknown.fromObject({ typeMeta: { apiVersion: 'example.com/v1', kind: 'Widget' } })).finish();
    expect(decodeProtobuf(new Uint8Array([0x6b, 0x38, 0x73, 0x00, ...env]))).toEqual({ ok: false, message: 'no kind "Widget" is registered for version "example.com/v1" in scheme "pkg/runtime/scheme.go:100"' });
  });

  it('finds a built-in group by its first label: kubectl create rolebinding sends rbac.authorization.k8s.io/v1', () => {
    expect(packageOf('rbac.authorization.k8s.io/v1')).toBe('k8s.io.api.rbac.v1');
    expect(packageOf('flowcontrol.apiserver.k8s.io/v1')).toBe('k8s.io.api.flowcontrol.v1');
    expect(packageOf('v1')).toBe('k8s.io.api.core.v1');
    const bytes = body('rbac.authorization.k8s.io/v1', 'RoleBinding', 'k8s.io.api.rbac.v1', {
      metadata: { name: 'readers', namespace: 'default' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' }],
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
    });
    const decoded = decodeProtobuf(bytes);
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && decoded.object).toMatchObject({ kind: 'RoleBinding', roleRef: { kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'User', name: 'alice' }] });
  });

  it('decodes an autoscaling/v2 HorizontalPodAutoscaler, as kubectl autoscale sends it', () => {
    const bytes = body('autoscaling/v2', 'HorizontalPodAutoscaler', 'k8s.io.api.autoscaling.v2', {
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxReplicas: 3,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
      },
    });
    const decoded = decodeProtobuf(bytes);
    expect(decoded.ok && decoded.object).toMatchObject({
      kind: 'HorizontalPodAutoscaler',
      spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { averageUtilization: 50 } } }] },
    });
  });
});
