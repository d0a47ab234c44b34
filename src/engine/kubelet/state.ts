import type { ContainerStateTerminated, Lease, NodeCondition, Pod, PodSpec, PodStatus, ResourceRequirements } from '../../k8s/types';
import type { KubeletJournal } from './journal-state';
import type { ComponentBase } from '../core/component';
import type { InformerState } from '../client/types';
import type { BackoffEntry } from '../client/backoff';
import type { PlegState } from './pleg-clock';

export type ProbeKind = 'liveness' | 'readiness' | 'startup';

/** One probe worker's view of one container instance (prober/worker.go). */
export interface ProbeBook {
  kind: ProbeKind;
  /** The container instance it probes; a restarted container gets fresh books. */
  containerId: string;
  /** The result the prober manager reports (readiness starts Failure, startup Unknown). */
  result: 'success' | 'failure' | 'unknown';
  /** Consecutive outcomes equal to `lastOk` (compared with success/failure thresholds). */
  run: number;
  lastOk: boolean | undefined;
}

/** What the kubelet remembers about one container of a Pod beyond what the runtime knows. */
export interface ContainerBook {
  /** kubelet's reasonCache: why the last attempt to start it failed (the waiting reason). */
  waiting?: { reason: string; message: string };
  /** The last pull failure, quoted by the ImagePullBackOff message. */
  lastPullError?: string;
  probes: ProbeBook[];
  /** The instance whose postStart hook runs: the kubelet reports it once the hook returns. */
  postStartOf?: string;
  /** A liveness or startup probe failed past its threshold, or the postStart hook failed: kill this instance and restart. */
  killFor?: { containerId: string; reason: 'liveness' | 'startup' | 'postStart' };
}

/** The one CRI/CSI operation a Pod worker has in flight; it completes on the `op` timer. */
export type PodOp =
  | { kind: 'mount'; volume: string }
  | { kind: 'sandbox' }
  | { kind: 'pull'; container: string; image: string; requestedAt: number; pullMs: number }
  | { kind: 'create'; container: string }
  | { kind: 'start'; container: string; containerId: string }
  | { kind: 'stop'; containerIds: string[] }
  | { kind: 'stop-sandbox'; sandboxId: string }
  | { kind: 'resize'; container: string }
  /** The container's postStart hook, still running: startContainer returns when it does (`failure`: its event's message). */
  | { kind: 'post-start'; container: string; containerId: string; failure?: string };

/** Per-pass memory: what this sync pass already did, so re-entering it after an op moves on. */
export interface SyncPass {
  /** Containers whose start was attempted (or deliberately skipped) in this pass. */
  handled: string[];
  /** Containers whose image step already succeeded in this pass (no second "already present"). */
  imageReady: string[];
  /** Earliest time a back-off or retry in this pass asks to be synced again. */
  retryAt: number | undefined;
  /** Warnings already recorded in this pass (NetworkNotReady once per pass, not per step). */
  noted: string[];
  /** An operation failed in a way that ends the pass (e.g. the sandbox could not be created). */
  stop: boolean;
}

export interface MountRetry {
  /** Next attempt not before this time (nestedpendingoperations' exponential back-off). */
  at: number;
  delay: number;
}

/** One Pod's worker (pod_workers.go): at most one sync, and one operation, at a time. */
export interface PodWorker {
  uid: string;
  namespace: string;
  name: string;
  /** syncing → terminating (deleted, or all containers done for good) → terminated. */
  lifecycle: 'syncing' | 'terminating' | 'terminated';
  admitted: boolean;
  rejected?: { reason: string; message: string };
  /** status.startTime, fixed when the kubelet first accepted the Pod. */
  startTime: string | undefined;
  op: (PodOp & { seq: number }) | undefined;
  opSeq: number;
  /** A sync was asked for while busy; run a new pass when the current one ends. */
  dirty: boolean;
  pass: SyncPass | undefined;
  /** Volumes set up for this Pod (by volume name). */
  mounted: string[];
  /** By volume name (the user's word: a Map, so `constructor` is a name like any other). */
  mountRetry: Map<string, MountRetry>;
  /** Volume name → its contents' key in `World.volumeData` (kubelet/volume-data.ts). */
  volumeData?: Map<string, string>;
  /** CSI volumes published for this Pod (volume name → PV and handle), to unpublish on teardown. */
  csiVolumes: Map<string, { pvName: string; handle: string }>;
  /** When the kubelet started waiting for volumes (the 2-minute "timed out" event). */
  mountWaitSince: number | undefined;
  /** By container name. */
  containers: Map<string, ContainerBook>;
  statusPending: boolean;
  /** The newest copy of the Pod this kubelet has seen, including its own status writes. */
  pod: Pod;
  /** kubernetes.io/config.seen of an API Pod (RFC 3339 with nanoseconds): when this kubelet first saw it. */
  seen?: string;
  /** The Pod is gone from kube-apiserver; the worker only tears down what remains. */
  deleted: boolean;
  /** A resync timer is armed for this time (so back-offs do not pile up timers). */
  resyncAt: number | undefined;
  /**
   * The end of its last sync (pod_workers.go lastSyncTime) and how many PLEG relists had run by
   * then: the next sync waits for a pod cache newer than that (pleg.ts).
   */
  synced?: { at: number; seq: number };
  /** The final DELETE (grace period 0) was sent. */
  deleteSent: boolean;
  /**
   * The allocation manager's checkpoint: the spec whose container resources were admitted, or
   * last accepted by an in-place resize (specs are never mutated, so a reference is enough).
   */
  allocated?: PodSpec;
  /** By container name: the resources last applied to it. Present once a resize was accepted. */
  actuated?: Map<string, ResourceRequirements>;
  /** The PodResizePending condition's reason (Infeasible, Deferred) and message. */
  resizePending?: { reason: string; message: string };
  /**
   * Present on a static Pod's worker (a learner's manifest; static-pods.ts): `uid` is the config
   * hash and `pod` the file source's Pod, never replaced by kube-apiserver's copy. The mirror Pod
   * is only where the status goes — the newest copy seen or written, and the status last
   * written, which a re-created mirror gets again (status_manager.go keeps it by the static UID);
   * `retryAt`: a stale mirror's delete failed, tried again at the worker's next pass; `started`:
   * its first pass was asked for (not before an older manifest's Pod of the same name is gone).
   */
  mirror?: { pod?: Pod; status?: PodStatus; retryAt?: number; started?: boolean };
}

/** The identity of the machine as the kubelet reads it from /etc/machine-id, DMI and /proc. */
export interface MachineIdentity {
  machineID: string;
  systemUUID: string;
  bootID: string;
}

/** What the kubelet remembers about one static Pod's process (see static-pods.ts). */
export interface StaticPodBook {
  /** kubernetes.io/config.hash of the manifest. */
  hash: string;
  /** kubernetes.io/config.seen: when this kubelet first read the manifest. */
  seen: string;
  running: boolean;
  startedAt: number;
  finishedAt?: number;
  restartCount: number;
  containerId: string;
  /** The previous run, once the process has been restarted. */
  last?: ContainerStateTerminated;
  /**
   * resourceVersion of the mirror Pod whose status a relist found current. While the Pod keeps
   * that version and the process has not started or stopped, the status computed from them is
   * the same again, so the relist has nothing to do.
   */
  currentAt?: string;
  /** Started by this kubelet and not yet seen running: its first run, not a restart. */
  starting?: boolean;
  /**
   * Why the kubelet cannot run this manifest's container (static-pod-run.ts): its image does not
   * pull, or the binary exits at once on a flag it does not know. Retried on a back-off.
   */
  blocked?: { reason: 'pull'; image: string } | { reason: 'crash'; error: string };
  /** The container's waiting state while blocked (ErrImagePull, ImagePullBackOff, CrashLoopBackOff). */
  waiting?: { reason: string; message: string };
  /** Attempts so far, the next one's time, and the last one's (for ErrImagePull turning into ImagePullBackOff). */
  tries?: number;
  nextTryAt?: number;
  triedAt?: number;
  /** The pod worker's requeue after the last failed sync (10–15 s): the next sync between tries. */
  requeueAt?: number;
  /** What the last run wrote before it exited (`crictl logs`). */
  crashLog?: string[];
  /**
   * The container before the current one, which the runtime still holds: container GC keeps a
   * Pod's newest instance of a container and the one before it (cri.ts pruneDeadInstances, as
   * for every Pod), so `crictl ps -a` lists it Exited and `crictl logs` reads it.
   */
  previous?: StaticPrevious;
  /**
   * The sandbox the current container runs in: a new one each time the static Pod is started
   * (a new UID, or the same UID again after its removal), with CRI metadata.attempt one past the
   * Pod's newest sandbox still in the runtime (computePodActions' podSandboxChanged).
   */
  sandbox: StaticSandbox;
  /**
   * The static Pod's NotReady sandbox from before it was removed and put back, which the runtime
   * keeps while `previous` (the container that ran in it) is there (kuberuntime_gc.go evicts a
   * sandbox only once it holds no container).
   */
  priorSandbox?: StaticSandbox;
  /**
   * A stale mirror Pod's delete failed (kube-apiserver down): tryReconcileMirrorPods runs again
   * only at the static Pod's next sync — the pod worker's requeue (10–15 s after a sync that
   * failed, as a back-off does; 60–90 s after one that did not) or a container's start or exit.
   */
  mirrorRetryAt?: number;
}

/** A control-plane static Pod's sandbox (its pause container), as crictl pods lists it. */
export interface StaticSandbox {
  /** 64 hex. */
  id: string;
  attempt: number;
  createdAt: number;
}

/** A static Pod's dead container (StaticPodBook.previous). */
export interface StaticPrevious {
  containerId: string;
  /** The sandbox it ran in, when not its book's current one. */
  sandboxId?: string;
  attempt: number;
  createdAt: number;
  finishedAt: number;
  exitCode: number;
  crashLog?: string[];
}

/** A control-plane static Pod's leftovers in the runtime (KubeletState.staticGone). */
export interface StaticGone {
  /** The mirror Pod's name (`kube-scheduler-control-plane`): a static Pod keeps its name across UIDs. */
  name: string;
  /** The static Pod's UID, its config hash: put back unchanged, the Pod finds these again. */
  hash: string;
  /** The component (`kube-scheduler`): the container's name. */
  container: string;
  sandboxes: StaticSandbox[];
  /** Exited, newest first. */
  containers: StaticPrevious[];
  /**
   * From when container GC may remove them: once the pod worker has forgotten the Pod
   * (HandlePodCleanups' SyncKnownPods, at the next housekeeping), ShouldPodContentBeRemoved holds.
   */
  collectableAt: number;
}

/** One Pod of the file source (static-pod-source.ts): the manifest at `path`, decoded. */
export interface StaticPodConfig {
  /** The Pod's name with the node's appended (`kube-scheduler-control-plane`). */
  name: string;
  path: string;
  /** kubernetes.io/config.hash: the static Pod's UID. */
  hash: string;
  pod: Pod;
}

/** One node's kubelet (owned by src/engine/kubelet). */
export interface KubeletState extends ComponentBase {
  kind: 'kubelet';
  informers: Record<string, InformerState>;
  machine: MachineIdentity | undefined;
  registered: boolean;
  /** Conditions as last computed (events are recorded on transitions). */
  conditions: NodeCondition[];
  /** Status last posted, without heartbeat times (node-status.ts's postedView), and when. */
  lastPostedStatus: object | undefined;
  lastPostedAt: number;
  /** The node's podCIDR already handed to the runtime (UpdateRuntimeConfig). */
  podCIDR: string | undefined;
  lease: Lease | undefined;
  workers: Map<string, PodWorker>;
  /** The generic PLEG and the pod cache (pleg.ts); reset when the kubelet starts. */
  pleg: PlegState;
  /** Container restart back-off (CrashLoopBackOff), keyed by Pod UID + container name. */
  crashBackoff: Map<string, BackoffEntry>;
  /** Image pull back-off, keyed by Pod UID + image. */
  imageBackoff: Map<string, BackoffEntry>;
  /** serializeImagePulls: the puller is busy until this time. */
  pullerFreeAt: number;
  /** image → when the full download of its layers (queued or running) completes on this node. */
  layersReadyAt: Map<string, number>;
  /** Set once the node first reported Ready (ends the fast start-up status loop). */
  everReady: boolean;
  startedAt: number;
  /**
   * Static Pods by mirror Pod name. Kept across kubelet restarts: the processes (and their
   * restart counts) outlive the kubelet, as containers do.
   */
  staticPods: Record<string, StaticPodBook>;
  /**
   * What the runtime still holds of control-plane static Pods removed from the file source (or
   * replaced by an edited manifest): their stopped sandboxes and exited containers, until
   * container GC removes them (static-pod-gc.ts). Kept across restarts, like staticPods.
   */
  staticGone?: StaticGone[];
  /**
   * The learner's static Pods removed from the file source whose stopped sandbox and exited
   * containers the runtime keeps until container GC (static-pod-gc.ts): UID → from when they are
   * collectable. Put back (the same UID) before then, the Pod's worker finds them.
   */
  staticLeft?: Record<string, number>;
  /** When the armed container GC pass runs (static-pod-gc.ts), so a second one never is. */
  containerGCAt?: number;
  /**
   * The file source's store (static-pod-source.ts), by `namespace/name`, and which file gave
   * which Pod; absent until the learner changes staticPodPath (kubeadm's manifests until then).
   * In-memory: a restarted kubelet reads the directory afresh.
   */
  staticSource?: { store: Record<string, StaticPodConfig>; files: Record<string, string>; listedAt: number };
  /**
   * Static Pods whose process must not start (its manifest is gone, or its container cannot
   * run): dispatch.ts refuses their `start`. Kept across restarts, like staticPods.
   */
  staticHeld?: string[];
  /** When an orphaned mirror Pod's delete last failed: HandlePodCleanups tries again every housekeeping period. */
  orphanDeleteFailedAt?: number;
  /** The epoch whose static Pod relist timer is armed (static-pods.ts), so a second one never is. */
  staticTickEpoch?: number;
  /** What journald holds for kubelet.service (journal.ts); kept across restarts. */
  journal?: KubeletJournal;
}
