/**
 * The one Kubernetes release the simulator plays: every version string (the apiserver's /version,
 * `kubectl version`, node kubeletVersion, the control-plane images) comes from here.
 */
export const MAJOR = '1';
export const MINOR = '36';
/** `v1.36.1`: gitVersion of the server, the kubelet and kubectl alike. */
export const GIT_VERSION = `v${MAJOR}.${MINOR}.1`;
/**
 * rest.DefaultKubernetesUserAgent for one of the release's binaries (`kubectl/v1.36.1 (linux/amd64)
 * kubernetes/7569396`), with AddUserAgent's suffix when a client names one.
 */
export function kubeUserAgent(binary: string, suffix?: string): string {
  return `${binary}/${GIT_VERSION} (linux/amd64) kubernetes/${BUILD_INFO.gitCommit.slice(0, 7)}${suffix ? `/${suffix}` : ''}`;
}

/** kubectl v1.36's go.mod pins sigs.k8s.io/kustomize/kustomize/v5 v5.8.1. */
export const KUSTOMIZE_VERSION = 'v5.8.1';

/** version.Info as the binaries of that release report it (shared by client and server; `kubeadm version` of v1.36.1). */
export const BUILD_INFO = {
  gitCommit: '756939600b9a7180fc2df6550a4585b638875e67',
  gitTreeState: 'clean',
  buildDate: '2026-05-12T09:53:52Z',
  goVersion: 'go1.26.2',
  compiler: 'gc',
  platform: 'linux/amd64',
} as const;

/** The apiserver's /version body, fields in the order the server writes them. */
export const SERVER_VERSION = {
  major: MAJOR,
  minor: MINOR,
  emulationMajor: MAJOR,
  emulationMinor: MINOR,
  minCompatibilityMajor: MAJOR,
  minCompatibilityMinor: String(Number(MINOR) - 1),
  gitVersion: GIT_VERSION,
  ...BUILD_INFO,
};

/** kubectl's clientVersion. */
export const CLIENT_VERSION = { major: MAJOR, minor: MINOR, gitVersion: GIT_VERSION, ...BUILD_INFO };
