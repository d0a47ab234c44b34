import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { bootCluster } from '../../kubelet/kubelet.testing';
import type { Simulation } from '../../simulation';

const config = (spec: Record<string, unknown>, labels?: Record<string, string>): KObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', ...(labels ? { labels } : {}) }, data: spec } as unknown as KObject);

function apply(sim: Simulation, body: KObject, fieldManager: string, force = false) {
  return sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'settings', body, apply: { fieldManager, force } });
}

describe('server-side apply', () => {
  it('creates, owns the fields sent, conflicts with another manager, and takes fields over when forced', () => {
    const sim = bootCluster();
    const created = apply(sim, config({ mode: 'fast', level: '1' }, { team: 'a' }), 'alice');
    expect(created).toMatchObject({ ok: true, code: 201 });
    const obj = created.ok ? created.object! : undefined;
    expect(obj?.metadata.managedFields).toEqual([
      { manager: 'alice', operation: 'Apply', apiVersion: 'v1', time: obj?.metadata.creationTimestamp, fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:level': {}, 'f:mode': {} }, 'f:metadata': { 'f:labels': { 'f:team': {} } } } },
    ]);

    // The same configuration again changes nothing: no new resourceVersion.
    const again = apply(sim, config({ mode: 'fast', level: '1' }, { team: 'a' }), 'alice');
    expect(again.ok && again.object!.metadata.resourceVersion).toBe(obj?.metadata.resourceVersion);

    // Another manager may co-own a field with the same value, not change it.
    expect(apply(sim, config({ mode: 'fast' }), 'bob')).toMatchObject({ ok: true, code: 200 });
    const conflict = apply(sim, config({ level: '2' }), 'bob');
    expect(conflict).toEqual({
      ok: false,
      error: { code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict: conflict with "alice": .data.level', details: { causes: [{ type: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.level' }] } },
    });
    const forced = apply(sim, config({ level: '2' }), 'bob', true);
    expect(forced.ok && forced.object!.data).toEqual({ mode: 'fast', level: '2' });

    // bob's last apply sent level only, so he no longer co-owns mode. alice stops sending her
    // fields: level stays (bob owns it), mode and her label go (nobody else owns them).
    const dropped = apply(sim, config({}), 'alice');
    expect(dropped.ok && dropped.object!.data).toEqual({ level: '2' });
    const after = dropped.ok ? dropped.object! : undefined;
    expect(after?.metadata.labels ?? {}).toEqual({});
    // An empty map sent is a field of its own: alice still owns `data`, bob its keys.
    expect((after?.metadata.managedFields as { manager: string; fieldsV1: unknown }[]).map((e) => [e.manager, e.fieldsV1])).toEqual([
      ['alice', { 'f:data': {} }],
      ['bob', { 'f:data': { 'f:level': {} } }],
    ]);
  });

  it('names list items by their merge key in conflicts', () => {
    const sim = bootCluster();
    const pod = (image: string): KObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'app', image }] } } as unknown as KObject);
    const send = (image: string, manager: string) => sim.request({ verb: 'patch', resource: 'pods', namespace: 'default', name: 'p', body: pod(image), apply: { fieldManager: manager, force: false } });
    expect(send('nginx:1.27', 'kubectl')).toMatchObject({ ok: true });
    const r = send('nginx:1.28', 'ci');
    expect(!r.ok && 'code' in r.error && r.error.message).toBe('Apply failed with 1 conflict: conflict with "kubectl": .spec.containers[name="app"].image');
  });
});
