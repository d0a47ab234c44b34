/**
 * The network an exec probe's command dials out on (node/process-net.ts containerNetwork). The
 * node's traffic code reaches the kubelet's server, so the prober cannot import it: dispatch.ts
 * wires it at load, as it wires the kubelets' servers into kube-apiserver.
 */
import type { World } from '../world';
import type { NetworkView } from '../images/types';
import type { ContainerRecord, RuntimeState } from '../node/runtime-state';

export type ContainerNetwork = (w: World, rt: RuntimeState, c: ContainerRecord) => NetworkView | undefined;

let network: ContainerNetwork | undefined;

/** Called once, by dispatch.ts, at load. */
export function connectProbeNetwork(n: ContainerNetwork): void {
  network = n;
}

export function probeNetwork(w: World, rt: RuntimeState, c: ContainerRecord): NetworkView {
  if (!network) throw new Error('the probes\' network is not wired (dispatch.ts connects it at load)');
  return network(w, rt, c) ?? {};
}
