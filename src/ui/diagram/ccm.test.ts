import { describe, expect, it } from 'vitest';
import { hopEndpoints } from './actors';
import type { ComponentNodeData } from './data';
import { toFlowGraph } from './model';
import { realRun } from './run.testing';

describe('cloud-controller-manager on the diagram', () => {
  it('is drawn absent in a kubeadm cluster', () => {
    const run = realRun(['sim advance 1s']);
    const g = toFlowGraph(run.components, run.objects, run.trace);
    const ccm = g.nodes.find((n) => n.id === 'cloud-controller-manager');
    expect((ccm?.data as ComponentNodeData | undefined)?.absent).toBe(true);
  });

  it('is drawn running, with its controllers’ messages leaving from it, when the cluster has a cloud provider', () => {
    const run = realRun(['sim topology basic --cloud-provider sim', 'kubectl create deployment web --image=nginx', 'kubectl expose deployment web --port=80 --type=LoadBalancer', 'sim advance 5s']);
    const g = toFlowGraph(run.components, run.objects, run.trace);
    const ccm = g.nodes.find((n) => n.id === 'cloud-controller-manager');
    expect(ccm?.data as ComponentNodeData).toMatchObject({ kind: 'cloud-controller-manager', running: true });
    expect((ccm?.data as ComponentNodeData).absent).toBeUndefined();
    const patch = run.trace.find((r) => r.from === 'service-controller' && r.kind === 'request')!;
    expect(hopEndpoints(patch, run.components).from).toBe('cloud-controller-manager');
  });
});
