import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../../k8s/types';
import { bootedCluster, configMap, deployment, failure, ok, pod } from '../../apiserver.testing';
import { worldOf } from '../../../simulation';
import type { ApiResponse } from '../../handler';

const cluster = bootedCluster();
type Sim = ReturnType<typeof cluster>;

const DEPLOYMENTS = [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }];

function policy(name: string, spec: Record<string, unknown>): KObject {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name }, spec: { matchConstraints: { resourceRules: DEPLOYMENTS }, ...spec } } as KObject;
}

function binding(name: string, spec: Record<string, unknown>): KObject {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name }, spec: { validationActions: ['Deny'], ...spec } } as KObject;
}

function create(sim: Sim, o: KObject, namespace?: string): ApiResponse {
  const resource = o.kind === 'ValidatingAdmissionPolicy' ? 'validatingadmissionpolicies' : o.kind === 'ValidatingAdmissionPolicyBinding' ? 'validatingadmissionpolicybindings' : o.kind === 'ConfigMap' ? 'configmaps' : o.kind === 'Namespace' ? 'namespaces' : o.kind === 'Pod' ? 'pods' : 'deployments';
  return sim.request({ verb: 'create', resource, ...(namespace ? { namespace } : {}), body: o });
}

/** A cluster with one policy bound by `b`. */
function withPolicy(spec: Record<string, unknown>, b: Record<string, unknown> = { policyName: 'replicas' }): Sim {
  const sim = cluster();
  ok(create(sim, policy('replicas', spec)));
  ok(create(sim, binding('replicas-binding', b)));
  return sim;
}

const MAX_5 = { validations: [{ expression: 'object.spec.replicas <= 5' }] };

describe('ValidatingAdmissionPolicy objects', () => {
  it('defaults failurePolicy, matchPolicy, the selectors and each rule scope in struct order', () => {
    const sim = cluster();
    const p = ok(create(sim, { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' }, spec: { validations: [{ expression: 'true' }], matchConstraints: { resourceRules: DEPLOYMENTS } } } as KObject));
    expect(p.spec).toEqual({ matchConstraints: { namespaceSelector: {}, objectSelector: {}, resourceRules: [{ ...DEPLOYMENTS[0], scope: '*' }], matchPolicy: 'Equivalent' }, validations: [{ expression: 'true' }], failurePolicy: 'Fail' });
    expect(Object.keys(p.spec as object)).toEqual(['matchConstraints', 'validations', 'failurePolicy']);
    expect(p.metadata.generation).toBe(1);
    const b = ok(create(sim, binding('b', { policyName: 'p', matchResources: {} })));
    expect(b.spec).toEqual({ validationActions: ['Deny'], policyName: 'p', matchResources: { namespaceSelector: {}, objectSelector: {}, matchPolicy: 'Equivalent' } });
  });

  it("refuses invalid policies with upstream's field paths and messages", () => {
    const sim = cluster();
    const bad = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'bad' }, spec: { failurePolicy: 'Sometimes', paramKind: { apiVersion: 'v1' } } } as KObject;
    expect(failure(create(sim, bad)).message).toBe(
      'ValidatingAdmissionPolicy.admissionregistration.k8s.io "bad" is invalid: [spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore", spec.paramKind.kind: Required value, spec.matchConstraints: Required value, spec.validations: Required value: validations or auditAnnotations must contain at least one item, spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item]',
    );
    const e = failure(create(sim, policy('cel', { validations: [{ expression: 'params.max > 1' }, { expression: 'object.spec.replicas', reason: 'Teapot' }, { expression: '1 +' }] })));
    expect(e.details?.causes?.map((c) => c.field)).toEqual(['spec.validations[0].expression', 'spec.validations[1].expression', 'spec.validations[1].reason', 'spec.validations[2].expression']);
    expect(e.details?.causes?.[0]?.message).toBe(`Invalid value: "params.max > 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.max > 1\n | ^`);
    expect(e.details?.causes?.[1]?.message).toBe('Invalid value: "object.spec.replicas": must evaluate to bool but got dyn');
    expect(e.details?.causes?.[2]?.message).toBe('Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"');
    expect(e.details?.causes?.[3]?.message).toMatch(/^Invalid value: "1 \+": compilation failed: ERROR: <input>:1:4: Syntax error: /);
  });

  it("refuses invalid bindings with upstream's paths, its misspelt matchResouces included", () => {
    const sim = cluster();
    const e = failure(create(sim, binding('b', { validationActions: ['Deny', 'Warn', 'Deny'], paramRef: { name: 'x', selector: {} }, matchResources: { namespaceSelector: { matchLabels: { 'bad key!': 'x' } } } })));
    expect(e.details?.causes?.map((c) => `${c.field}: ${c.message.split(':')[0]}`)).toEqual([
      'spec.policyName: Required value',
      'spec.paramRef.name: Forbidden',
      'spec.paramRef.selector: Forbidden',
      'spec.paramRef.parameterNotFoundAction: Required value',
      'spec.matchResouces.namespaceSelector.matchLabels: Invalid value',
      'spec.validationActions[2]: Duplicate value',
      'spec.validationActions: Invalid value',
    ]);
    expect(e.details?.causes?.at(-1)?.message).toBe('Invalid value: ["Deny","Warn","Deny"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)');
    expect(failure(create(sim, binding('c', { policyName: 'p', validationActions: [] }))).message).toBe(
      'ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "c" is invalid: spec.validationActions: Required value: at least one validation action is required',
    );
  });

  it('bumps the generation on a spec change and the status controller records it', () => {
    const sim = withPolicy(MAX_5);
    sim.advance(3000);
    const stored = ok(sim.request({ verb: 'get', resource: 'validatingadmissionpolicies', name: 'replicas' }));
    expect(stored.status).toEqual({ observedGeneration: 1, typeChecking: {} });
    const next = { ...stored, spec: { ...(stored.spec as object), validations: [{ expression: 'object.spec.replicas <= 3' }] } } as KObject;
    expect(ok(sim.request({ verb: 'update', resource: 'validatingadmissionpolicies', name: 'replicas', body: next })).metadata.generation).toBe(2);
    sim.advance(3000);
    expect(ok(sim.request({ verb: 'get', resource: 'validatingadmissionpolicies', name: 'replicas' })).status).toEqual({ observedGeneration: 2, typeChecking: {} });
  });
});

describe('ValidatingAdmissionPolicy admission', () => {
  it('denies with 422 Invalid, names policy and binding, and traces the rejection', () => {
    const sim = withPolicy(MAX_5);
    const e = failure(create(sim, deployment('web', { replicas: 10 }), 'default'));
    const message = "ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: failed expression: object.spec.replicas <= 5";
    expect(e).toEqual({ code: 422, reason: 'Invalid', message: `deployments.apps "web" is forbidden: ${message}`, details: { name: 'web', group: 'apps', kind: 'deployments', causes: [{ type: '', field: '', message }] } });
    const hop = worldOf(sim).trace.records.filter((r) => r.kind === 'validating-admission').at(-1)!;
    expect(hop.detail).toEqual({ result: 'rejected', message: e.message });
    ok(create(sim, deployment('small', { replicas: 2 }), 'default'));
  });

  it('checks updates, and ignores operations and resources outside the rules', () => {
    const sim = withPolicy(MAX_5);
    const d = ok(create(sim, deployment('web', { replicas: 2 }), 'default'));
    const scaled = { ...d, spec: { ...(d.spec as object), replicas: 9 } } as KObject;
    expect(failure(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: scaled })).code).toBe(422);
    ok(sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'web' }));
    ok(create(sim, configMap('settings'), 'default'));
  });

  it('has no effect while the binding names a policy that does not exist', () => {
    const sim = cluster();
    ok(create(sim, binding('orphan', { policyName: 'missing' })));
    ok(create(sim, deployment('web', { replicas: 10 }), 'default'));
  });

  it('uses message, messageExpression and the reason, whose code the response carries', () => {
    const sim = withPolicy({
      validations: [
        { expression: 'object.spec.replicas <= 5', messageExpression: "'replicas ' + string(object.spec.replicas) + ' > 5'", reason: 'Forbidden' },
        { expression: "object.metadata.name != 'web'", message: 'not web' },
      ],
    });
    const e = failure(create(sim, deployment('big', { replicas: 7 }), 'default'));
    expect([e.code, e.reason, e.message]).toEqual([403, 'Forbidden', `deployments.apps "big" is forbidden: ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: replicas 7 > 5`]);
    expect(failure(create(sim, deployment('web'), 'default')).message).toMatch(/denied request: not web$/);
    const tooLarge = withPolicy({ validations: [{ expression: 'false', reason: 'RequestEntityTooLarge' }] });
    expect(failure(create(tooLarge, deployment('x'), 'default')).code).toBe(413);
  });

  it('Warn admits and returns the failure as a warning; Audit alone admits silently', () => {
    const sim = withPolicy(MAX_5, { policyName: 'replicas', validationActions: ['Warn', 'Audit'] });
    const res = create(sim, deployment('web', { replicas: 10 }), 'default');
    expect(res.ok && res.warnings).toEqual(["Validation failed for ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding': failed expression: object.spec.replicas <= 5"]);
    const audit = withPolicy(MAX_5, { policyName: 'replicas', validationActions: ['Audit'] });
    const quiet = create(audit, deployment('web', { replicas: 10 }), 'default');
    expect(quiet.ok && quiet.warnings).toBeUndefined();
  });

  it('failurePolicy decides what a runtime error does: Fail denies with the error, Ignore admits', () => {
    const spec = { validations: [{ expression: 'object.spec.maxSurge > 1' }] };
    const fail = withPolicy({ ...spec, failurePolicy: 'Fail' });
    expect(failure(create(fail, deployment('web'), 'default')).message).toBe(
      `deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: expression 'object.spec.maxSurge > 1' resulted in error: no such key: maxSurge`,
    );
    ok(create(withPolicy({ ...spec, failurePolicy: 'Ignore' }), deployment('web'), 'default'));
    ok(create(withPolicy({ validations: [{ expression: 'has(object.spec.maxSurge) && object.spec.maxSurge > 1 || !has(object.spec.maxSurge)' }] }), deployment('web'), 'default'));
  });

  it('evaluates matchConditions first: a false one skips the policy', () => {
    const sim = withPolicy({ ...MAX_5, matchConditions: [{ name: 'not-system', expression: "!request.userInfo.username.startsWith('system:')" }, { name: 'labelled', expression: "has(object.metadata.labels) && 'strict' in object.metadata.labels" }] });
    ok(create(sim, deployment('loose', { replicas: 10 }), 'default'));
    const strict = deployment('strict', { replicas: 10 });
    strict.metadata.labels = { strict: 'yes' };
    expect(failure(create(sim, strict, 'default')).code).toBe(422);
  });

  it('matches namespaces by their labels and objects by theirs', () => {
    const sim = withPolicy(MAX_5, { policyName: 'replicas', matchResources: { namespaceSelector: { matchLabels: { environment: 'test' } } } });
    ok(create(sim, deployment('web', { replicas: 10 }), 'default'));
    ok(create(sim, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'qa', labels: { environment: 'test' } } } as KObject));
    expect(failure(create(sim, deployment('web', { replicas: 10 }), 'qa')).code).toBe(422);

    const objects = withPolicy({ ...MAX_5, matchConstraints: { resourceRules: DEPLOYMENTS, objectSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['prod'] }] } } });
    ok(create(objects, deployment('web', { replicas: 10 }), 'default'));
    const prod = deployment('prod', { replicas: 10 });
    prod.metadata.labels = { tier: 'prod' };
    expect(failure(create(objects, prod, 'default')).code).toBe(422);
  });

  it('matches subresources and excludes what excludeResourceRules names', () => {
    const sim = withPolicy({
      validations: [{ expression: 'false', message: 'no' }],
      matchConstraints: { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: ['*'] }], excludeResourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['configmaps'] }] },
    });
    ok(create(sim, configMap('settings'), 'default'));
    expect(failure(create(sim, deployment('web'), 'default')).message).toMatch(/denied request: no$/);
  });

  it('matches a `pods/status` rule on status writes only', () => {
    const sim = withPolicy({ validations: [{ expression: "object.status.phase != 'Failed'", message: 'no failing by hand' }], matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['UPDATE'], resources: ['pods/status'] }] } });
    const p = ok(create(sim, pod('web'), 'default'));
    const failed = { ...p, status: { ...(p.status as object), phase: 'Failed' } } as KObject;
    expect(failure(sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: 'web', body: failed })).message).toMatch(/denied request: no failing by hand$/);
    const labelled = { ...p, metadata: { ...p.metadata, labels: { app: 'web', x: 'y' } } } as KObject;
    ok(sim.request({ verb: 'update', resource: 'pods', namespace: 'default', name: 'web', body: labelled }));
  });

  it('hands a ConfigMap to params, and follows parameterNotFoundAction when it is missing', () => {
    const spec = { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'object.spec.replicas <= int(params.data.maxReplicas)', messageExpression: "'at most ' + params.data.maxReplicas + ' replicas'" }] };
    const deny = withPolicy(spec, { policyName: 'replicas', paramRef: { name: 'limits', parameterNotFoundAction: 'Deny' } });
    expect(failure(create(deny, deployment('web', { replicas: 3 }), 'default')).message).toBe(
      "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    );
    ok(create(deny, configMap('limits', { data: { maxReplicas: '2' } }), 'default'));
    expect(failure(create(deny, deployment('web', { replicas: 3 }), 'default')).message).toMatch(/denied request: at most 2 replicas$/);
    ok(create(deny, deployment('web', { replicas: 2 }), 'default'));

    const allow = withPolicy(spec, { policyName: 'replicas', paramRef: { name: 'limits', parameterNotFoundAction: 'Allow' } });
    ok(create(allow, deployment('web', { replicas: 30 }), 'default'));

    const selected = withPolicy(spec, { policyName: 'replicas', paramRef: { namespace: 'kube-public', selector: { matchLabels: { limits: 'true' } }, parameterNotFoundAction: 'Deny' } });
    ok(create(selected, configMap('a', { metadata: { name: 'a', labels: { limits: 'true' } }, data: { maxReplicas: '4' } }), 'kube-public'));
    ok(create(selected, configMap('b', { metadata: { name: 'b', labels: { limits: 'true' } }, data: { maxReplicas: '1' } }), 'kube-public'));
    expect(failure(create(selected, deployment('web', { replicas: 2 }), 'default')).message).toMatch(/at most 1 replicas$/);
  });

  it('composes variables, and reports a paramKind nothing serves as a policy configuration error', () => {
    const vars = withPolicy({ variables: [{ name: 'replicas', expression: 'object.spec.replicas' }, { name: 'tooMany', expression: 'variables.replicas > 5' }], validations: [{ expression: '!variables.tooMany' }] });
    expect(failure(create(vars, deployment('web', { replicas: 6 }), 'default')).message).toMatch(/denied request: failed expression: !variables.tooMany$/);
    ok(create(vars, deployment('web', { replicas: 5 }), 'default'));
    const missing = withPolicy({ paramKind: { apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit' }, ...MAX_5 }, { policyName: 'replicas', paramRef: { name: 'x', parameterNotFoundAction: 'Deny' } });
    expect(failure(create(missing, deployment('web'), 'default')).message).toBe(
      "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replicas' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'",
    );
  });

  it('sees request, oldObject and namespaceObject', () => {
    const sim = withPolicy({
      validations: [
        { expression: "request.operation == 'CREATE' ? oldObject == null : oldObject.spec.replicas <= object.spec.replicas", message: 'no scaling down' },
        { expression: "namespaceObject.metadata.name == request.namespace && request.kind.kind == 'Deployment' && request.resource.group == 'apps'" },
      ],
    });
    const d = ok(create(sim, deployment('web', { replicas: 3 }), 'default'));
    const down = { ...d, spec: { ...(d.spec as object), replicas: 1 } } as KObject;
    expect(failure(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: down })).message).toMatch(/no scaling down$/);
  });
});
