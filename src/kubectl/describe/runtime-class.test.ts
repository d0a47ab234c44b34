import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const RC = 'apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n  name: gvisor\nhandler: gvisor\n';
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: sandboxed\nspec:\n  runtimeClassName: gvisor\n  containers:\n  - name: app\n    image: nginx:1.27\n';

describe('kubectl get and describe for RuntimeClasses', () => {
  const sim = new Simulation({ seed: 1 });

  it('finds none on a kubeadm cluster, then prints printRuntimeClass’s columns', () => {
    expect(kubectl(sim, 'get runtimeclass').all).toBe('No resources found\n');
    expect(kubectl(sim, 'create -f rc.yaml', { files: { 'rc.yaml': RC } }).stdout).toBe('runtimeclass.node.k8s.io/gvisor created\n');
    expect(kubectl(sim, 'get runtimeclass').stdout).toBe(['NAME     HANDLER   AGE', 'gvisor   gvisor    0s', ''].join('\n'));
  });

  it('describes it with the generic describer (describe.go has no RuntimeClass describer)', () => {
    const out = kubectl(sim, 'describe runtimeclass gvisor').stdout;
    expect(out.split('\n').filter((l) => !/^ {2}(Creation Timestamp|Resource Version|UID):/.test(l))).toEqual([
      'Name:         gvisor',
      'Namespace:    ',
      'Labels:       <none>',
      'Annotations:  <none>',
      'API Version:  node.k8s.io/v1',
      'Handler:      gvisor',
      'Kind:         RuntimeClass',
      'Metadata:',
      // One tabwriter block with the Metadata lines left out above: Events lines up with them.
      'Events:                <none>',
      '',
    ]);
  });

  it("shows the Pod's class and the sandbox failures in describe pod", () => {
    expect(kubectl(sim, 'create -f pod.yaml', { files: { 'pod.yaml': POD } }).stdout).toBe('pod/sandboxed created\n');
    sim.advance(20_000);
    expect(kubectl(sim, 'get pod sandboxed').stdout).toBe(['NAME        READY   STATUS              RESTARTS   AGE', 'sandboxed   0/1     ContainerCreating   0          20s', ''].join('\n'));
    const out = kubectl(sim, 'describe pod sandboxed').stdout;
    expect(out).toContain('\nRuntime Class Name:  gvisor\nService Account:     default\n');
    expect(out).toMatch(/ {2}Warning {2}FailedCreatePodSandBox {2}\d+s {3}kubelet {12}Failed to create pod sandbox: rpc error: code = Unknown desc = unable to get OCI runtime for sandbox "[0-9a-f]{64}": no runtime for "gvisor" is configured\n/);
  });
});
