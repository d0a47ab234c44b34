/**
 * Branded ids and units. A brand is a compile-time tag only; at run time these are plain
 * strings and numbers, so the whole World stays structured-cloneable.
 */
import type { Brand, SimDuration, SimMillis } from '../../k8s/units';

export type { Brand, SimDuration, SimMillis };
/** metadata.uid, an RFC 4122 v4 string drawn from the world's PRNG. */
export type Uid = Brand<string, 'Uid'>;
/** Storage key of an API object: `<resource>/<namespace>/<name>` or `<resource>/<name>` when cluster-scoped. */
export type ObjectKey = Brand<string, 'ObjectKey'>;
/** A simulated process or plugin: `kube-apiserver-1`, `kubelet/node-2`, `etcd-1`, `kubectl`, ... */
export type ComponentId = Brand<string, 'ComponentId'>;
/** Name of a Node object (and of the machine it describes). */
export type NodeName = Brand<string, 'NodeName'>;

export const ms = (n: number): SimDuration => n as SimDuration;
export const seconds = (n: number): SimDuration => (n * 1000) as SimDuration;
export const at = (n: number): SimMillis => n as SimMillis;
export const componentId = (s: string): ComponentId => s as ComponentId;
export const nodeName = (s: string): NodeName => s as NodeName;

export function objectKey(resource: string, namespace: string | undefined, name: string): ObjectKey {
  return (namespace ? `${resource}/${namespace}/${name}` : `${resource}/${name}`) as ObjectKey;
}

/** The per-machine agents whose ids are `<agent>/<machine>`. */
export type MachineAgent = 'kubelet' | 'container-runtime' | 'cni';

const agentIds: Record<MachineAgent, Map<string, ComponentId>> = { kubelet: new Map(), 'container-runtime': new Map(), cni: new Map() };

/**
 * `<agent>/<machine>`, the same string object each time: hot paths (every CRI call, every status
 * sync) look an agent up per Pod, and a freshly concatenated key is hashed anew on every lookup.
 * A pure memo of the concatenation, so sharing it between simulations changes nothing.
 */
export function agentId(agent: MachineAgent, machine: string): ComponentId {
  const m = agentIds[agent];
  let id = m.get(machine);
  if (id === undefined) m.set(machine, (id = `${agent}/${machine}` as ComponentId));
  return id;
}
