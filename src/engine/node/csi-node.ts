/**
 * The CSI Node service of hostpath.csi.k8s.io, as kubelets call it over the plugin's socket:
 * NodeStageVolume once per volume per node, NodePublishVolume once per Pod. Each call is a
 * `csi` hop. When the driver is not running, kubelet's csi plugin cannot find it and says so.
 */
import type { ComponentId } from '../core/ids';
import { trace } from '../runtime';
import type { World } from '../world';
import { CSI_DRIVER } from '../apiserver/bootstrap';
import type { CsiState } from './csi-state';

export function csiDriver(w: World): CsiState | undefined {
  const c = w.components.get('csi' as ComponentId);
  return c?.kind === 'csi' ? c : undefined;
}

export type CsiCallResult = { ok: true } | { ok: false; error: string };

export interface CsiVolumeRef {
  pvName: string;
  handle: string;
  podUid: string;
}

function unavailable(pvName: string): CsiCallResult {
  return {
    ok: false,
    error: `MountVolume.MountDevice failed for volume "${pvName}" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ${CSI_DRIVER} not found in the list of registered CSI drivers`,
  };
}

/** NodeStageVolume (if this node has not staged it yet) then NodePublishVolume. */
export function csiMount(w: World, from: ComponentId, node: string, v: CsiVolumeRef): CsiCallResult {
  const csi = csiDriver(w);
  if (!csi?.running) return unavailable(v.pvName);
  const vol = csi.volumes.get(v.handle);
  if (vol && vol.node !== node) {
    return { ok: false, error: `MountVolume.MountDevice failed for volume "${v.pvName}" : rpc error: code = NotFound desc = volume ${v.handle} is not available on node ${node}` };
  }
  const stageKey = `${node}|${v.handle}`;
  const staging = `/var/lib/kubelet/plugins/kubernetes.io/csi/${CSI_DRIVER}/${v.handle}/globalmount`;
  if (!csi.staged.has(stageKey)) {
    csi.staged.set(stageKey, staging);
    trace(w, { from, to: csi.id, kind: 'csi', detail: { call: 'NodeStageVolume', volume: v.pvName, path: staging }, object: { kind: 'PersistentVolume', name: v.pvName } });
  }
  const target = `/var/lib/kubelet/pods/${v.podUid}/volumes/kubernetes.io~csi/${v.pvName}/mount`;
  csi.published.set(`${v.podUid}|${v.handle}`, target);
  trace(w, { from, to: csi.id, kind: 'csi', detail: { call: 'NodePublishVolume', volume: v.pvName, path: target }, object: { kind: 'PersistentVolume', name: v.pvName } });
  return { ok: true };
}

/** NodeUnpublishVolume, then NodeUnstageVolume when no other Pod on the node uses it. */
export function csiUnmount(w: World, from: ComponentId, node: string, v: CsiVolumeRef): void {
  const csi = csiDriver(w);
  if (!csi?.running || !csi.published.delete(`${v.podUid}|${v.handle}`)) return;
  trace(w, { from, to: csi.id, kind: 'csi', detail: { call: 'NodeUnpublishVolume', volume: v.pvName }, object: { kind: 'PersistentVolume', name: v.pvName } });
  const stillUsed = [...csi.published.keys()].some((k) => k.endsWith(`|${v.handle}`));
  if (!stillUsed && csi.staged.delete(`${node}|${v.handle}`)) {
    trace(w, { from, to: csi.id, kind: 'csi', detail: { call: 'NodeUnstageVolume', volume: v.pvName }, object: { kind: 'PersistentVolume', name: v.pvName } });
  }
}
