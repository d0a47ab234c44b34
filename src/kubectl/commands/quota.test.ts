import { beforeAll, describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('kubectl and ResourceQuota / LimitRange', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('create quota parses --hard into canonical quantities and passes --scopes through', () => {
    const sim = fresh();
    const r = kubectl(sim, 'create quota q --hard=pods=2,requests.cpu=1000m,memory=1G --scopes=NotBestEffort --dry-run=client -o yaml');
    expect(r.code).toBe(0);
    expect(r.all).toContain('spec:\n  hard:\n    memory: 1G\n    pods: "2"\n    requests.cpu: "1"\n  scopes:\n  - NotBestEffort\n');
    expect(kubectl(sim, 'create quota q --hard=pods').all).toBe('error: Invalid argument syntax pods, expected <resource>=<value>\n');
    expect(kubectl(sim, 'create quota q --hard=pods=2,cpu=1 --scopes=BestEffort').all).toBe(
      'error: failed to create quota: ResourceQuota "q" is invalid: spec.scopes: Invalid value: ["BestEffort"]: unsupported scope applied to resource\n',
    );
  });

  it('prints used/hard in REQUEST and LIMIT, and describes the quota as a table', () => {
    const sim = fresh();
    expect(kubectl(sim, 'create quota q --hard=pods=3,limits.memory=1Gi,requests.cpu=2').code).toBe(0);
    sim.advance(1000);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, spec: { containers: [{ name: 'a', image: 'nginx', resources: { requests: { cpu: '500m', memory: '64Mi' }, limits: { memory: '256Mi' } } }] } };
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod as KObject }).ok).toBe(true);
    const got = kubectl(sim, 'get quota q').all.split('\n');
    expect(got[0]).toMatch(/^NAME\s+AGE\s+REQUEST\s+LIMIT$/);
    expect(got[1]).toMatch(/^q\s+\d+s\s+pods: 1\/3, requests\.cpu: 500m\/2\s+limits\.memory: 256Mi\/1Gi$/);
    const rows = [
      ['Name:', 'q'],
      ['Namespace:', 'default'],
      ['Resource', 'Used', 'Hard'],
      ['--------', '----', '----'],
      ['limits.memory', '256Mi', '1Gi'],
      ['pods', '1', '3'],
      ['requests.cpu', '500m', '2'],
    ];
    const table = rows.map((r) => r.map((c, i) => (i < r.length - 1 ? c.padEnd(i === 0 ? 15 : 7) : c)).join('')).join('\n');
    expect(kubectl(sim, 'describe quota q').all).toBe(`${table}\n`);
  });
});
