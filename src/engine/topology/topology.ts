/**
 * Cluster shapes. `basic` is a kubeadm-style cluster: one control-plane node (tainted
 * NoSchedule) running kube-apiserver, etcd, kube-scheduler and kube-controller-manager, and
 * three workers. `ha` has three control-plane nodes, each with its own instance of all four,
 * and the apiservers behind a load balancer.
 */
import type { ResourceList } from '../../k8s/types';
import type { RuntimeChoice, RuntimeImpl, TopologyName } from '../../k8s/cluster-options';

// The shapes, CNI plugins and runtimes a cluster may be built with are shared with `sim topology`
// and the page (src/k8s/cluster-options.ts).
export { CNI_PLUGINS, DEFAULT_CNI, RUNTIME_CHOICES, TOPOLOGIES } from '../../k8s/cluster-options';
export type { CniPlugin, RuntimeChoice, TopologyName } from '../../k8s/cluster-options';

export interface MachineSpec {
  name: string;
  ip: string;
  controlPlane: boolean;
  capacity: ResourceList;
  allocatable: ResourceList;
  /** Suffix for this machine's control-plane instances (`-1`), '' in a single control plane. */
  instanceSuffix: string;
  /** The CRI implementation installed on it; absent: containerd. */
  runtime?: RuntimeImpl;
}

/** Installs the chosen runtime on each machine (containerd is the default and is left implicit). */
export function assignRuntimes(machines: MachineSpec[], choice: RuntimeChoice | undefined): void {
  if (choice === undefined || choice === 'containerd') return;
  const workers = machines.filter((m) => !m.controlPlane);
  for (const m of choice === 'cri-o' ? machines : workers.slice(-1)) m.runtime = 'cri-o';
}

const WORKER_CAPACITY: ResourceList = { cpu: '4', memory: '8141880Ki', pods: '110', 'ephemeral-storage': '61202244Ki', 'hugepages-2Mi': '0' };
const WORKER_ALLOCATABLE: ResourceList = { cpu: '4', memory: '8039480Ki', pods: '110', 'ephemeral-storage': '56403987978', 'hugepages-2Mi': '0' };
const CP_CAPACITY: ResourceList = { cpu: '2', memory: '4015080Ki', pods: '110', 'ephemeral-storage': '61202244Ki', 'hugepages-2Mi': '0' };
const CP_ALLOCATABLE: ResourceList = { cpu: '2', memory: '3912680Ki', pods: '110', 'ephemeral-storage': '56403987978', 'hugepages-2Mi': '0' };

function worker(name: string, ip: string): MachineSpec {
  return { name, ip, controlPlane: false, capacity: { ...WORKER_CAPACITY }, allocatable: { ...WORKER_ALLOCATABLE }, instanceSuffix: '' };
}

export interface TopologySpec {
  name: TopologyName;
  machines: MachineSpec[];
}

/** `controlPlanes`: the ha topology's control-plane machines (stacked etcd: its etcd members). */
export function topologySpec(name: TopologyName, workers = 3, controlPlanes = 3): TopologySpec {
  const workerNames = Array.from({ length: workers }, (_, i) => `node-${i + 1}`);
  if (name === 'basic') {
    return {
      name,
      machines: [
        { name: 'control-plane', ip: '10.0.0.10', controlPlane: true, capacity: { ...CP_CAPACITY }, allocatable: { ...CP_ALLOCATABLE }, instanceSuffix: '' },
        ...workerNames.map((n, i) => worker(n, ipFor(11 + i))),
      ],
    };
  }
  return {
    name,
    machines: [
      ...Array.from({ length: controlPlanes }, (_, k) => k + 1).map((i) => ({
        name: `control-plane-${i}`,
        ip: `10.0.0.${9 + i}`,
        controlPlane: true,
        capacity: { ...CP_CAPACITY },
        allocatable: { ...CP_ALLOCATABLE },
        instanceSuffix: `-${i}`,
      })),
      ...workerNames.map((n, i) => worker(n, ipFor(21 + i))),
    ],
  };
}

/** Worker IPs continue past 10.0.0.255 into 10.0.1.x for large benchmark clusters. */
function ipFor(n: number): string {
  return `10.0.${Math.floor(n / 256)}.${n % 256}`;
}
