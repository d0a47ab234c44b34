/** Ingresses and IngressClasses through kube-apiserver: ValidateIngressCreate/Update and ValidateIngressClass(Update), upstream's messages in upstream's order. */
import { describe, expect, it } from 'vitest';
import type { Ingress, IngressClass, KObject } from '../../../k8s/types';
import { bootedCluster, failure, ok } from '../apiserver.testing';

const cluster = bootedCluster();
type Sim = ReturnType<typeof cluster>;

const ingress = (spec: unknown, metadata: Record<string, unknown> = {}): KObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', ...metadata }, spec }) as KObject;
const ingressClass = (spec: unknown, name = 'nginx'): KObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name }, spec }) as KObject;
const backend = (name = 'web', port: Record<string, unknown> = { number: 80 }) => ({ service: { name, port } });

function create(sim: Sim, resource: 'ingresses' | 'ingressclasses', body: KObject) {
  return sim.request({ verb: 'create', resource, namespace: resource === 'ingresses' ? 'default' : undefined, body });
}

function causes(res: ReturnType<Sim['request']>): string[] {
  const e = failure(res);
  expect(e.code).toBe(422);
  return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
}

const DNS1123 = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('Ingress validation', () => {
  it('needs rules or a default backend', () => {
    expect(causes(create(cluster(), 'ingresses', ingress({})))).toEqual(['spec: Invalid value: null: either `defaultBackend` or `rules` must be specified']);
  });

  it('checks hosts, paths, path types and backends rule by rule', () => {
    const paths = [
      { path: 'app', pathType: 'Prefix', backend: backend('Web', { number: 70000 }) },
      { path: '/a', backend: backend() },
      { path: '/a//b/..', pathType: 'Exact', backend: { ...backend('web', { name: 'http', number: 80 }), resource: { kind: 'Bucket', name: 'b' } } },
      { path: '/x', pathType: 'Regex', backend: { service: { name: 'web' } } },
      { path: '/y', pathType: 'ImplementationSpecific', backend: backend('web', { name: 'http', number: 80 }) },
      { path: '/z', pathType: 'Exact', backend: {} },
    ];
    const spec = { rules: [{ host: '10.0.0.1', http: { paths } }, { host: '*.*.example.com' }, { host: 'x.example.com', http: { paths: [] } }] };
    expect(causes(create(cluster(), 'ingresses', ingress(spec)))).toEqual([
      'spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
      'spec.rules[0].http.paths[0].path: Invalid value: "app": must be an absolute path',
      "spec.rules[0].http.paths[0].backend.service.name: Invalid value: \"Web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      'spec.rules[0].http.paths[0].backend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.rules[0].http.paths[1].pathType: Required value: pathType must be specified',
      "spec.rules[0].http.paths[2].path: Invalid value: \"/a//b/..\": must not contain '//'",
      "spec.rules[0].http.paths[2].path: Invalid value: \"/a//b/..\": cannot end with '/..'",
      'spec.rules[0].http.paths[2].backend: Invalid value: "": cannot set both resource and service backends',
      'spec.rules[0].http.paths[3].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
      'spec.rules[0].http.paths[3].backend: Required value: port name or number is required',
      'spec.rules[0].http.paths[4].backend: Invalid value: "": cannot set both port name & port number',
      'spec.rules[0].http.paths[5].backend: Invalid value: "": resource or service backend is required',
      "spec.rules[1].host: Invalid value: \"*.*.example.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.rules[2].http.paths: Required value',
    ]);
  });

  it('checks the default backend, TLS hosts and secrets, the class name and the legacy class annotation', () => {
    const spec = { defaultBackend: { resource: { apiGroup: 'Bad_Group', kind: 'a/b', name: '' } }, tls: [{ hosts: ['*.ok.example.com', 'Bad'], secretName: 'Not_A_Secret' }], ingressClassName: 'No_Class' };
    expect(causes(create(cluster(), 'ingresses', ingress(spec, { annotations: { 'kubernetes.io/ingress.class': 'nginx' } })))).toEqual([
      `spec.defaultBackend.resource.apiGroup: Invalid value: "Bad_Group": ${DNS1123}`,
      "spec.defaultBackend.resource.kind: Invalid value: \"a/b\": may not contain '/'",
      'spec.defaultBackend.resource.name: Required value',
      `spec.tls[0].hosts[1]: Invalid value: "Bad": ${DNS1123}`,
      `spec.tls[0].secretName: Invalid value: "Not_A_Secret": ${DNS1123}`,
      `spec.ingressClassName: Invalid value: "No_Class": ${DNS1123}`,
      'annotations.kubernetes.io/ingress.class: Invalid value: "nginx": must match `ingressClassName` when both are specified',
    ]);
  });

  it('stores a valid Ingress with an empty status.loadBalancer and generation 1, and counts spec changes', () => {
    const sim = cluster();
    const ing = ok(create(sim, 'ingresses', ingress({ defaultBackend: backend() }))) as Ingress;
    expect(ing.status).toEqual({ loadBalancer: {} });
    expect(ing.metadata.generation).toBe(1);
    const spec = { ...ing.spec, rules: [{ host: 'web.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend() }] } }] };
    const updated = ok(sim.request({ verb: 'update', resource: 'ingresses', namespace: 'default', name: 'web', body: { ...ing, spec, status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } } } as KObject })) as Ingress;
    expect(updated.metadata.generation).toBe(2);
    // The main resource does not write status (ingressStrategy.PrepareForUpdate).
    expect(updated.status).toEqual({ loadBalancer: {} });
  });

  it('lets an update keep what the stored object already had, and nothing new', () => {
    const sim = cluster();
    const ing = ok(create(sim, 'ingresses', ingress({ defaultBackend: backend() }))) as Ingress;
    const bad = { ...ing, spec: { ...ing.spec, tls: [{ secretName: 'Bad_Secret' }] } } as KObject;
    expect(causes(sim.request({ verb: 'update', resource: 'ingresses', namespace: 'default', name: 'web', body: bad }))).toEqual([`spec.tls[0].secretName: Invalid value: "Bad_Secret": ${DNS1123}`]);
  });
});

describe('IngressClass validation', () => {
  it('requires a controller, a domain-prefixed path of at most 250 bytes', () => {
    expect(causes(create(cluster(), 'ingressclasses', ingressClass({})))).toEqual(['spec.controller: Required value']);
    expect(causes(create(cluster(), 'ingressclasses', ingressClass({ controller: 'nginx' })))).toEqual(['spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")']);
    expect(causes(create(cluster(), 'ingressclasses', ingressClass({ controller: `Example.com/a b${'x'.repeat(250)}` })))).toEqual([
      'spec.controller: Too long: may not be more than 250 bytes',
      `spec.controller: Invalid value: "Example.com": ${DNS1123}`,
      `spec.controller: Invalid value: "a b${'x'.repeat(250)}": Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')`,
    ]);
  });

  it('defaults the parameters scope to Cluster and checks the scope rules', () => {
    const sim = cluster();
    const ic = ok(create(sim, 'ingressclasses', ingressClass({ controller: 'example.com/ingress-controller', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb' } }))) as IngressClass;
    expect(ic.spec.parameters?.scope).toBe('Cluster');
    expect(causes(create(sim, 'ingressclasses', ingressClass({ controller: 'example.com/x', parameters: { kind: '', name: 'a/b', scope: 'Namespace' } }, 'b')))).toEqual([
      'spec.parameters.kind: Required value',
      "spec.parameters.name: Invalid value: \"a/b\": may not contain '/'",
      "spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'",
    ]);
    expect(causes(create(sim, 'ingressclasses', ingressClass({ controller: 'example.com/x', parameters: { kind: 'K', name: 'n', namespace: 'default' } }, 'c')))).toEqual([
      "spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'",
    ]);
    expect(causes(create(sim, 'ingressclasses', ingressClass({ controller: 'example.com/x', parameters: { kind: 'K', name: 'n', scope: 'Global' } }, 'd')))).toEqual([
      'spec.parameters.scope: Unsupported value: "Global": supported values: "Cluster", "Namespace"',
    ]);
  });

  it('keeps the controller immutable', () => {
    const sim = cluster();
    const ic = ok(create(sim, 'ingressclasses', ingressClass({ controller: 'example.com/a' }))) as IngressClass;
    const res = sim.request({ verb: 'update', resource: 'ingressclasses', name: 'nginx', body: { ...ic, spec: { controller: 'example.com/b' } } as KObject });
    expect(causes(res)).toEqual(['spec.controller: Invalid value: "example.com/b": field is immutable']);
  });
});
