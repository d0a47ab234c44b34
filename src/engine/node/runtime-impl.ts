/**
 * Which CRI implementation a node runs. Both serve the same CRI RuntimeService and ImageService
 * to the kubelet; what differs is what a person on the node sees: the process and socket
 * (containerd vs crio), the scheme of container ids in Pod status (`containerd://` vs
 * `cri-o://`), the Node's status.nodeInfo.containerRuntimeVersion, and the OCI runtime each
 * hands containers to (containerd's default runc; CRI-O's packaged config defaults to crun).
 */
import type { RuntimeImpl } from '../../k8s/cluster-options';
import type { RuntimeState } from './runtime-state';

export type { RuntimeImpl } from '../../k8s/cluster-options';

export const RUNTIME_IMPLS: readonly RuntimeImpl[] = ['containerd', 'cri-o'];

export interface RuntimeFacts {
  impl: RuntimeImpl;
  /** status.nodeInfo.containerRuntimeVersion. */
  version: string;
  /** The daemon's process (and systemd unit) name. */
  process: 'containerd' | 'crio';
  socket: string;
  /** The OCI runtime binary the daemon runs containers with. */
  oci: OciRuntime;
  ociVersion: string;
  /**
   * The runtime handlers its default config defines (what a RuntimeClass's handler may name):
   * containerd's has runc alone; CRI-O's packaged config defines crun, its default, and runc.
   */
  handlers: readonly string[];
}

export type OciRuntime = 'runc' | 'crun';

const FACTS: Readonly<Record<RuntimeImpl, RuntimeFacts>> = {
  containerd: { impl: 'containerd', version: 'containerd://2.1.4', process: 'containerd', socket: '/run/containerd/containerd.sock', oci: 'runc', ociVersion: '1.3.0', handlers: ['runc'] },
  'cri-o': { impl: 'cri-o', version: 'cri-o://1.36.1', process: 'crio', socket: '/var/run/crio/crio.sock', oci: 'crun', ociVersion: '1.23.1', handlers: ['crun', 'runc'] },
};

export function runtimeFacts(impl: RuntimeImpl | undefined): RuntimeFacts {
  return FACTS[impl ?? 'containerd'];
}

export function factsOf(rt: Pick<RuntimeState, 'impl'> | undefined): RuntimeFacts {
  return runtimeFacts(rt?.impl);
}

/** A container id as Pod status carries it: `containerd://<id>` or `cri-o://<id>`. */
export function containerUri(rt: Pick<RuntimeState, 'impl'> | undefined, id: string): string {
  return `${rt?.impl ?? 'containerd'}://${id}`;
}

/** The runtime's answer when its socket is gone (grpc's dial error on the kubelet's side). */
export function runtimeUnavailable(rt: Pick<RuntimeState, 'impl'> | undefined): string {
  return `rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix ${factsOf(rt).socket}: connect: connection refused"`;
}

/**
 * The OCI runtime a sandbox (and every container in it) runs under: its runtime handler's
 * binary, or the runtime's default one for the empty handler. Both configs name each handler
 * after its binary (CRI-O's [crio.runtime.runtimes.runc] runs runc, not its default crun).
 */
export function ociRuntimeOf(rt: Pick<RuntimeState, 'impl'>, handler: string): OciRuntime {
  return handler === 'runc' || handler === 'crun' ? handler : factsOf(rt).oci;
}

/** The trace actor (and diagram box) of an OCI runtime on a node: `runc/node-1`, `crun/node-3`. */
export function ociActor(rt: Pick<RuntimeState, 'host'>, oci: OciRuntime): string {
  return `${oci}/${rt.host}`;
}

/**
 * RunPodSandbox's answer for a handler the runtime's config does not define. containerd
 * (internal/cri/server/sandbox_run.go) has already generated the sandbox id it names; CRI-O
 * (ValidateRuntimeHandler) prints its handler table with %v, a map of pointers, so the
 * addresses stand in for the ones a real crio process would print.
 */
export function unknownHandler(rt: Pick<RuntimeState, 'impl'>, handler: string, sandboxId: string): string {
  const facts = factsOf(rt);
  if (facts.impl === 'cri-o') {
    const table = facts.handlers.map((h, i) => `${h}:0xc0004${(0xa2b40 + i * 0x140).toString(16)}`).join(' ');
    return `rpc error: code = Unknown desc = failed to find runtime handler ${handler} from runtime list map[${table}]`;
  }
  return `rpc error: code = Unknown desc = unable to get OCI runtime for sandbox ${JSON.stringify(sandboxId)}: no runtime for ${JSON.stringify(handler)} is configured`;
}
