import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { resourceInfo } from '../../../k8s/resources';
import { storedObject } from '../storage';
import { bootedCluster, configMap, deployment, failure, ok, pod } from '../apiserver.testing';
import { decode } from '../../../k8s/go-structs/decode';
import { base64Error } from './base64';
import { base64Encode } from '../../../k8s/base64';
import { worldOf } from '../../simulation';

const cluster = bootedCluster();

function create(resource: string, body: unknown, extra: Record<string, unknown> = {}) {
  const sim = cluster();
  return { sim, res: sim.request({ verb: 'create', resource, namespace: 'default', body: body as KObject, ...extra }) };
}

describe('strict decoding', () => {
  it('lists every unknown field with its path, as kubectl --validate=strict sees it', () => {
    // Fields are reported in document order.
    const body = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        replica: 3,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', imagee: 'nginx' }] } },
      },
    };
    const e = failure(create('deployments', body).res);
    expect(e.code).toBe(400);
    expect(e.reason).toBe('BadRequest');
    expect(e.message).toBe(
      'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica", unknown field "spec.template.spec.containers[0].imagee"',
    );
  });

  it('stores every Quantity as its JSON round trip writes it: 0.5 is 500m, 1.5Gi is 1536Mi, a number a string', () => {
    const body = pod('q');
    body.spec.containers[0]!.resources = { limits: { cpu: '0.5', memory: '1.5Gi' }, requests: { cpu: 0.25 as never, memory: '1000Mi' } };
    body.spec.volumes = [{ name: 'scratch', emptyDir: { sizeLimit: '0.5Gi' } }];
    const { sim } = create('pods', body);
    const stored = storedObject(worldOf(sim), 'pods', 'default', 'q') as ReturnType<typeof pod>;
    expect(stored.spec.containers[0]!.resources).toEqual({ limits: { cpu: '500m', memory: '1536Mi' }, requests: { cpu: '250m', memory: '1000Mi' } });
    expect(stored.spec.volumes?.find((v) => v.name === 'scratch')?.emptyDir).toEqual({ sizeLimit: '512Mi' });
  });

  it('is case-sensitive, as Go struct tags are', () => {
    const e = failure(create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', Labels: { a: 'b' } } }).res);
    expect(e.message).toBe('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.Labels"');
  });

  it('drops unknown fields with a warning under fieldValidation=Warn, the client-go default', () => {
    const { sim, res } = create('configmaps', { ...configMap('c'), dta: { a: 'b' } }, { fieldValidation: 'Warn' });
    expect(res.ok && res.warnings).toEqual(['unknown field "dta"']);
    expect(storedObject(worldOf(sim), 'configmaps', 'default', 'c')).not.toHaveProperty('dta');
    const ignored = create('configmaps', { ...configMap('c'), dta: { a: 'b' } }, { fieldValidation: 'Ignore' }).res;
    expect(ignored.ok && ignored.warnings).toBeUndefined();
  });

  it('reports a PATCH with unknown fields as an invalid patch', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }));
    const e = failure(sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { replica: 3 } } as never }));
    expect(e.code).toBe(422);
    expect(e.message).toBe(' "" is invalid: patch: Invalid value: "map[spec:map[replica:3]]": strict decoding error: unknown field "spec.replica"');
    expect(e.details?.causes).toEqual([{ type: 'FieldValueInvalid', field: 'patch', message: 'Invalid value: "map[spec:map[replica:3]]": strict decoding error: unknown field "spec.replica"' }]);
  });
});

describe('type errors', () => {
  const cases: [string, string, unknown, string][] = [
    ['a string replica count', 'deployments', deployment('web', { replicas: 'three' }), 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'],
    ['a fractional replica count', 'deployments', deployment('web', { replicas: 1.5 }), 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32'],
    ['a number as a label value', 'configmaps', { ...configMap('c'), metadata: { name: 'c', labels: { version: 1.0 } } }, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string'],
    ['a port written as a string', 'pods', { ...pod('p'), spec: { containers: [{ name: 'a', image: 'a', ports: ['80'] }] } }, 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field Container.spec.containers.ports of type v1.ContainerPort'],
    ['a map where a list belongs', 'pods', { ...pod('p'), spec: { containers: [{ name: 'a', image: 'a', env: { A: 'b' } }] } }, 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal object into Go struct field Container.spec.containers.env of type []v1.EnvVar'],
    ['a list where a probe belongs', 'pods', { ...pod('p'), spec: { containers: [{ name: 'a', image: 'a', livenessProbe: [] }] } }, 'Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal array into Go struct field Container.spec.containers.livenessProbe of type v1.Probe'],
    ['a boolean targetPort', 'services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: true }] } }, 'Service in version "v1" cannot be handled as a Service: json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type int32'],
    ['a malformed memory quantity', 'pods', { ...pod('p'), spec: { containers: [{ name: 'a', image: 'a', resources: { limits: { memory: '1GB' } } }] } }, "Pod in version \"v1\" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    ['plain text in Secret data', 'secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { password: 'admin!' } }, 'Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 5'],
  ];
  for (const [what, resource, body, message] of cases) {
    it(`rejects ${what}`, () => {
      const e = failure(create(resource, body).res);
      expect(e).toMatchObject({ code: 400, reason: 'BadRequest', message });
    });
  }

  it('reports the type error, not the unknown fields, when both are present', () => {
    const e = failure(create('deployments', deployment('web', { replicas: 'x', replica: 2 })).res);
    expect(e.message).toContain('json: cannot unmarshal string');
  });

  it('decodes a null where a value belongs as the Go zero value, so validation answers as upstream', () => {
    const withContainer = (c: Record<string, unknown>): unknown => ({ ...pod('p'), spec: { containers: [{ name: 'c', image: 'busybox', ...c }] } });
    expect(failure(create('pods', withContainer({ image: null })).res).message).toContain('spec.containers[0].image: Required value');
    const both = failure(create('pods', withContainer({ ports: [null], env: [null] })).res).message;
    expect(both).toContain('spec.containers[0].ports[0].containerPort: Required value');
    expect(both).toContain('spec.containers[0].env[0].name: Required value');
    // A null quantity unmarshals as zero, which is a valid request.
    ok(create('pods', withContainer({ resources: { requests: { cpu: null } } })).res);
  });

  it('runs a Pod whose args and command are [null] ([""]) without an engine error: it fails to start, as runc would', () => {
    const { sim, res } = create('pods', { ...pod('p'), spec: { containers: [{ name: 'c', image: 'busybox', command: [null], args: [null] }] } });
    ok(res);
    const start = sim.now;
    sim.advance(60_000);
    expect(sim.now).toBe(start + 60_000);
    const stored = sim.objects('pods').find((p) => p.metadata.name === 'p') as { status?: { containerStatuses?: { restartCount: number }[] } } | undefined;
    expect(stored?.status?.containerStatuses?.[0]?.restartCount).toBeGreaterThan(0);
  });

  it('accepts null anywhere, as encoding/json does', () => {
    const body = { ...pod('p'), spec: { containers: [{ name: 'a', image: 'a', ports: null, resources: { limits: null } }], nodeSelector: null } };
    expect(decode(resourceInfo('pods')!, body as KObject)).toEqual({ unknown: [] });
  });
});

describe('empty lists and maps', () => {
  it('are stored as nil, as the protobuf round trip leaves them: gone under omitempty', () => {
    const body = {
      ...pod('p'),
      metadata: { name: 'p', labels: {}, annotations: {}, finalizers: [] },
      spec: { tolerations: [], nodeSelector: {}, containers: [{ name: 'c', image: 'nginx', args: [], env: [], ports: [], resources: { limits: {}, requests: {} } }] },
    };
    const stored = ok(create('pods', body).res) as unknown as { metadata: object; spec: { containers: object[]; nodeSelector?: object } };
    expect(stored.metadata).not.toHaveProperty('labels');
    expect(stored.metadata).not.toHaveProperty('annotations');
    expect(stored.metadata).not.toHaveProperty('finalizers');
    expect(stored.spec).not.toHaveProperty('nodeSelector');
    const c = stored.spec.containers[0]!;
    for (const f of ['args', 'env', 'ports']) expect(c).not.toHaveProperty(f);
    // ResourceRequirements is a struct, not a pointer: it stays, printed as {}.
    expect(c).toHaveProperty('resources', {});
    // Admission still adds the default tolerations to a list the manifest left empty.
    expect((stored.spec as { tolerations?: unknown[] }).tolerations).toHaveLength(2);
  });

  it('are null where the json tag has no omitempty', () => {
    const role = ok(create('roles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'none' }, rules: [] }).res);
    expect(role).toHaveProperty('rules', null);
  });

  it("leave an Event's zero firstTimestamp and lastTimestamp as null: metav1.Time held by value is always written", () => {
    const ev = ok(
      create('events', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'Tested', eventTime: '2025-09-01T09:00:00.000000Z', reportingComponent: 'me', reportingInstance: 'me-1', action: 'Test' }).res,
    );
    expect(ev).toHaveProperty('firstTimestamp', null);
    expect(ev).toHaveProperty('lastTimestamp', null);
  });

  it("leave a core/v1 Event's zero eventTime as null (a MicroTime held by value), and a zero count out (omitempty)", () => {
    const body = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'Tested', firstTimestamp: '2025-09-01T09:00:00Z', lastTimestamp: '2025-09-01T09:00:00Z', count: 0, source: { component: 'me', host: '' } };
    const ev = ok(create('events', body).res);
    expect(ev).toHaveProperty('eventTime', null);
    expect(ev).not.toHaveProperty('count');
    expect(ev).toHaveProperty('source', { component: 'me' });
    // A pointer time (ObjectMeta.deletionTimestamp) and an omitzero one (creationTimestamp) stay out.
    expect(ev.metadata).not.toHaveProperty('deletionTimestamp');
  });

  it('leave structs alone, empty or not: an empty selector and an empty rule keep their meaning', () => {
    const body = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'allow-all' },
      spec: { podSelector: { matchLabels: {} }, ingress: [{}], policyTypes: ['Ingress'] },
    };
    const np = ok(create('networkpolicies', body).res) as unknown as { spec: Record<string, unknown> };
    // The selector's empty map goes; the selector (select every Pod) stays, as does the one
    // empty rule (allow everything) — only the empty collection itself is nil.
    expect(np.spec['podSelector']).toEqual({});
    expect(np.spec['ingress']).toEqual([{}]);
  });
});

describe('zero scalars (value fields with omitempty)', () => {
  const app = (name: string): Record<string, unknown> => ({
    replicas: 0,
    paused: false,
    minReadySeconds: 0,
    revisionHistoryLimit: 0,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: {
        hostNetwork: false,
        hostPID: false,
        automountServiceAccountToken: false,
        terminationGracePeriodSeconds: 0,
        serviceAccountName: '',
        volumes: [{ name: 'cfg', configMap: { name: 'cfg', optional: false } }],
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            workingDir: '',
            stdin: false,
            tty: false,
            ports: [{ containerPort: 80, hostPort: 0 }],
            volumeMounts: [{ name: 'cfg', mountPath: '/etc/cfg', readOnly: false }],
            securityContext: { allowPrivilegeEscalation: false, privileged: false },
          },
        ],
      },
    },
  });

  it('are gone from the stored object; a pointer field keeps its explicit zero', () => {
    const { sim, res } = create('deployments', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: app('web') });
    ok(res);
    const stored = storedObject(worldOf(sim), 'deployments', 'default', 'web') as unknown as { spec: Record<string, unknown> & { template: { spec: Record<string, unknown> & { containers: Record<string, unknown>[] } } } };
    // DeploymentSpec.paused and minReadySeconds are values with omitempty; replicas and
    // revisionHistoryLimit are *int32.
    expect(stored.spec).not.toHaveProperty('paused');
    expect(stored.spec).not.toHaveProperty('minReadySeconds');
    expect(stored.spec).toHaveProperty('replicas', 0);
    expect(stored.spec).toHaveProperty('revisionHistoryLimit', 0);
    const ps = stored.spec.template.spec;
    expect(ps).not.toHaveProperty('hostNetwork');
    expect(ps).not.toHaveProperty('hostPID');
    expect(ps).toHaveProperty('automountServiceAccountToken', false);
    expect(ps).toHaveProperty('terminationGracePeriodSeconds', 0);
    expect(ps).toHaveProperty('volumes', [{ name: 'cfg', configMap: { name: 'cfg', optional: false, defaultMode: 420 } }]);
    const c = ps.containers[0]!;
    for (const f of ['workingDir', 'stdin', 'tty']) expect(c).not.toHaveProperty(f);
    // ContainerPort.containerPort has no omitempty, hostPort has; VolumeMount.readOnly is a value.
    expect(c['ports']).toEqual([{ containerPort: 80, protocol: 'TCP' }]);
    expect(c['volumeMounts']).toEqual([{ name: 'cfg', mountPath: '/etc/cfg' }]);
    // SecurityContext's booleans are all pointers.
    expect(c['securityContext']).toEqual({ allowPrivilegeEscalation: false, privileged: false });
  });

  it('leave a Service port without nodePort: 0, which a NodePort Service then allocates', () => {
    const svc = (name: string, type: string): unknown => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type, selector: { app: 'web' }, publishNotReadyAddresses: false, ports: [{ port: 80, nodePort: 0 }] } });
    const { sim, res } = create('services', svc('plain', 'ClusterIP'));
    ok(res);
    const plain = storedObject(worldOf(sim), 'services', 'default', 'plain') as unknown as { spec: { ports: Record<string, unknown>[] } };
    expect(plain.spec.ports[0]).not.toHaveProperty('nodePort');
    expect(plain.spec).not.toHaveProperty('publishNotReadyAddresses');
    const exposed = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('exposed', 'NodePort') as KObject })) as unknown as { spec: { ports: { nodePort?: number }[] } };
    expect(exposed.spec.ports[0]!.nodePort).toBeGreaterThanOrEqual(30000);
    expect(exposed.spec.ports[0]!.nodePort).toBeLessThanOrEqual(32767);
  });

  it('keep their type errors: a pointer field names its element type, as encoding/json does', () => {
    const bad = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { ...app('web'), paused: 0 } };
    expect(failure(create('deployments', bad).res).message).toBe('Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field DeploymentSpec.spec.paused of type bool');
  });
});

describe('base64', () => {
  it('finds the byte Go reports', () => {
    expect(base64Error('aGVsbG8=')).toBeUndefined();
    expect(base64Error('aGVs\nbG8=')).toBeUndefined();
    expect(base64Error('hello world')).toBe('illegal base64 data at input byte 5');
    expect(base64Error('aGVsbG8')).toBe('illegal base64 data at input byte 4');
    expect(base64Error('aG=x')).toBe('illegal base64 data at input byte 2');
  });

  it('encodes stringData the way the API stores it', () => {
    expect(base64Encode('hello')).toBe('aGVsbG8=');
    expect(base64Encode('é')).toBe('w6k=');
    const sim = cluster();
    const s = ok(sim.request({ verb: 'create', resource: 'secrets', namespace: 'default', body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { user: 'admin' } } as never }));
    expect(s['data']).toEqual({ user: 'YWRtaW4=' });
    expect(s).not.toHaveProperty('stringData');
    expect(s['type']).toBe('Opaque');
  });
});
