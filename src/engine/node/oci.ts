/**
 * The OCI runtime hop: below the CRI, containerd (through its shim) and CRI-O (through conmon)
 * run `runc create` / `runc start` (`crun` on CRI-O) on a bundle for the sandbox's pause
 * container and for every container — with the binary of the sandbox's runtime handler, so a
 * RuntimeClass naming `runc` runs under runc on CRI-O too. The binary keeps no daemon state, so
 * there is no component behind the `runc/<node>` actor: the hop is a trace record from the
 * runtime, nothing more.
 */
import type { ComponentId } from '../core/ids';
import { trace } from '../runtime';
import type { World } from '../world';
import { ociActor, ociRuntimeOf } from './runtime-impl';
import type { RuntimeState, SandboxRecord } from './runtime-state';

export function ociCall(w: World, rt: RuntimeState, op: 'create' | 'start', id: string, sb: SandboxRecord, container?: string): void {
  const pod = { namespace: sb.podNamespace, name: sb.podName };
  const runtime = ociRuntimeOf(rt, sb.runtimeHandler);
  trace(w, {
    from: rt.id,
    to: ociActor(rt, runtime) as ComponentId,
    kind: 'oci',
    detail: { runtime, op, id, pod, ...(container !== undefined ? { container } : {}) },
    object: { kind: 'Pod', ...pod },
  });
}
