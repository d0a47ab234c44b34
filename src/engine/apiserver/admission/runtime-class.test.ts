import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../../k8s/types';
import { bootedCluster, failure, ok, pod } from '../apiserver.testing';

const cluster = bootedCluster();

function runtimeClass(name: string, handler: string, extra: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name }, handler, ...extra } as KObject;
}

function create(sim: ReturnType<typeof cluster>, body: KObject, resource = 'runtimeclasses') {
  return sim.request({ verb: 'create', resource, ...(resource === 'pods' ? { namespace: 'default' } : {}), body });
}

describe('RuntimeClass validation (pkg/apis/node/validation)', () => {
  it('requires the handler to be a DNS-1123 label and keeps it immutable', () => {
    const sim = cluster();
    expect(failure(create(sim, runtimeClass('empty', ''))).message).toBe(
      `RuntimeClass.node.k8s.io "empty" is invalid: handler: Invalid value: "": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    );
    const rc = ok(create(sim, runtimeClass('fast', 'runc')));
    const res = sim.request({ verb: 'update', resource: 'runtimeclasses', name: 'fast', body: { ...rc, handler: 'crun' } as KObject });
    expect(failure(res).message).toBe('RuntimeClass.node.k8s.io "fast" is invalid: handler: Invalid value: "crun": field is immutable');
  });

  it('checks the overhead as container limits, and the scheduling labels and tolerations', () => {
    const sim = cluster();
    const bad = runtimeClass('bad', 'runc', {
      overhead: { podFixed: { cpu: '-1', pods: '1' } },
      scheduling: { nodeSelector: { 'bad key': 'x' }, tolerations: [{ key: 'a', operator: 'Exists', value: 'v' }, { key: 'b', operator: 'Exists' }, { key: 'b', operator: 'Exists' }] },
    });
    expect(failure(create(sim, bad)).message).toBe(
      'RuntimeClass.node.k8s.io "bad" is invalid: [' +
        [
          'overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0',
          'overhead.limits[pods]: Invalid value: "pods": must be a standard resource for containers',
          `scheduling.nodeSelector: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
          "scheduling.tolerations[0].operator: Invalid value: \"v\": value must be empty when `operator` is 'Exists'",
          'scheduling.tolerations[2]: Duplicate value: {"key":"b","operator":"Exists"}',
        ].join(', ') +
        ']',
    );
  });
});

describe('the RuntimeClass admission plugin (plugin/pkg/admission/runtimeclass)', () => {
  it('refuses a Pod whose RuntimeClass does not exist', () => {
    const sim = cluster();
    expect(failure(create(sim, pod('x', { runtimeClassName: 'gvisor' }), 'pods')).message).toBe('pods "x" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
  });

  it("sets the class's overhead and refuses a Pod that set another, or one without a class", () => {
    const sim = cluster();
    ok(create(sim, runtimeClass('kata', 'runc', { overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } })));
    const p = ok(create(sim, pod('a', { runtimeClassName: 'kata' }), 'pods')) as Pod;
    expect(p.spec.overhead).toEqual({ cpu: '250m', memory: '120Mi' });
    ok(create(sim, pod('same', { runtimeClassName: 'kata', overhead: { cpu: '0.25', memory: '120Mi' } }), 'pods'));
    expect(failure(create(sim, pod('b', { runtimeClassName: 'kata', overhead: { cpu: '1' } }), 'pods')).message).toBe(
      `pods "b" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`,
    );
    expect(failure(create(sim, pod('c', { overhead: { cpu: '1' } }), 'pods')).message).toBe('pods "c" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  });

  it("merges the class's nodeSelector (a conflicting value is refused) and its tolerations", () => {
    const sim = cluster();
    ok(
      create(
        sim,
        runtimeClass('sandboxed', 'runc', {
          scheduling: { nodeSelector: { sandbox: 'yes' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }] },
        }),
      ),
    );
    const p = ok(create(sim, pod('s', { runtimeClassName: 'sandboxed', nodeSelector: { disk: 'ssd' } }), 'pods')) as Pod;
    expect(p.spec.nodeSelector).toEqual({ disk: 'ssd', sandbox: 'yes' });
    // DefaultTolerationSeconds ran first; the class's broader not-ready toleration replaces its 300s one.
    expect(p.spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    ]);
    expect(failure(create(sim, pod('t', { runtimeClassName: 'sandboxed', nodeSelector: { sandbox: 'no' } }), 'pods')).message).toBe(
      'pods "t" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = yes; pod.spec.nodeSelector[sandbox] = no',
    );
  });
});
