/**
 * events.k8s.io/v1 Events through our kubectl: listed by api-resources, read by their full name
 * (`ev` and `events` stay core/v1's, discovery's first group), printed by the same server-side
 * table, created, applied, watched and deleted at v1 while stored as core/v1.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const EVENT = `apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: hello
eventTime: "2025-09-01T09:00:05.000000Z"
reportingController: example.com/tester
reportingInstance: tester-1
action: Testing
reason: Tested
regarding:
  kind: Pod
  name: web
  namespace: default
note: it works
type: Normal
`;

const INVALID = `apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: bad
regarding:
  kind: Pod
  name: web
note: nope
`;

function setup(): { sim: Simulation; run: (line: string) => string } {
  const sim = new Simulation({ seed: 1 });
  const run = (line: string): string => {
    const r = kubectl(sim, line, { files: { 'ev.yaml': EVENT, 'bad.yaml': INVALID } });
    expect(r.code, `${line}\n${r.all}`).toBe(0);
    return r.stdout;
  };
  return { sim, run };
}

describe('events.k8s.io/v1 Events', () => {
  it('lists events in both groups in api-resources, the core one first', () => {
    const { run } = setup();
    const rows = run('api-resources').split('\n').filter((l) => /^events\s/.test(l)).map((l) => l.split(/\s+/).join(' '));
    expect(rows).toEqual(['events ev v1 true Event', 'events ev events.k8s.io/v1 true Event']);
    expect(run('api-versions')).toContain('events.k8s.io/v1\n');
  });

  it('creates an events.k8s.io/v1 Event, read back through both versions with the same table', () => {
    const { sim, run } = setup();
    expect(run('create -f ev.yaml')).toBe('event.events.k8s.io/hello created\n');
    sim.advance(10_000);
    const table = run('get events.events.k8s.io hello');
    // `ev` is core/v1's, and client-go's shortcut expander says what else it could mean.
    const short = kubectl(sim, 'get ev hello');
    expect(short.stdout).toBe(table);
    expect(short.stderr).toBe('Warning: short name "ev" could also match lower priority resource events.events.k8s.io\n');
    expect(kubectl(sim, 'get events hello').stderr).toBe('');
    expect(table).toMatch(/^LAST SEEN {3}TYPE {5}REASON {3}OBJECT {4}MESSAGE\n\d+s +Normal {3}Tested {3}pod\/web {3}it works\n$/);
    const v1 = run('get events.events.k8s.io hello -o yaml');
    const meta = sim.storedObject('events/default/hello')!.metadata;
    expect(v1).toBe(
      [
        'action: Testing',
        'apiVersion: events.k8s.io/v1',
        'deprecatedFirstTimestamp: null',
        'deprecatedLastTimestamp: null',
        'deprecatedSource: {}',
        'eventTime: "2025-09-01T09:00:05.000000Z"',
        'kind: Event',
        'metadata:',
        `  creationTimestamp: "${meta.creationTimestamp}"`,
        '  name: hello',
        '  namespace: default',
        `  resourceVersion: "${meta.resourceVersion}"`,
        `  uid: ${meta.uid}`,
        'note: it works',
        'reason: Tested',
        'regarding:',
        '  kind: Pod',
        '  name: web',
        '  namespace: default',
        'reportingController: example.com/tester',
        'reportingInstance: tester-1',
        'type: Normal',
        '',
      ].join('\n'),
    );
    const core = run('get events hello -o yaml');
    expect(core).toContain('apiVersion: v1\n');
    expect(core).toContain('involvedObject:\n  kind: Pod\n  name: web\n  namespace: default\n');
    expect(core).toContain('message: it works\n');
    expect(core).toContain('reportingComponent: example.com/tester\n');
    expect(run('get events.v1.events.k8s.io -o name')).toContain('event.events.k8s.io/hello\n');
    expect(run('delete events.events.k8s.io hello')).toBe('event.events.k8s.io "hello" deleted from default namespace\n');
    expect(sim.storedObject('events/default/hello')).toBeUndefined();
  });

  it("applies a manifest at v1 and finds it unchanged the second time", () => {
    const { run } = setup();
    expect(run('apply -f ev.yaml')).toBe('event.events.k8s.io/hello created\n');
    expect(run('apply -f ev.yaml')).toBe('event.events.k8s.io/hello unchanged\n');
  });

  it("refuses a v1 Event the new API's validation rejects", () => {
    const { sim } = setup();
    const r = kubectl(sim, 'create -f bad.yaml', { files: { 'bad.yaml': INVALID } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('The Event "bad" is invalid: \n* eventTime: Required value\n* type: Invalid value: "": has invalid value: \n');
  });

  it('watches at v1: the Events the watch delivers are converted as the list was', () => {
    const { run } = setup();
    // The Deployment's Pod is scheduled, pulled and started while the watch is open.
    run('create deployment web --image=nginx');
    const shown = run('get events.events.k8s.io --watch-only -o yaml --request-timeout=20s');
    expect(shown).toContain('apiVersion: events.k8s.io/v1\n');
    expect(shown).toContain('regarding:\n');
    expect(shown).not.toContain('involvedObject');
  });
});
