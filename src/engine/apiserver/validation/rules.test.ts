import { describe, expect, it } from 'vitest';
import type { KObject, Pod, Service } from '../../../k8s/types';
import { bootedCluster, deployment, failure, ok, pod } from '../apiserver.testing';
import type { StatusError } from '../status';

const cluster = bootedCluster();

/** The `field: detail` lines kubectl prints for a 422, in kube-apiserver's order. */
function causes(e: StatusError): string[] {
  expect(e.code).toBe(422);
  return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
}

function rejectCreate(resource: string, body: unknown, namespace: string | undefined = 'default'): StatusError {
  const sim = cluster();
  return failure(sim.request({ verb: 'create', resource, ...(namespace ? { namespace } : {}), body: body as KObject }));
}

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('object names and labels', () => {
  it('requires DNS-1123 subdomain names for most kinds', () => {
    const e = rejectCreate('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'My_Config' } });
    expect(e.message).toBe(`ConfigMap "My_Config" is invalid: metadata.name: Invalid value: "My_Config": ${SUBDOMAIN}`);
  });

  it('requires DNS-1123 labels for Namespaces and DNS-1035 labels for Services', () => {
    expect(rejectCreate('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team.a' } }, undefined).message).toBe(
      'Namespace "team.a" is invalid: metadata.name: Invalid value: "team.a": must not contain dots',
    );
    expect(causes(rejectCreate('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: '1web' }, spec: { ports: [{ port: 80 }] } }))).toEqual([
      "metadata.name: Invalid value: \"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });

  it('requires a name or generateName', () => {
    expect(causes(rejectCreate('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });

  it('checks label keys and values', () => {
    const e = rejectCreate('pods', { ...pod('p'), metadata: { name: 'p', labels: { 'my key': 'ok', app: 'has space' } } });
    expect(causes(e)).toEqual([
      "metadata.labels: Invalid value: \"my key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      "metadata.labels: Invalid value: \"has space\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
  });
});

describe('Pod validation', () => {
  it('requires containers, even when the spec is missing altogether', () => {
    expect(rejectCreate('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }).message).toBe('Pod "p" is invalid: spec.containers: Required value');
  });

  it('lists container mistakes in kube-apiserver order', () => {
    const body = pod('p', {
      restartPolicy: 'Sometimes' as never,
      containers: [
        {
          name: 'api',
          image: 'api:1',
          ports: [{ containerPort: 70000, name: 'metrics-endpoint-http' }],
          resources: { limits: { cpu: '1' }, requests: { cpu: '2' } },
          livenessProbe: { periodSeconds: 5 },
          volumeMounts: [{ name: 'data', mountPath: '/data' }],
        },
        { name: 'api' } as never,
      ],
    });
    expect(causes(rejectCreate('pods', body))).toEqual([
      'spec.containers[0].ports[0].name: Invalid value: "metrics-endpoint-http": must be no more than 15 characters',
      'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.containers[0].volumeMounts[0].name: Not found: "data"',
      'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      'spec.containers[0].livenessProbe: Required value: must specify a handler type',
      'spec.containers[1].image: Required value',
      'spec.containers[1].name: Duplicate value: "api"',
      'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ]);
  });

  it('checks names, probes, quantities and volumes', () => {
    const body = pod('p', {
      volumes: [{ name: 'cache', emptyDir: {} }, { name: 'cache', configMap: { name: 'cfg' } }, { name: 'Bad_Vol' } as never],
      containers: [
        {
          name: 'Web_1',
          image: 'web',
          livenessProbe: { exec: { command: ['true'] }, httpGet: { port: 80 }, successThreshold: 3 },
          resources: { requests: { memory: '512Mi', gpu: '1' }, limits: { memory: '256Mi' } },
        },
      ],
    });
    // A volume with no source is an emptyDir (SetDefaults_Volume), so only its name is wrong.
    expect(causes(rejectCreate('pods', body))).toEqual([
      'spec.volumes[1].name: Duplicate value: "cache"',
      `spec.volumes[2].name: Invalid value: "Bad_Vol": ${LABEL}`,
      `spec.containers[0].name: Invalid value: "Web_1": ${LABEL}`,
      // Requests are checked one resource at a time (a Go map: the order there is random).
      'spec.containers[0].resources.requests: Invalid value: "512Mi": must be less than or equal to memory limit of 256Mi',
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
      'spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type',
      'spec.containers[0].livenessProbe.successThreshold: Invalid value: 3: must be 1',
    ]);
  });

  it('allows only image, activeDeadlineSeconds, added tolerations on a running Pod', () => {
    const sim = cluster();
    const created = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] }) })) as Pod;
    const newImage = structuredClone(created);
    newImage.spec.containers[0]!.image = 'nginx:1.28';
    const updated = ok(sim.request({ verb: 'update', resource: 'pods', namespace: 'default', name: 'web', body: newImage })) as Pod;
    expect(updated.spec.containers[0]!.image).toBe('nginx:1.28');
    const newPort = structuredClone(updated);
    newPort.spec.containers[0]!.ports![0]!.containerPort = 8080;
    const e = failure(sim.request({ verb: 'update', resource: 'pods', namespace: 'default', name: 'web', body: newPort }));
    const [head, ...diff] = e.message.split('\n');
    expect(head).toBe(
      'Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
    );
    expect(diff).toContain('- \t\t\t\t\tContainerPort: 80,');
    expect(diff).toContain('+ \t\t\t\t\tContainerPort: 8080,');
  });

  it("diffs a refused change in the Go structs' field order, whatever order the request's JSON had", () => {
    // The real kubectl's bodies sort their keys; the page's keep the manifest's order.
    const sorted = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
    const diffOf = (order: (p: Pod) => Pod): string => {
      const sim = cluster();
      const created = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: order(pod('web', { containers: [{ name: 'app', image: 'nginx', env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode' } } }], resources: { limits: { memory: '1Gi' }, requests: { cpu: '1' } } }] })) })) as Pod;
      const changed = structuredClone(created);
      changed.spec.containers[0]!.env![0]!.valueFrom!.configMapKeyRef!.key = 'other';
      changed.spec.containers[0]!.resources!.requests!['cpu'] = '2';
      return failure(sim.request({ verb: 'update', resource: 'pods', namespace: 'default', name: 'web', body: order(changed) })).message;
    };
    const asWritten = diffOf((p) => p);
    expect(diffOf((p) => sorted(p) as Pod)).toBe(asWritten);
    const diff = asWritten.split('\n').slice(1);
    // core.Container: Name, Image, Command, …, Env, then Resources (Limits before Requests); ConfigMapKeySelector: Name, then Key.
    expect(diff.slice(3, 22)).toEqual([
      '  \t\t{',
      '  \t\t\t... // 2 identical fields',
      '  \t\t\tEnv: []core.EnvVar{',
      '  \t\t\t\t{',
      '  \t\t\t\t\t... // 1 identical field',
      '  \t\t\t\t\tValueFrom: {',
      '  \t\t\t\t\t\tConfigMapKeyRef: {',
      '  \t\t\t\t\t\t\t... // 1 identical field',
      '- \t\t\t\t\t\t\tKey: "mode",',
      '+ \t\t\t\t\t\t\tKey: "other",',
      '  \t\t\t\t\t\t},',
      '  \t\t\t\t\t},',
      '  \t\t\t\t},',
      '  \t\t\t},',
      '  \t\t\tResources: {',
      '  \t\t\t\t... // 1 identical field',
      '  \t\t\t\tRequests: {',
      '- \t\t\t\t\tCpu: "1",',
      '+ \t\t\t\t\tCpu: "2",',
    ]);
  });

  it('changes nodeName only through pods/binding', () => {
    const sim = cluster();
    const created = ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') })) as Pod;
    const e = failure(sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'web', body: { spec: { nodeName: 'node-1' } } as never }));
    expect(e.message).toContain('spec: Forbidden: pod updates may not change fields other than');
    expect(e.message).toContain('+ \tNodeName: "node-1",');
    const bound = ok(sim.request({
      verb: 'create',
      resource: 'pods',
      subresource: 'binding',
      namespace: 'default',
      name: 'web',
      body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { kind: 'Node', name: 'node-1' } } as never,
    })) as Pod;
    expect(bound.spec.nodeName).toBe('node-1');
    expect(created.spec.nodeName).toBeUndefined();
  });
});

describe('Deployment and ReplicaSet validation', () => {
  it('requires a selector, and a nil selector then matches no template', () => {
    const body = deployment('web');
    delete (body.spec as Record<string, unknown>)['selector'];
    expect(rejectCreate('deployments', body).message).toBe(
      'Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`]',
    );
  });

  it('prints the unmatched template labels as JSON (v1.34)', () => {
    const e = rejectCreate('deployments', deployment('web', { selector: { matchLabels: { app: 'api' } } }));
    expect(e.message).toBe('Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`');
  });

  it('reports what upstream reports for a Deployment without a spec', () => {
    expect(rejectCreate('deployments', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' } }).message).toBe(
      'Deployment.apps "x" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`, spec.template.spec.containers: Required value]',
    );
  });

  it('checks replicas, template restartPolicy, strategy and history', () => {
    const body = deployment('web', {
      replicas: -1,
      revisionHistoryLimit: -2,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: '0%' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'app', image: 'nginx' }] } },
    });
    expect(causes(rejectCreate('deployments', body))).toEqual([
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0',
      'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    ]);
  });

  it('rejects an empty selector and a Recreate strategy with rollingUpdate', () => {
    const body = deployment('web', { selector: {}, strategy: { type: 'Recreate', rollingUpdate: {} } });
    expect(causes(rejectCreate('deployments', body))).toEqual([
      'spec.selector: Invalid value: {}: empty selector is invalid for deployment',
      "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
    ]);
  });

  it('keeps the selector immutable once created', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web') }));
    const e = failure(sim.request({
      verb: 'patch',
      resource: 'deployments',
      namespace: 'default',
      name: 'web',
      body: { spec: { selector: { matchLabels: { app: 'web2' } }, template: { metadata: { labels: { app: 'web2' } } } } } as never,
    }));
    expect(e.message).toBe('Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable');
  });

  it('validates ReplicaSets with the same rules', () => {
    const rs = { ...deployment('rs'), kind: 'ReplicaSet', spec: { replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'rs' } }, spec: { containers: [{ name: 'a', image: 'a' }] } } } };
    expect(rejectCreate('replicasets', rs).message).toBe('ReplicaSet.apps "rs" is invalid: spec.template.metadata.labels: Invalid value: {"app":"rs"}: `selector` does not match template `labels`');
  });
});

describe('Service validation', () => {
  const svc = (spec: Record<string, unknown>, name = 'web'): KObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec });

  it('requires ports on a non-headless Service and checks each one', () => {
    expect(causes(rejectCreate('services', svc({ selector: { app: 'web' } })))).toEqual(['spec.ports: Required value']);
    expect(causes(rejectCreate('services', svc({ type: 'Public', ports: [{ port: 0, protocol: 'HTTP' }, { name: 'b', port: 80, targetPort: 'the-http-endpoint' }] })))).toEqual([
      'spec.ports[0].name: Required value',
      'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
      'spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ports[1].targetPort: Invalid value: "the-http-endpoint": must be no more than 15 characters',
      'spec.type: Unsupported value: "Public": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    ]);
  });

  it('accepts a headless Service without ports', () => {
    const sim = cluster();
    const s = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc({ clusterIP: 'None', selector: { app: 'db' } }, 'db') })) as Service;
    expect(s.spec.clusterIPs).toEqual(['None']);
  });

  it('forbids a nodePort on a ClusterIP Service', () => {
    expect(causes(rejectCreate('services', svc({ ports: [{ port: 80, nodePort: 30080 }] })))).toEqual([
      "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
    ]);
  });

  it('keeps an allocated clusterIP', () => {
    const sim = cluster();
    const s = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc({ ports: [{ port: 80 }] }) })) as Service;
    const e = failure(sim.request({ verb: 'patch', resource: 'services', namespace: 'default', name: 'web', body: { spec: { clusterIP: '10.96.200.200' } } as never }));
    expect(e.message).toBe('Service "web" is invalid: spec.clusterIPs[0]: Invalid value: ["10.96.200.200"]: may not change once set');
    // Leaving it out of a full update keeps it (patchAllocatedValues).
    const body = structuredClone(s);
    delete body.spec.clusterIP;
    delete body.spec.clusterIPs;
    body.spec.ports = [{ port: 8080 }];
    const kept = ok(sim.request({ verb: 'update', resource: 'services', namespace: 'default', name: 'web', body })) as Service;
    expect(kept.spec.clusterIP).toBe(s.spec.clusterIP);
    expect(kept.spec.ports![0]!.targetPort).toBe(8080);
  });
});

describe('ConfigMap, Secret, Namespace and PVC validation', () => {
  it('checks ConfigMap and Secret keys', () => {
    expect(causes(rejectCreate('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'app config': 'x', '..': 'y' } }))).toEqual([
      "data[app config]: Invalid value: \"app config\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
      "data[..]: Invalid value: \"..\": must not be '..'",
    ]);
    expect(causes(rejectCreate('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { 'db password': 'x' } }))[0]).toMatch(/^data\[db password\]: Invalid value: "db password": a valid config key/);
  });

  it('keeps an immutable ConfigMap and a Secret type unchanged', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, immutable: true, data: { a: 'b' } } as never }));
    expect(failure(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'c', body: { data: { a: 'c' } } as never })).message).toBe(
      'ConfigMap "c" is invalid: data: Forbidden: field is immutable when `immutable` is set',
    );
    ok(sim.request({ verb: 'create', resource: 'secrets', namespace: 'default', body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: {} } as never }));
    expect(failure(sim.request({ verb: 'patch', resource: 'secrets', namespace: 'default', name: 's', body: { type: 'kubernetes.io/tls' } as never })).message).toMatch(
      /^Secret "s" is invalid: type: Invalid value: "kubernetes.io\/tls": field is immutable/,
    );
  });

  it('requires access modes and a positive storage request on a PVC', () => {
    const pvc = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { resources: { requests: { storage: '0' } } } };
    expect(causes(rejectCreate('persistentvolumeclaims', pvc))).toEqual([
      'spec.accessModes: Required value: at least 1 access mode is required',
      'spec.resources[storage]: Invalid value: "0": must be greater than zero',
    ]);
  });
});
