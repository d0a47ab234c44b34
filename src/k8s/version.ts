/**
 * The one Kubernetes release the simulator plays: every version string (the apiserver's /version,
 * `kubectl version`, node kubeletVersion, the control-plane images) comes from here.
 */
export const MAJOR = '1';
export const MINOR = '34';
/** `v1.34.1`: gitVersion of the server, the kubelet and kubectl alike. */
export const GIT_VERSION = `v${MAJOR}.${MINOR}.1`;
export const KUSTOMIZE_VERSION = 'v5.7.1';

/** version.Info as the binaries of that release report it (shared by client and server). */
export const BUILD_INFO = {
  gitCommit: '93248f9ae092f571eb870b7664c534bfc7d00f03',
  gitTreeState: 'clean',
  buildDate: '2025-09-09T19:44:50Z',
  goVersion: 'go1.24.6',
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
