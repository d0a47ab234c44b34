/**
 * The kubelet's own HTTP API (:10250), as kube-apiserver's proxy calls it: today `containerLogs`
 * for `pods/log`. Type-only: kube-apiserver (apiserver/kubelet-proxy.ts) and the kubelet's
 * server (its `serve` behaviour, node/logs.ts) share this contract and nothing else.
 */

/** PodLogOptions, as kubectl sends them. */
export interface LogOptions {
  container?: string;
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
  /** Only lines written in the last N seconds. */
  sinceSeconds?: number;
  /** Stop after this many bytes. */
  limitBytes?: number;
}

/** `GET /containerLogs/{namespace}/{pod}/{container}` with the log options as its query. */
export interface ContainerLogsRequest {
  path: 'containerLogs';
  namespace: string;
  pod: string;
  container: string;
  options: LogOptions;
}

export type KubeletRequest = ContainerLogsRequest;

/** The body, or the error kube-apiserver relays (the real texts: the proxy passes them through). */
export type KubeletResponse = { ok: true; text: string } | { ok: false; code: number; reason: 'BadRequest' | 'NotFound' | 'InternalError' | ''; message: string };
