import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Service } from '../../k8s/types';
import { kubectl } from '../testing';

function setup(): Simulation {
  const sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create deployment web --image=nginx:1.27');
  kubectl(sim, 'expose deployment web --port=80');
  return sim;
}
const selector = (sim: Simulation) => (sim.objects('services').find((o) => o.metadata.name === 'web') as Service).spec?.selector;

describe('kubectl set selector', () => {
  it("replaces a Service's selector with the expression's pairs", () => {
    const sim = setup();
    expect(kubectl(sim, 'set selector service web app=web,tier=front').stdout).toBe('service/web selector updated\n');
    expect(selector(sim)).toEqual({ app: 'web', tier: 'front' });
    expect(kubectl(sim, 'set selector service web app=web').stdout).toBe('service/web selector updated\n');
    expect(selector(sim)).toEqual({ app: 'web' });
  });

  it('refuses set-based requirements, other kinds and a stale --resource-version', () => {
    const sim = setup();
    expect(kubectl(sim, "set selector service web 'app in (web)'").stderr).toBe('error: match expression [{app In [web]}] not supported on this object\n');
    expect(kubectl(sim, "set selector service web 'env,!legacy'").stderr).toBe('error: match expression [{env Exists []} {legacy DoesNotExist []}] not supported on this object\n');
    expect(kubectl(sim, 'set selector deployment web app=x').stderr).toBe('error: setting a selector is only supported for Services\n');
    expect(kubectl(sim, 'set selector').stderr).toBe('error: one selector is required\n');
    expect(kubectl(sim, 'set selector service web app=x --resource-version=1').stderr).toMatch(/^Error from server \(Conflict\): Operation cannot be fulfilled on services "web"/);
    expect(selector(sim)).toEqual({ app: 'web' });
  });
});
