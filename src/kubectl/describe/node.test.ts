import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const RC = 'apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n  name: kata\nhandler: runc\noverhead:\n  podFixed:\n    cpu: 250m\n    memory: 120Mi\n';
const POD = `apiVersion: v1
kind: Pod
metadata:
  name: boxed
spec:
  runtimeClassName: kata
  nodeName: node-1
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 500m}
  initContainers:
  - name: side
    image: busybox:1.36
    restartPolicy: Always
    command: [sleep, "3600"]
    resources:
      requests: {cpu: 50m, memory: 32Mi}
      limits: {cpu: 100m}
`;

const GPU = `apiVersion: v1
kind: Node
metadata:
  name: gpu
status:
  capacity: {cpu: "4", memory: 8Gi, pods: "110", nvidia.com/gpu: "2", example.com/widget: "5"}
  allocatable: {cpu: "4", memory: 8Gi, pods: "110", nvidia.com/gpu: "2", example.com/widget: "5"}
---
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  nodeName: gpu
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests: {cpu: 500m, nvidia.com/gpu: "1"}
      limits: {nvidia.com/gpu: "1"}
`;

describe('kubectl describe node: what the Pods on it request', () => {
  it('counts sidecars and the RuntimeClass overhead as PodRequests/PodLimits do, overhead only on a set limit', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'create -f rc.yaml', { files: { 'rc.yaml': RC } }).stdout).toBe('runtimeclass.node.k8s.io/kata created\n');
    expect(kubectl(sim, 'create -f pod.yaml', { files: { 'pod.yaml': POD } }).stdout).toBe('pod/boxed created\n');
    sim.advance(20_000);
    const out = kubectl(sim, 'describe node node-1').stdout;
    // Byte for byte what kubectl 1.35 prints against the served cluster, Age aside (its wall clock).
    // boxed: 100m + 50m + 250m requested; 500m + 100m + 250m limited; memory 64Mi + 32Mi + 120Mi, no limit set.
    expect(out.slice(out.indexOf('Non-terminated Pods:'), out.indexOf('Events:'))).toBe(`Non-terminated Pods:          (2 in total)
  Namespace                   Name                CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                ------------  ----------  ---------------  -------------  ---
  default                     boxed               400m (10%)    850m (21%)  216Mi (2%)       0 (0%)         20s
  kube-system                 kube-proxy-2ljgc    0 (0%)        0 (0%)      0 (0%)           0 (0%)         26s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                400m (10%)  850m (21%)
  memory             216Mi (2%)  0 (0%)
  ephemeral-storage  0 (0%)      0 (0%)
  hugepages-2Mi      0 (0%)      0 (0%)
`);
  });

  it('gives every extended resource the node can allocate a row of its own, without a share', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'create -f gpu.yaml', { files: { 'gpu.yaml': GPU } }).stdout).toBe('node/gpu created\npod/trainer created\n');
    const out = kubectl(sim, 'describe node gpu').stdout;
    expect(out.slice(out.indexOf('Allocated resources:'), out.indexOf('Events:'))).toBe(`Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource            Requests    Limits
  --------            --------    ------
  cpu                 500m (12%)  0 (0%)
  memory              0 (0%)      0 (0%)
  ephemeral-storage   0 (0%)      0 (0%)
  example.com/widget  0           0
  nvidia.com/gpu      1           1
`);
  });
});
