import type { ComponentBase } from '../core/component';
import type { ProcessState } from './app';
import type { ContainerSecurity, ExitReason, UserNamespace } from '../images/types';
import type { MountedVolume } from '../images/fs';
import type { RuntimeImpl } from './runtime-impl';

/** CRI PodSandboxState. */
export type SandboxPhase = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';

/** A pod's sandbox: the pause container holding its network namespace. */
export interface SandboxRecord {
  /** 64 hex. */
  id: string;
  podUid: string;
  podName: string;
  podNamespace: string;
  /** Bumped each time the kubelet re-creates the sandbox of the same Pod. */
  attempt: number;
  state: SandboxPhase;
  /** Pod IP from CNI ADD ('' for hostNetwork Pods, which use the node's IP). */
  ip: string;
  hostNetwork: boolean;
  /** SandboxRequest.hostDomain: the Pod's DNS domain when it has a subdomain. */
  hostDomain?: string;
  createdAt: number;
  /** RunPodSandboxRequest.runtime_handler as asked: '' for the runtime's default. */
  runtimeHandler: string;
}

/** CRI ContainerState. */
export type ContainerPhase = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED';

/** What CreateContainer was asked to run (the CRI ContainerConfig, trimmed). */
export interface ContainerConfig {
  name: string;
  /** As written in the Pod spec: `nginx:1.27`. */
  image: string;
  command?: string[];
  args?: string[];
  env: Record<string, string>;
  memoryLimitBytes?: number;
  /** resources.limits.cpu in millicores (the cgroup's CFS quota). */
  cpuLimitMillicores?: number;
  /** resources.requests.cpu in millicores (the cgroup's cpu.weight). */
  cpuRequestMillicores?: number;
  ports: Record<string, number>;
  /** CRI metadata.attempt: how many times this container was restarted before. */
  attempt: number;
  /** `spec.containers{api}` or `spec.initContainers{init}`. */
  fieldPath: string;
  /** The volumes set up by the kubelet, by mountPath (the same layer objects the volume manager keeps). */
  mounts?: Record<string, MountedVolume>;
  /**
   * The container's terminationMessagePath and terminationMessagePolicy, as the kubelet labels the
   * CRI container with them (io.kubernetes.container.terminationMessagePath/-Policy annotations)
   * to read the message back when it exits (kubelet/termination-message.ts).
   */
  terminationMessagePath?: string;
  terminationMessagePolicy?: 'File' | 'FallbackToLogsOnError';
  /** CRI stdin: the runtime keeps the container's stdin open for an attach (spec `stdin: true`). */
  stdin?: boolean;
  /**
   * An ephemeral container's targetContainerName: the runtime starts it in that container's
   * process namespace (NamespaceOption.pid = TARGET), so it sees the target's processes.
   */
  targetContainer?: string;
  /**
   * NamespaceOption.pid for the Pod's other containers: POD (`shareProcessNamespace`) shares the
   * sandbox's PID namespace, NODE (`hostPID`) the host's.
   */
  pidMode?: 'POD' | 'NODE';
  /** NamespaceOption.userns_options (the Pod's `hostUsers: false`): the user namespace's mapping, the Pod's own. */
  userns?: UserNamespace;
  /** The user the process runs as (securityContext.runAsUser, the container's over the Pod's); unset: the image's USER. */
  runAsUser?: number;
  /** securityContext.runAsGroup (the container's over the Pod's): the primary gid. */
  runAsGroup?: number;
  /** The Pod's fsGroup and supplementalGroups, as the kubelet hands them to CRI (determineEffectiveSecurityContext). */
  supplementalGroups?: number[];
  /** The rest of the effective securityContext (capabilities, privileged, no_new_privs, seccomp, Strict groups). */
  security?: ContainerSecurity;
  /** CRI tty: the container gets a terminal (spec `tty: true`). */
  tty?: boolean;
}

export interface ContainerRecord {
  /** 64 hex; status shows it as `containerd://<id>` (`cri-o://<id>` on CRI-O). */
  id: string;
  sandboxId: string;
  podUid: string;
  config: ContainerConfig;
  /** Normalised image reference (`docker.io/library/nginx:1.27`). */
  imageRef: string;
  /** Repo digest reported as imageID (`docker.io/library/nginx@sha256:...`). */
  imageId: string;
  state: ContainerPhase;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: ExitReason;
  /** Terminated message (a StartError's runtime text). */
  message?: string;
  /** The application running inside (absent until StartContainer). */
  process?: ProcessState;
  /** Set by StopContainer: when and how the process will end. */
  stopping?: { exitAt: number; exitCode: number; reason: ExitReason };
}

/** An image in containerd's content store. */
export interface ImageRecord {
  /** Normalised reference, the store key: `docker.io/library/nginx:1.27`. */
  ref: string;
  /** Image config digest, `sha256:<64 hex>` (what `crictl images` shows as IMAGE ID). */
  id: string;
  /** `docker.io/library/nginx@sha256:<manifest digest>`. */
  repoDigest: string;
  sizeBytes: number;
  pulledAt: number;
}

/** The node's CRI container runtime (containerd or CRI-O): sandboxes, containers and the image store. */
export interface RuntimeState extends ComponentBase {
  kind: 'container-runtime';
  /** Which implementation serves the CRI here (runtime-impl.ts); absent: containerd. */
  impl?: RuntimeImpl;
  sandboxes: Map<string, SandboxRecord>;
  containers: Map<string, ContainerRecord>;
  images: Map<string, ImageRecord>;
}
