import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { CRONTAB_CRD as CRD, kubectl } from '../testing';

describe('discovery through kube-apiserver', () => {
  it('kubectl api-versions lists every served group version in byte order (v1 after the dotted groups)', () => {
    const sim = new Simulation({ seed: 1 });
    const out = kubectl(sim, 'api-versions').stdout.split('\n').filter(Boolean);
    expect(out).toContain('apps/v1');
    expect(out).toContain('autoscaling/v2');
    expect(out[out.length - 1]).toBe('v1');
    expect([...out].sort()).toEqual(out);
    expect(kubectl(sim, 'api-versions extra')).toMatchObject({ stderr: "error: unexpected arguments: [extra]\nSee 'kubectl api-versions -h' for help and examples\n", code: 1 });
  });

  it('serves the legacy discovery documents on their raw paths, ending in a newline as kube-apiserver writes JSON', () => {
    const sim = new Simulation({ seed: 1 });
    const api = kubectl(sim, 'get --raw /api').stdout;
    expect(api).toBe('{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.10:6443"}]}\n');
    expect(JSON.parse(kubectl(sim, 'get --raw /apis/apps').stdout)).toEqual({ kind: 'APIGroup', apiVersion: 'v1', name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } });
    const apps = JSON.parse(kubectl(sim, 'get --raw /apis/apps/v1').stdout) as { groupVersion: string; resources: { name: string }[] };
    expect(apps.groupVersion).toBe('apps/v1');
    expect(apps.resources.map((r) => r.name)).toContain('deployments/scale');
    const core = JSON.parse(kubectl(sim, 'get --raw /api/v1').stdout) as { groupVersion: string; resources: { name: string }[] };
    expect(core.groupVersion).toBe('v1');
    expect(core.resources.map((r) => r.name)).toContain('pods/binding');
    for (const missing of ['/apis/nope', '/apis/apps/v2', '/api/v2']) {
      expect(kubectl(sim, `get --raw ${missing}`)).toMatchObject({ stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 });
    }
  });

  it('adds an established CRD group to /apis and api-versions', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'api-versions').stdout).not.toContain('stable.example.com/v1');
    expect(kubectl(sim, 'apply -f crd.yaml', { files: { 'crd.yaml': CRD } }).code).toBe(0);
    sim.advance(5_000);
    expect(kubectl(sim, 'api-versions').stdout).toContain('stable.example.com/v1\n');
    const list = JSON.parse(kubectl(sim, 'get --raw /apis/stable.example.com/v1').stdout) as { resources: { name: string; kind: string }[] };
    expect(list.resources).toContainEqual(expect.objectContaining({ name: 'crontabs', kind: 'CronTab' }));
  });

  it('fails as every request does when no kube-apiserver answers', () => {
    const sim = new Simulation({ seed: 1 });
    expect(sim.injectFault('kube-apiserver').ok).toBe(true);
    expect(kubectl(sim, 'api-versions')).toMatchObject({ stdout: '', stderr: 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n', code: 1 });
  });
});
