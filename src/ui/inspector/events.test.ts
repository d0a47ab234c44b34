import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../../k8s/time';
import type { KEvent, KObject } from '../../k8s/types';
import { showAt } from '../store/cluster';
import { eventNamespaces, eventRows, eventsCommand } from './events';
import { goApiScaled } from './fixture.testing';

describe('eventRows on a real run', () => {
  const { state } = goApiScaled();
  const now = state.now;

  it('prints the go-api story in the default namespace as kubectl get events would, oldest first', () => {
    const rows = eventRows(state.objects, 'default', now);
    expect(rows.every((r) => r.namespace === 'default')).toBe(true);
    const scheduled = rows.filter((r) => r.reason === 'Scheduled');
    expect(scheduled).toHaveLength(3);
    for (const r of scheduled) {
      expect(r).toMatchObject({ type: 'Normal', warning: false });
      expect(r.object).toMatch(/^pod\/go-api-\w+-\w{5}$/);
      expect(r.message).toMatch(new RegExp(`^Successfully assigned default/${r.object.slice(4)} to node-\\d$`));
      // Scheduled ~8 s into the run, looked at ~78 s in: HumanDuration keeps seconds under 2 minutes.
      expect(r.lastSeen).toMatch(/^(6\d|7\d)s$/);
    }
    expect(rows.some((r) => r.reason === 'ScalingReplicaSet' && r.object === 'deployment/go-api')).toBe(true);
    expect(rows.some((r) => r.reason === 'Killing')).toBe(true);
    const order = rows.map((r) => Date.parse(lastOf(state.objects.get(r.key) as KEvent)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('links a row to its object while the object exists: a living Pod, the Deployment, a node; not a Pod scaled away', () => {
    const rows = eventRows(state.objects, undefined, now);
    const pods = rows.filter((r) => r.reason === 'Scheduled');
    const living = pods.filter((r) => state.objects.has(`pods/default/${r.object.slice(4)}`));
    expect(living.length).toBeGreaterThan(0);
    for (const r of living) expect(r.target).toBe(`pods/default/${r.object.slice(4)}`);
    const gone = rows.filter((r) => r.reason === 'Killing');
    expect(gone.length).toBeGreaterThan(0);
    for (const r of gone) expect(r.target).toBeUndefined();
    expect(rows.find((r) => r.object === 'deployment/go-api')?.target).toBe('deployments/default/go-api');
    expect(rows.find((r) => r.object.startsWith('node/'))?.target).toMatch(/^nodes\/[\w-]+$/);
  });

  it('shows every namespace with -A, and ages move with the moment shown', () => {
    const all = eventRows(state.objects, undefined, now);
    expect(new Set(all.map((r) => r.namespace))).toEqual(new Set(['default', 'kube-system']));
    expect(all.length).toBe(eventRows(state.objects, 'default', now).length + eventRows(state.objects, 'kube-system', now).length);
    expect(eventNamespaces(state.objects)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    const first = eventRows(state.objects, 'default', now)[0]!;
    expect(eventRows(state.objects, 'default', now + 3 * 60_000 + 5_000)[0]!.lastSeen).not.toBe(first.lastSeen);

    // Early on there are no go-api events yet.
    const early = showAt(state, state.tape!.baseSeq, state.tape!.baseNow);
    expect(eventRows(early.objects, 'default', early.now).some((r) => r.object.startsWith('pod/go-api'))).toBe(false);
  });
});

const lastOf = (e: KEvent): string => e.lastTimestamp ?? e.firstTimestamp ?? e.eventTime ?? '';

describe('eventRows cells', () => {
  const ev = (name: string, over: Partial<KEvent>): [string, KObject] => [
    `events/default/${name}`,
    { apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web' }, ...over } as KEvent,
  ];
  const now = Date.parse('2025-09-01T09:10:00Z') - EPOCH_MS;

  it('falls back from lastTimestamp to firstTimestamp to eventTime, trims messages, marks Warnings', () => {
    const objects = new Map([
      ev('c', { lastTimestamp: '2025-09-01T09:09:50Z', firstTimestamp: '2025-09-01T09:00:00Z', type: 'Warning', reason: 'BackOff', message: '  Back-off restarting failed container  \n' }),
      ev('a', { eventTime: '2025-09-01T09:06:55.123000Z', type: 'Normal', reason: 'Scheduled', involvedObject: { kind: 'Pod' } }),
      ev('b', { firstTimestamp: '2025-09-01T09:07:00Z', lastTimestamp: null, type: 'Normal', reason: 'Pulled', involvedObject: { kind: 'Node', name: 'node-1' } }),
      ev('d', { type: 'Normal', reason: 'Odd' }),
    ]);
    expect(eventRows(objects, 'default', now).map((r) => [r.lastSeen, r.type, r.reason, r.object, r.message, r.warning])).toEqual([
      ['<unknown>', 'Normal', 'Odd', 'pod/web', '', false],
      ['3m4s', 'Normal', 'Scheduled', 'pod', '', false],
      ['3m', 'Normal', 'Pulled', 'node/node-1', '', false],
      ['10s', 'Warning', 'BackOff', 'pod/web', 'Back-off restarting failed container', true],
    ]);
    expect(eventRows(objects, 'default', undefined).every((r) => r.lastSeen === '<unknown>')).toBe(true);
    expect(eventRows(objects, 'other', now)).toEqual([]);
  });
});

describe('eventsCommand', () => {
  it('names the kubectl command the table mirrors', () => {
    expect(eventsCommand('default')).toBe('kubectl get events --sort-by=.lastTimestamp');
    expect(eventsCommand('kube-system')).toBe('kubectl get events -n kube-system --sort-by=.lastTimestamp');
    expect(eventsCommand(undefined)).toBe('kubectl get events -A --sort-by=.lastTimestamp');
  });
});
