import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Deployment, Pod } from '../../k8s/types';
import { kubectl } from '../testing';

function setup(): Simulation {
  const sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create deployment big --image=nginx:1.27 --replicas=2');
  return sim;
}
const resources = (sim: Simulation) => (sim.objects('deployments').find((o) => o.metadata.name === 'big') as Deployment).spec.template.spec!.containers[0]!.resources;

describe('kubectl set resources', () => {
  it('sets requests and limits on the template, keeping what it does not name, and rolls the Pods', () => {
    const sim = setup();
    expect(kubectl(sim, 'set resources deployment big --requests=cpu=900m,memory=64Mi --limits=cpu=1000m').stdout).toBe('deployment.apps/big resource requirements updated\n');
    expect(resources(sim)).toEqual({ limits: { cpu: '1' }, requests: { cpu: '900m', memory: '64Mi' } });
    expect(kubectl(sim, 'set resources deployment big --limits=memory=128Mi').stdout).toBe('deployment.apps/big resource requirements updated\n');
    expect(resources(sim)).toEqual({ limits: { cpu: '1', memory: '128Mi' }, requests: { cpu: '900m', memory: '64Mi' } });
    sim.advance(60_000);
    const pods = sim.objects('pods').filter((p) => p.metadata.name?.startsWith('big-')) as Pod[];
    expect(pods.map((p) => p.spec.containers[0]!.resources?.limits?.memory)).toEqual(['128Mi', '128Mi']);
  });

  it('prints nothing and sends nothing when the values are already there', () => {
    const sim = setup();
    kubectl(sim, 'set resources deployment big --requests=cpu=100m');
    const rv = sim.objects('deployments').find((o) => o.metadata.name === 'big')!.metadata.resourceVersion;
    expect(kubectl(sim, 'set resources deployment big --requests=cpu=100m')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sim.objects('deployments').find((o) => o.metadata.name === 'big')!.metadata.resourceVersion).toBe(rv);
  });

  it('refuses as upstream: no update, a bad quantity, no such container, a rejected patch', () => {
    const sim = setup();
    expect(kubectl(sim, 'set resources deployment big').stderr).toBe('error: you must specify an update to requests or limits (in the form of --requests/--limits)\n');
    expect(kubectl(sim, 'set resources deployment big --limits=cpu').stderr).toBe('error: Invalid argument syntax cpu, expected <resource>=<value>\n');
    expect(kubectl(sim, 'set resources deployment big --limits=cpu=abc').stderr).toMatch(/^error: quantities must match the regular expression/);
    expect(kubectl(sim, 'set resources deployment big -c nope --limits=cpu=1').stderr).toBe('error: unable to find container named nope\n');
    expect(kubectl(sim, 'set resources deployment nothere --limits=cpu=1').stderr).toBe('Error from server (NotFound): deployments.apps "nothere" not found\n');
    kubectl(sim, 'set resources deployment big --limits=cpu=1');
    expect(kubectl(sim, 'set resources deployment big --requests=cpu=2').stderr).toBe(
      'error: failed to patch resources update to pod template Deployment.apps "big" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1\n',
    );
  });

  it('selects containers by glob and prints the result of a client dry run without sending it', () => {
    const sim = setup();
    expect(kubectl(sim, 'set resources deployment big -c "ngi*" --limits=cpu=500m --dry-run=client -o jsonpath={.spec.template.spec.containers[0].resources}').stdout).toBe('{"limits":{"cpu":"500m"}}');
    expect(resources(sim)).toEqual({});
  });
});
