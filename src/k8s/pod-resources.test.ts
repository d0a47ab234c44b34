import { describe, expect, it } from 'vitest';
import { podLimits, podRequests } from './pod-resources';
import { toResourceList } from './resource-list';
import type { Container, Pod } from './types';

function c(name: string, requests: Record<string, string>, limits: Record<string, string> = {}, sidecar = false): Container {
  return { name, image: 'nginx', resources: { requests, limits }, ...(sidecar ? { restartPolicy: 'Always' as const } : {}) };
}

function pod(containers: Container[], initContainers: Container[] = [], overhead?: Record<string, string>): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers, initContainers, ...(overhead ? { overhead } : {}) } };
}

describe('component-helpers PodRequests and PodLimits', () => {
  it('adds the RuntimeClass overhead to every request, even one no container makes', () => {
    const p = pod([c('app', { cpu: '250m', memory: '64Mi' }, { cpu: '500m' })], [], { cpu: '250m', memory: '120Mi', 'ephemeral-storage': '1Gi' });
    expect(toResourceList(podRequests(p))).toEqual({ cpu: '500m', 'ephemeral-storage': '1Gi', memory: '184Mi' });
  });

  it('adds the overhead only to a limit the containers set, and not to a zero one', () => {
    const p = pod([c('app', {}, { cpu: '500m', memory: '0' })], [], { cpu: '250m', memory: '120Mi' });
    expect(toResourceList(podLimits(p))).toEqual({ cpu: '750m', memory: '0' });
    expect(toResourceList(podLimits(pod([c('app', {})], [], { cpu: '250m' })))).toEqual({});
  });

  it('runs sidecars beside the app containers and counts an init container with the sidecars started before it', () => {
    const p = pod([c('app', { cpu: '300m' })], [c('proxy', { cpu: '200m' }, {}, true), c('migrate', { cpu: '600m' })]);
    // max(app 300m + proxy 200m, migrate 600m + proxy 200m)
    expect(toResourceList(podRequests(p))).toEqual({ cpu: '800m' });
  });

  it('prints a sum in the format of its first non-zero addend, as Quantity.Add keeps it', () => {
    const p = pod([c('a', { memory: '100M' }), c('b', { memory: '64Mi' })], [], { memory: '1Gi' });
    expect(toResourceList(podRequests(p))).toEqual({ memory: '1240850688' });
    expect(toResourceList(podRequests(pod([c('a', { memory: '64Mi' })], [], { memory: '64Mi' })))).toEqual({ memory: '128Mi' });
  });

  it('counts a container resized in place at the most of its ask, what it runs with and its allocation; an Infeasible ask not at all', () => {
    const resized = (reason?: string): Pod => ({
      ...pod([c('app', { cpu: '2' }, { cpu: '2' })]),
      status: {
        phase: 'Running',
        ...(reason ? { conditions: [{ type: 'PodResizePending', status: 'True', reason }] } : {}),
        containerStatuses: [{ name: 'app', ready: true, restartCount: 0, image: 'nginx', imageID: '', state: { running: {} }, lastState: {}, allocatedResources: { cpu: '500m' }, resources: { requests: { cpu: '500m' }, limits: { cpu: '1' } } }],
      },
    }) as Pod;
    // A resize accepted or waiting its turn reserves what it asks for.
    expect(toResourceList(podRequests(resized()))).toEqual({ cpu: '2' });
    expect(toResourceList(podLimits(resized()))).toEqual({ cpu: '2' });
    expect(toResourceList(podRequests(resized('Deferred')))).toEqual({ cpu: '2' });
    // One the node can never hold counts at what the container runs with.
    expect(toResourceList(podRequests(resized('Infeasible')))).toEqual({ cpu: '500m' });
    expect(toResourceList(podLimits(resized('Infeasible')))).toEqual({ cpu: '1' });
    // The kubelet's own admission reads the spec it allocated, never the status.
    expect(toResourceList(podRequests(resized('Infeasible'), { useStatusResources: false }))).toEqual({ cpu: '2' });
  });
});

