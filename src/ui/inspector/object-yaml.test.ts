import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { changedPaths } from './changes';
import { markedYaml, objectYaml } from './object-yaml';

const pod = (over: Record<string, unknown> = {}): KObject => ({
  kind: 'Pod',
  apiVersion: 'v1',
  status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null }] },
  spec: { containers: [{ name: 'api', image: 'go-api:v1' }] },
  metadata: {
    name: 'go-api-1',
    namespace: 'default',
    creationTimestamp: '2025-09-01T09:00:07Z',
    labels: { app: 'go-api', 'pod-template-hash': '568fb6b74' },
    managedFields: [{ manager: 'kubectl' }],
    resourceVersion: '199',
  },
  ...over,
});

const marked = (lines: ReturnType<typeof markedYaml>['lines']) => lines.filter((l) => l.changes.length).map((l) => l.text);

describe('objectYaml', () => {
  it('writes kubectl -o yaml layout: sorted keys, unindented lists, YAML 1.1 quoting, no managedFields', () => {
    expect(objectYaml(pod())).toBe(
      [
        'apiVersion: v1',
        'kind: Pod',
        'metadata:',
        '  creationTimestamp: "2025-09-01T09:00:07Z"',
        '  labels:',
        '    app: go-api',
        '    pod-template-hash: 568fb6b74',
        '  name: go-api-1',
        '  namespace: default',
        '  resourceVersion: "199"',
        'spec:',
        '  containers:',
        '  - image: go-api:v1',
        '    name: api',
        'status:',
        '  conditions:',
        '  - lastProbeTime: null',
        '    status: "True"',
        '    type: PodScheduled',
        '  phase: Pending',
        '',
      ].join('\n'),
    );
  });
});

describe('markedYaml', () => {
  it('marks the line of a changed scalar and every line of an added field', () => {
    const prev = pod();
    const next = pod({
      spec: { containers: [{ name: 'api', image: 'go-api:v1' }], nodeName: 'node-2' },
      status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null }, { type: 'Ready', status: 'False' }] },
      metadata: { ...prev.metadata, resourceVersion: '207' },
    });
    const m = markedYaml(next, changedPaths(prev, next));
    expect(marked(m.lines)).toEqual(['  resourceVersion: "207"', '  nodeName: node-2', '  - status: "False"', '    type: Ready']);
    expect(m.lines.find((l) => l.text === '  nodeName: node-2')!.changes.map((c) => c.path)).toEqual(['spec.nodeName']);
    expect(m.elsewhere).toEqual([]);
  });

  it('marks a changed value inside a list item and a whole added mapping, and lists removed fields apart', () => {
    const prev = pod();
    const next = pod({ status: { conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null }] }, metadata: { ...prev.metadata, annotations: { a: '1', b: '2' } } });
    const m = markedYaml(next, changedPaths(prev, next));
    expect(marked(m.lines)).toEqual(['  annotations:', '    a: "1"', '    b: "2"', '    status: "False"']);
    expect(m.elsewhere.map((c) => `${c.change} ${c.path}`)).toEqual(['removed status.phase']);
  });

  it('marks nothing without changes', () => {
    expect(markedYaml(pod(), []).lines.every((l) => l.changes.length === 0)).toBe(true);
  });
});
