import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create ns ev');
  kubectl(sim, 'run bad -n ev --image=nginx:1.27-doesnotexist');
  kubectl(sim, 'create deployment web -n ev --image=nginx:1.27');
  sim.advance(40_000);
});

describe('events', () => {
  it('prints the EventPrinter columns, Kind/name objects and repeats, oldest first', () => {
    const out = kubectl(sim, 'events -n ev').stdout.split('\n');
    expect(out[0]).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$/);
    expect(out.some((l) => /^\d+s +Normal +Scheduled +Pod\/bad +Successfully assigned ev\/bad to node-\d$/.test(l))).toBe(true);
    expect(out.some((l) => /^\d+s \(x\d+ over \d+s\) +Warning +Failed +Pod\/bad +Error: ErrImagePull$/.test(l))).toBe(true);
    expect(out.some((l) => /Deployment\/web +Scaled up replica set web-\w+ from 0 to 1$/.test(l))).toBe(true);
    const seen = out.slice(1, -1).map((l) => Number(/^(\d+)s/.exec(l)![1]));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('filters by --for and --types through the API', () => {
    const before = sim.lastTraceSeq;
    const warn = kubectl(sim, 'events -n ev --for pod/bad --types=Warning').stdout.split('\n').slice(1, -1);
    expect(warn.length).toBeGreaterThan(0);
    expect(warn.every((l) => / Warning +Failed +Pod\/bad /.test(l))).toBe(true);
    const hops = sim.traceSince(before).map((r) => r.summary);
    expect(hops).toContain('GET /api/v1/namespaces/ev/events');
    expect(kubectl(sim, 'events -n ev --for deploy/web').stdout).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE\n\d+s +Normal +ScalingReplicaSet +Deployment\/web +Scaled up/);
  });

  it('reports its usage errors and an empty namespace like kubectl', () => {
    expect(kubectl(sim, 'events --types=Foo')).toMatchObject({ stderr: 'error: valid --types are Normal or Warning\n', code: 1 });
    expect(kubectl(sim, 'events --for web').stderr).toBe('error: --for must be in resource/name form\n');
    expect(kubectl(sim, 'events --for a/b/c').stderr).toBe('error: arguments in resource/name form may not have more than one slash\n');
    expect(kubectl(sim, 'events --for nope/x').stderr).toBe('error: the server doesn\'t have a resource type "nope"\n');
    kubectl(sim, 'create ns quiet');
    expect(kubectl(sim, 'events -n quiet')).toMatchObject({ stdout: '', stderr: 'No events found in quiet namespace.\n', code: 0 });
  });

  it('adds a NAMESPACE column with -A and keeps printing with -w', () => {
    expect(kubectl(sim, 'events -A --types Warning').stdout).toMatch(/^NAMESPACE +LAST SEEN +TYPE +REASON +OBJECT +MESSAGE\n/);
    const watched = kubectl(sim, 'events -n ev --for pod/bad -w --request-timeout=30s').stdout.split('\n');
    expect(watched[0]).toMatch(/^LAST SEEN +TYPE/);
    expect(watched.some((l) => /^0s \(x\d+ over \d+s\) {3}(Normal|Warning) {3}/.test(l))).toBe(true);
  });
});
