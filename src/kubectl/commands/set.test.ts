import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { Deployment } from '../../k8s/types';
import { kubectl } from '../testing';

const images = (sim: Simulation): string[] =>
  (sim.objects('deployments').find((o) => o.metadata.name === 'web') as Deployment).spec.template.spec!.containers.map((c) => c.image ?? '');

describe('kubectl set image', () => {
  it('skips a template that already has the image without a word, as CalculatePatches does', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'create deployment web --image=nginx:1.27');
    const rv = sim.objects('deployments').find((o) => o.metadata.name === 'web')!.metadata.resourceVersion;
    expect(kubectl(sim, 'set image deployment/web nginx=nginx:1.27')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sim.objects('deployments').find((o) => o.metadata.name === 'web')!.metadata.resourceVersion).toBe(rv);
    expect(kubectl(sim, 'set image deployment/web nginx=nginx:1.28').stdout).toBe('deployment.apps/web image updated\n');
    expect(images(sim)).toEqual(['nginx:1.28']);
  });

  it('reports a container name nobody has and still sets the images that match', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'create deployment web --image=nginx:1.27');
    const out = kubectl(sim, 'set image deployment/web nginx=nginx:1.28 sidecar=busybox:1.36');
    expect(out.stdout).toBe('deployment.apps/web image updated\n');
    expect(out.stderr).toBe('error: unable to find container named "sidecar"\n');
    expect(out.code).toBe(1);
    expect(images(sim)).toEqual(['nginx:1.28']);
  });
});

describe('kubectl set serviceaccount', () => {
  it('sets the template\'s serviceAccountName and, unlike set image, reports an unchanged one as updated', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'create deployment web --image=nginx:1.27');
    kubectl(sim, 'create serviceaccount builder');
    expect(kubectl(sim, 'set serviceaccount deployment web builder').stdout).toBe('deployment.apps/web serviceaccount updated\n');
    expect(kubectl(sim, 'set sa deployment/web builder').stdout).toBe('deployment.apps/web serviceaccount updated\n');
    expect((sim.objects('deployments').find((o) => o.metadata.name === 'web') as Deployment).spec.template.spec!.serviceAccountName).toBe('builder');
    expect(kubectl(sim, 'set serviceaccount').stderr).toBe('error: serviceaccount is required\n');
  });

  it('names the Go type of an object without a pod template, as UpdatePodSpecForObject does', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'set sa service/kubernetes x').stderr).toBe('error: services/kubernetes the object is not a pod or does not have a pod template: *v1.Service\n');
    expect(kubectl(sim, 'set image service/kubernetes x=y').stderr).toBe('error: services/kubernetes the object is not a pod or does not have a pod template: *v1.Service\n');
  });
});
