/**
 * A machine's resources as its kernel reports them (images/sysinfo.ts): the CPUs, MemTotal and the
 * root filesystem's size are the Node's capacity (topology.ts; the kubelet reads them from
 * cAdvisor and statfs, so `free`, `nproc` and `df` agree with `kubectl describe node`).
 *
 * Memory in use is the machine's working set (resource-metrics.ts nodeUsage: its containers and
 * its daemons, what `kubectl top node` shows); `baseFacts` counts the daemons alone, for a
 * container's own process, whose inputs are fixed when it starts (an exec sees the live number).
 *
 * Approximate: disk in use is the OS and Kubernetes packages plus the unpacked images in the
 * runtime's store (container layers and logs are not counted); the machine booted 52 s before the
 * cluster's first moment, and a power cycle does not reset its uptime.
 */
import { milli } from '../../k8s/quantity';
import { resolveImage } from '../images/catalog';
import type { MachineFacts } from '../images/sysinfo';
import type { World } from '../world';
import type { RuntimeState } from './runtime-state';

const MiB = 1 << 20;
/** kubelet, containerd, systemd and the kernel: CPU and memory no container accounts for. */
export const NODE_DAEMONS = { millicores: 45, bytes: 410 * MiB };
/** Ubuntu 24.04's cloud image with containerd, the kubelet and kubeadm installed, KiB. */
const OS_USED_KIB = 4_718_592;
const BOOTED_AT = -52_000;

function kib(q: string | undefined): number {
  return Math.floor(milli(q) / 1000 / 1024);
}

/** The machine's facts with `memUsedBytes` in use (default: its daemons alone). */
export function baseFacts(w: World, host: string, rt: RuntimeState | undefined, memUsedBytes = NODE_DAEMONS.bytes): MachineFacts | undefined {
  const spec = w.machineSpecs.get(host);
  if (!spec) return undefined;
  let images = 0;
  for (const img of rt?.images.values() ?? []) images += resolveImage(img.ref).unpackedSizeBytes ?? img.sizeBytes;
  const diskKib = kib(spec.capacity['ephemeral-storage']);
  return {
    cpus: Math.max(1, Math.ceil(milli(spec.capacity['cpu']) / 1000)),
    memTotalKib: kib(spec.capacity['memory']),
    memUsedBytes,
    diskKib,
    diskUsedKib: Math.min(diskKib, OS_USED_KIB + Math.ceil(images / 1024)),
    bootedAt: BOOTED_AT,
  };
}
