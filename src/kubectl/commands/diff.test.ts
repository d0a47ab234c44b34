import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;
const cm = (value: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: "${value}"\n`;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
});

describe('diff', () => {
  it('shows a new object as all added lines against an absent LIVE file, exit 1', () => {
    const r = kubectl(sim, 'diff -f cm.yaml', { files: { 'cm.yaml': cm('a') } });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^diff -u -N \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.settings \/tmp\/MERGED-\d+\/v1\.ConfigMap\.default\.settings$/);
    expect(lines[1]).toMatch(/^--- \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.settings\t1970-01-01 00:00:00\.000000000 \+0000$/);
    expect(lines[2]).toMatch(/^\+\+\+ \/tmp\/MERGED-\d+\/v1\.ConfigMap\.default\.settings\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} \+0000$/);
    expect(lines[3]).toMatch(/^@@ -0,0 \+1,\d+ @@$/);
    expect(r.stdout).toContain('\n+data:\n+  mode: a\n+kind: ConfigMap\n');
    // A server-side dry run: nothing was created.
    expect(sim.objects('configmaps').some((o) => o.metadata.name === 'settings')).toBe(false);
  });

  it('prints nothing and exits 0 when the apply would change nothing', () => {
    expect(kubectl(sim, 'apply -f cm.yaml', { files: { 'cm.yaml': cm('a') } }).code).toBe(0);
    expect(kubectl(sim, 'diff -f cm.yaml', { files: { 'cm.yaml': cm('a') } })).toMatchObject({ stdout: '', stderr: '', code: 0 });
  });

  it('diffs live against the dry-run patch result through the apiserver', () => {
    const before = sim.lastTraceSeq;
    const r = kubectl(sim, 'diff -f cm.yaml', { files: { 'cm.yaml': cm('b') } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\n@@ -1,6 \+1,6 @@\n apiVersion: v1\n data:\n- {2}mode: a\n\+ {2}mode: b\n kind: ConfigMap\n metadata:\n {3}annotations:\n$/);
    const requests = sim.traceSince(before).filter((t) => t.kind === 'request').map((t) => t.summary);
    expect(requests).toEqual(['GET /api/v1/namespaces/default/configmaps/settings', 'PATCH /api/v1/namespaces/default/configmaps/settings']);
    const live = sim.objects('configmaps').find((o) => o.metadata.name === 'settings') as unknown as { data: Record<string, string> };
    expect(live.data['mode']).toBe('a');
  });

  it('exits 2 on its own errors', () => {
    expect(kubectl(sim, 'diff')).toMatchObject({ stderr: 'error: must specify one of -f and -k\n', code: 2 });
    expect(kubectl(sim, 'diff -f missing.yaml')).toMatchObject({ stderr: 'error: the path "missing.yaml" does not exist\n', code: 2 });
  });
});
