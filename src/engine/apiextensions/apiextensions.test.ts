import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomResourceDefinition, JSONSchemaProps } from '../../k8s/apiextensions';
import type { KObject } from '../../k8s/types';
import { Simulation } from '../simulation';
import type { ApiRequest, ApiResponse } from '../apiserver/handler';

const SCHEMA: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['cronSpec'],
      properties: {
        cronSpec: { type: 'string', pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$' },
        replicas: { type: 'integer', minimum: 1, maximum: 10 },
        mode: { type: 'string', enum: ['Fast', 'Slow'] },
        retries: { type: 'integer', default: 3 },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
    status: { type: 'object', properties: { replicas: { type: 'integer' } } },
  },
};

function crd(plural = 'crontabs', group = 'stable.example.com', extra: Partial<CustomResourceDefinition['spec']> = {}): CustomResourceDefinition {
  const kind = plural === 'crontabs' ? 'CronTab' : 'Widget';
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: { group, scope: 'Namespaced', names: { plural, kind, shortNames: ['ct'] }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: SCHEMA }, subresources: { status: {} } }], ...extra },
  };
}

function send(sim: Simulation, r: Omit<ApiRequest, 'user' | 'from'>): ApiResponse {
  return sim.request(r);
}

function codeOf(res: ApiResponse): number | undefined {
  return res.ok ? res.code : 'code' in res.error ? res.error.code : undefined;
}

function errorOf(res: ApiResponse): string {
  return res.ok ? '' : res.error.message;
}

function tab(name: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name }, spec, ...extra };
}

function stored(sim: Simulation, name: string): CustomResourceDefinition | undefined {
  return sim.storedObject<CustomResourceDefinition>(`customresourcedefinitions/${name}`);
}

describe('CustomResourceDefinitions', () => {
  let base: Simulation;
  let established: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    established = Simulation.fromSnapshot(base.snapshot());
    expect(send(established, { verb: 'create', resource: 'customresourcedefinitions', body: crd() }).ok).toBe(true);
    established.advance(100);
  });
  const fresh = (from = base): Simulation => Simulation.fromSnapshot(from.snapshot());

  it('validates a v1 CRD as upstream: name, schema, one storage version', () => {
    const sim = fresh();
    const noSchema = crd();
    delete noSchema.spec.versions[0]!.schema;
    expect(errorOf(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: noSchema }))).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "crontabs.stable.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required',
    );
    const misnamed = { ...crd(), metadata: { name: 'crontab.stable.example.com' } };
    expect(errorOf(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: misnamed }))).toContain('metadata.name: Invalid value: "crontab.stable.example.com": must be spec.names.plural+"."+spec.group');
    const twoStorage = crd();
    twoStorage.spec.versions.push({ ...twoStorage.spec.versions[0]!, name: 'v2' });
    expect(errorOf(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: twoStorage }))).toContain('must have exactly one version marked as storage version');
    expect(errorOf(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: crd('crontabs', 'example') }))).toContain('spec.group: Invalid value: "example": should be a domain with at least one dot');
  });

  it('is served only once the apiserver\'s naming and establishing controllers accept it', () => {
    const sim = fresh();
    const created = send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: crd() });
    expect(created.ok && (created.object as CustomResourceDefinition).status).toEqual({ acceptedNames: { kind: '', plural: '' }, storedVersions: ['v1'] });
    // Defaulting filled singular, listKind and the None conversion.
    expect(created.ok && (created.object as CustomResourceDefinition).spec.names).toMatchObject({ singular: 'crontab', listKind: 'CronTabList' });
    expect(errorOf(send(sim, { verb: 'list', resource: 'crontabs', namespace: 'default' }))).toBe('the server could not find the requested resource');
    sim.advance(10);
    const c = stored(sim, 'crontabs.stable.example.com')!;
    expect(c.status?.conditions?.map((x) => [x.type, x.status, x.reason])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts'],
      ['Established', 'True', 'InitialNamesAccepted'],
    ]);
    expect(c.status?.acceptedNames).toMatchObject({ plural: 'crontabs', kind: 'CronTab', shortNames: ['ct'] });
    expect(sim.customResources().map((r) => [r.resource, r.group, r.version, r.kind])).toEqual([['crontabs', 'stable.example.com', 'v1', 'CronTab']]);
    expect(send(sim, { verb: 'list', resource: 'crontabs', namespace: 'default' }).ok).toBe(true);
  });

  it('refuses a plural another CRD already serves (NamesAccepted=False, never established)', () => {
    const sim = fresh(established);
    expect(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: crd('crontabs', 'other.example.com') }).ok).toBe(true);
    sim.advance(10);
    const c = stored(sim, 'crontabs.other.example.com')!;
    expect(c.status?.conditions?.map((x) => [x.type, x.status, x.reason, x.message])).toEqual([
      ['NamesAccepted', 'False', 'PluralConflict', '"crontabs" is already in use'],
      ['Established', 'False', 'NotAccepted', 'not all names are accepted'],
    ]);
  });

  it('establishes only after 5 s when several apiservers run (crdHandler queues it so)', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha' });
    expect(send(sim, { verb: 'create', resource: 'customresourcedefinitions', body: crd() }).ok).toBe(true);
    sim.advance(100);
    expect(stored(sim, 'crontabs.stable.example.com')!.status?.conditions?.find((x) => x.type === 'Established')?.reason).toBe('Installing');
    sim.advance(5000);
    expect(stored(sim, 'crontabs.stable.example.com')!.status?.conditions?.find((x) => x.type === 'Established')?.status).toBe('True');
  });

  it('validates custom objects with the structural schema and upstream\'s messages', () => {
    const sim = fresh(established);
    const res = send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('bad', { cronSpec: 'often', replicas: 'three', mode: 'Medium' }) });
    expect(res.ok).toBe(false);
    expect(codeOf(res)).toBe(422);
    expect(errorOf(res)).toBe(
      'CronTab.stable.example.com "bad" is invalid: [spec.cronSpec: Invalid value: "often": spec.cronSpec in body should match \'^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$\', spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string", spec.mode: Unsupported value: "Medium": supported values: "Fast", "Slow"]',
    );
    expect(errorOf(send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('big', { cronSpec: '* * * * *', replicas: 11 }) }))).toContain('spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10');
    expect(errorOf(send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('none', {}) }))).toContain('spec.cronSpec: Required value');
  });

  it('defaults, refuses unknown fields under Strict and prunes them otherwise, keeping preserved subtrees', () => {
    const sim = fresh(established);
    const body = tab('x', { cronSpec: '* * * * *', colour: 'blue', extra: { anything: { goes: 1 } } }, { top: 1 });
    expect(errorOf(send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body }))).toBe('CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.colour", unknown field "top"');
    const res = send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body, fieldValidation: 'Ignore' });
    expect(res.ok && res.object?.['spec']).toEqual({ cronSpec: '* * * * *', extra: { anything: { goes: 1 } }, retries: 3 });
    expect(res.ok && 'top' in res.object!).toBe(false);
  });

  it('keeps status to its subresource and bumps generation on spec changes', () => {
    const sim = fresh(established);
    const made = send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('s', { cronSpec: '* * * * *' }, { status: { replicas: 4 } }) });
    expect(made.ok && made.object?.status).toBeUndefined();
    const patched = send(sim, { verb: 'patch', resource: 'crontabs', namespace: 'default', name: 's', patchType: 'merge', body: { spec: { replicas: 2 }, status: { replicas: 9 } } as unknown as KObject });
    expect(patched.ok && [patched.object?.metadata.generation, patched.object?.status]).toEqual([2, undefined]);
    const status = send(sim, { verb: 'patch', resource: 'crontabs', subresource: 'status', namespace: 'default', name: 's', patchType: 'merge', body: { status: { replicas: 9 } } as unknown as KObject });
    expect(status.ok && [status.object?.metadata.generation, status.object?.status]).toEqual([2, { replicas: 9 }]);
    const strategic = send(sim, { verb: 'patch', resource: 'crontabs', namespace: 'default', name: 's', body: { spec: { replicas: 3 } } as unknown as KObject });
    expect(codeOf(strategic)).toBe(415);
  });

  it('deletes every custom object before the CRD goes (customresourcecleanup), refusing creates meanwhile', () => {
    const sim = fresh(established);
    send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('a', { cronSpec: '* * * * *' }) });
    const held = tab('held', { cronSpec: '* * * * *' });
    held.metadata.finalizers = ['example.com/hold'];
    send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: held });
    const del = send(sim, { verb: 'delete', resource: 'customresourcedefinitions', name: 'crontabs.stable.example.com' });
    expect(del.ok && del.object?.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    sim.advance(100);
    const terminating = stored(sim, 'crontabs.stable.example.com')!;
    expect(terminating.status?.conditions?.find((c) => c.type === 'Terminating')).toMatchObject({ status: 'True', reason: 'InstanceDeletionInProgress' });
    expect(sim.objects('crontabs').map((o) => o.metadata.name)).toEqual(['held']);
    const refused = send(sim, { verb: 'create', resource: 'crontabs', namespace: 'default', body: tab('late', { cronSpec: '* * * * *' }) });
    expect([codeOf(refused), errorOf(refused)]).toEqual([405, 'create not allowed while custom resource definition is terminating']);
    send(sim, { verb: 'patch', resource: 'crontabs', namespace: 'default', name: 'held', patchType: 'merge', body: { metadata: { finalizers: null } } as unknown as KObject });
    sim.advance(2000);
    expect(stored(sim, 'crontabs.stable.example.com')).toBeUndefined();
    expect(sim.objects('crontabs')).toEqual([]);
    expect(sim.customResources()).toEqual([]);
  });
});
