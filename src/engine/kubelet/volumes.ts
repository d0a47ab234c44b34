/**
 * The volume manager, one Pod at a time: every volume in the spec must be set up before the
 * sandbox is created. ConfigMaps and Secrets are read through kube-apiserver and written out as
 * files; PVCs must be bound to a PV, whose CSI volume is staged and published by the driver's node
 * plugin; every volume's contents live in `World.volumeData` (volume-data.ts).
 * A failed mount is retried with nestedpendingoperations' back-off (500 ms doubling to 2m2s),
 * each failure a `FailedMount` event; a Pod that waited 2 minutes gets the summary event.
 */
import type { ConfigMap, KeyToPath, PersistentVolume, PersistentVolumeClaim, Pod, Secret, Volume } from '../../k8s/types';
import { isNotFound } from '../client/client';
import { jitter } from '../runtime';
import type { World } from '../world';
import { csiMount, csiUnmount } from '../node/csi-node';
import { api, podEvent } from './client';
import type { KubeletState, PodWorker } from './state';
import { projectedLayer } from './projected';
import { downwardFiles, kubeletPodView } from './downward-api';
import { newLayer } from '../images/fs';
import { dropPodVolumes, ensureVolume, hostPathKey, payloadLayer, podFsGroup, podVolumeKey, pvVolumeKey, setPayload } from './volume-data';
import { setVolumeOwnership } from './volume-ownership';
import { milli } from '../../k8s/quantity';
import { podLimits } from '../../k8s/pod-resources';
import { FROM_CACHE } from '../../k8s/read-consistency';

const RETRY_INITIAL = 500;
const RETRY_MAX = 122_000;
/** WaitForAttachAndMount's timeout. */
export const MOUNT_TIMEOUT = 123_000;

export function mountLatency(w: World, v: Volume): number {
  if (v.persistentVolumeClaim) return jitter(w, 150, 0.5);
  if (v.configMap || v.secret || v.projected || v.downwardAPI) return jitter(w, 15, 0.5);
  return jitter(w, 5, 0.5);
}

/**
 * calculateEmptyDirMemorySize: the node's allocatable memory, or the Pod's memory limit when
 * every container declares one and it is smaller, or the volume's sizeLimit when smaller still.
 */
function emptyDirMemorySize(w: World, self: KubeletState, pod: Pod, sizeLimit: string | undefined): number {
  let size = milli(w.machineSpecs.get(self.host)?.allocatable['memory']) / 1000;
  const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
  const podLimit = all.every((c) => c.resources?.limits?.['memory'] !== undefined) ? (podLimits(pod).get('memory')?.milli ?? 0) / 1000 : 0;
  if (podLimit > 0 && podLimit <= size) size = podLimit;
  const volumeLimit = milli(sizeLimit) / 1000;
  if (volumeLimit > 0 && volumeLimit <= size) size = volumeLimit;
  return size;
}

/** The next volume to set up now, or whether the Pod is still waiting on a back-off. */
export function nextVolume(w: World, wk: PodWorker, pod: Pod): { volume: Volume } | { waitUntil: number } | undefined {
  let wait: number | undefined;
  for (const v of pod.spec.volumes ?? []) {
    if (wk.mounted.includes(v.name)) continue;
    const retry = wk.mountRetry.get(v.name);
    if (retry && retry.at > w.now) {
      wait = Math.min(wait ?? Infinity, retry.at);
      continue;
    }
    return { volume: v };
  }
  return wait === undefined ? undefined : { waitUntil: wait };
}

type MountOutcome = { ok: true } | { ok: false; error: string; quiet?: boolean };

function fetchNamed(w: World, self: KubeletState, wk: PodWorker, v: Volume, resource: 'configmaps' | 'secrets', namespace: string, name: string, src: { optional?: boolean; items?: KeyToPath[]; defaultMode?: number }): MountOutcome {
  // The kubelet's Watch-strategy manager reads its per-object Reflector's store, filled by a
  // `resourceVersion=0` list: the watch cache's answer, which needs no etcd quorum.
  const res = api(w, self, { verb: 'get', resource, namespace, name, read: FROM_CACHE });
  const what = resource === 'configmaps' ? 'configmap' : 'secret';
  if (!res.ok && !(src.optional && isNotFound(res))) return { ok: false, error: isNotFound(res) ? `${what} "${name}" not found` : res.error.message };
  const payload = payloadLayer(what, res.ok ? (res.object as ConfigMap | Secret | undefined) : undefined, src.items, src.optional === true, src.defaultMode);
  if (!payload.ok) return payload;
  setPayload(w, wk, v.name, payload.layer);
  return { ok: true };
}

function mountClaim(w: World, self: KubeletState, wk: PodWorker, pod: Pod, v: Volume, claim: string): MountOutcome {
  const ns = pod.metadata.namespace ?? 'default';
  const res = api(w, self, { verb: 'get', resource: 'persistentvolumeclaims', namespace: ns, name: claim });
  if (isNotFound(res)) return { ok: false, error: `persistentvolumeclaim "${claim}" not found`, quiet: true };
  if (!res.ok || !res.object) return { ok: false, error: res.ok ? 'no object' : res.error.message, quiet: true };
  const pvc = res.object as PersistentVolumeClaim;
  const pvName = pvc.spec.volumeName;
  // An unbound claim is not an error yet: the volume manager keeps waiting for the binder.
  if (!pvName || pvc.status?.phase !== 'Bound') return { ok: false, error: `PVC ${ns}/${claim} is not bound`, quiet: true };
  const pvRes = api(w, self, { verb: 'get', resource: 'persistentvolumes', name: pvName });
  if (!pvRes.ok || !pvRes.object) return { ok: false, error: `persistentvolume "${pvName}" not found`, quiet: true };
  const pv = pvRes.object as PersistentVolume;
  // A hostPath PV is the directory on whichever node runs the Pod (volume/hostpath: no attach, a bind mount).
  const layer = ensureVolume(w, wk, v.name, pv.spec.hostPath ? hostPathKey(self.host, pv.spec.hostPath.path) : pvVolumeKey(pv));
  const fsGroup = podFsGroup(pod);
  // The claim's driver applies the fsGroup (the CSIDriver's fsGroupPolicy File, as ours says).
  if (fsGroup !== undefined && pv.spec.csi) setVolumeOwnership(layer, fsGroup, v.persistentVolumeClaim?.readOnly === true, 0o777, pod.spec.securityContext?.['fsGroupChangePolicy'] as string | undefined);
  if (!pv.spec.csi) return { ok: true };
  const ref = { pvName, handle: pv.spec.csi.volumeHandle, podUid: wk.uid };
  const r = csiMount(w, self.id, self.host, ref);
  if (!r.ok) return { ok: false, error: r.error };
  // The actual state of the world: what to unpublish later, without asking the API again.
  wk.csiVolumes.set(v.name, { pvName, handle: ref.handle });
  return { ok: true };
}

function setUp(w: World, self: KubeletState, wk: PodWorker, pod: Pod, v: Volume): MountOutcome {
  const ns = pod.metadata.namespace ?? 'default';
  if (v.configMap) return fetchNamed(w, self, wk, v, 'configmaps', ns, v.configMap.name, v.configMap);
  if (v.secret) return fetchNamed(w, self, wk, v, 'secrets', ns, v.secret.secretName, v.secret);
  if (v.persistentVolumeClaim) return mountClaim(w, self, wk, pod, v, v.persistentVolumeClaim.claimName);
  if (v.downwardAPI) {
    const files = downwardFiles(kubeletPodView(pod, wk.seen), v.downwardAPI.items ?? [], v.downwardAPI.defaultMode, w.machineSpecs.get(self.host)?.allocatable ?? {});
    if (!files.ok) return files;
    setPayload(w, wk, v.name, { ...newLayer(), files: files.files, modes: files.modes });
    return { ok: true };
  }
  if (v.projected) {
    const projected = projectedLayer(w, self.host, kubeletPodView(pod, wk.seen), v.projected.sources ?? [], v.projected.defaultMode);
    if (!projected.ok) return projected;
    setPayload(w, wk, v.name, projected.layer);
    return { ok: true };
  }
  if (v.emptyDir) {
    const layer = ensureVolume(w, wk, v.name, podVolumeKey(wk.uid, v.name));
    if (v.emptyDir.medium === 'Memory') {
      layer.tmpfs = true;
      layer.sizeBytes = emptyDirMemorySize(w, self, pod, v.emptyDir.sizeLimit);
    }
    const fsGroup = podFsGroup(pod);
    if (fsGroup !== undefined) setVolumeOwnership(layer, fsGroup, false, layer.tmpfs ? 0o1777 : 0o777);
  } else if (v.hostPath) ensureVolume(w, wk, v.name, hostPathKey(self.host, v.hostPath.path));
  return { ok: true };
}

/** Completes a `mount` op: success marks the volume ready; failure arms the retry and reports. */
export function finishMount(w: World, self: KubeletState, wk: PodWorker, pod: Pod, name: string): void {
  const v = (pod.spec.volumes ?? []).find((x) => x.name === name);
  if (!v) return;
  const out = setUp(w, self, wk, pod, v);
  if (out.ok) {
    wk.mounted.push(name);
    wk.mountRetry.delete(name);
    return;
  }
  const prev = wk.mountRetry.get(name);
  const delay = prev ? Math.min(prev.delay * 2, RETRY_MAX) : RETRY_INITIAL;
  wk.mountRetry.set(name, { at: w.now + delay, delay });
  if (out.quiet) return;
  const message = out.error.startsWith('MountVolume.') ? out.error : `MountVolume.SetUp failed for volume "${name}" : ${out.error}`;
  podEvent(w, self, pod, 'Warning', 'FailedMount', message);
}

/** The 2-minute summary event, once per timeout period. */
export function mountTimeout(w: World, self: KubeletState, wk: PodWorker, pod: Pod): void {
  const since = wk.mountWaitSince ?? w.now;
  wk.mountWaitSince ??= w.now;
  if (w.now - since < MOUNT_TIMEOUT) return;
  wk.mountWaitSince = w.now;
  const unmounted = (pod.spec.volumes ?? []).filter((v) => !wk.mounted.includes(v.name)).map((v) => v.name);
  podEvent(w, self, pod, 'Warning', 'FailedMount', `Unable to attach or mount volumes: unmounted volumes=[${unmounted.join(' ')}], unattached volumes=[], failed to process volumes=[]: context deadline exceeded`);
}

/** Tears a Pod's volumes down (CSI NodeUnpublish/NodeUnstage for persistent ones). */
export function unmountAll(w: World, self: KubeletState, wk: PodWorker): void {
  for (const ref of wk.csiVolumes.values()) csiUnmount(w, self.id, self.host, { ...ref, podUid: wk.uid });
  wk.csiVolumes = new Map();
  dropPodVolumes(w, wk);
  wk.mounted = [];
}
