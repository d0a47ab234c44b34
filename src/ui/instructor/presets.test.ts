/**
 * Every preset is valid data: its lines are terminal commands, its fault targets exist in
 * `sim fail --list` for each topology it runs in, its files exist. presets-*.test.ts run them.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES, LabHarness } from './instructor.testing';
import { available, resolveSteps, stepsFor } from './presets';
import { PRESETS } from './presets-data';
import { TOPOLOGIES, VERIFY, resolved } from './presets.testing';

/** The syllabus's failure-symptoms table (7.15), one preset at least per row. */
const SYLLABUS_ROWS: Record<string, string> = {
  'API Server': 'apiserver-down',
  'etcd 无法形成多数派': 'etcd-quorum',
  Scheduler: 'scheduler-down',
  'Controller Manager': 'controller-manager-down',
  kubelet: 'kubelet-down',
  容器运行时: 'runtime-down',
  CNI: 'cni-broken',
  CSI: 'csi-broken',
  'kube-proxy或等价数据面': 'proxy-down',
};

describe('presets as data', () => {
  it('has unique ids, both languages, and a preset for every row of the syllabus failure table', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) for (const t of [p.title, p.goal, p.watch]) expect(t.en && t.zh, p.id).toBeTruthy();
    for (const [row, id] of Object.entries(SYLLABUS_ROWS)) expect(PRESETS.find((p) => p.id === id)?.group, row).toBe('failure');
    expect(Object.keys(VERIFY).sort()).toEqual(PRESETS.map((p) => p.id).sort());
  });

  it('every line is a kubectl or sim command, every target is listed by `sim fail --list`, every file exists', () => {
    for (const topology of TOPOLOGIES) {
      const lab = new LabHarness(topology);
      const listed = new Set(
        lab
          .out('sim fail --list')
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.split(/\s+/)[0]!),
      );
      expect([...listed].sort()).toEqual(lab.targets.map((t) => t.name).sort());
      for (const p of PRESETS.filter((x) => available(x, topology))) {
        for (const step of resolved(p, lab, topology)) {
          expect(step.line, p.id).toMatch(/^(kubectl|sim) \S/);
          const fault = /^sim (?:fail|recover) (\S+)$/.exec(step.line);
          if (fault) expect(listed.has(fault[1]!), `${p.id}: ${step.line} in ${topology}`).toBe(true);
          const file = /^kubectl apply -f (\S+)$/.exec(step.line);
          if (file) expect(file[1] === '-' ? step.stdin : EXAMPLE_FILES[file[1]!], `${p.id}: ${step.line}`).toBeTruthy();
        }
      }
    }
  });

  it('ha presets are disabled in basic; the etcd preset stops two of three members in ha', () => {
    expect(PRESETS.filter((p) => !available(p, 'basic')).map((p) => p.group)).toEqual(['ha', 'ha', 'ha', 'ha']);
    const etcd = PRESETS.find((p) => p.id === 'etcd-quorum')!;
    expect(stepsFor(etcd, 'basic').map((s) => s.line)).toEqual(['sim fail etcd']);
    expect(stepsFor(etcd, 'ha').map((s) => s.line)).toEqual(['sim fail etcd-1', 'sim fail etcd-2']);
  });

  it('names the leader a `{leader:...}` step stops only once one holds the Lease', () => {
    const p = PRESETS.find((x) => x.id === 'ha-scheduler-failover')!;
    expect(resolveSteps(p, 'ha', new Map(), () => undefined)).toEqual({ ok: false, missingLeader: 'kube-scheduler' });
  });
});

