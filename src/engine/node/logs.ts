/**
 * Container logs as the kubelet serves them to kube-apiserver's `pods/log` subresource (read
 * from the node's container runtime). Implemented by the node agents.
 */
import type { World } from '../world';

export interface LogOptions {
  container?: string;
  previous?: boolean;
  tailLines?: number;
  timestamps?: boolean;
}

export type LogResult = { ok: true; text: string } | { ok: false; code: number; reason: 'BadRequest' | 'NotFound' | 'InternalError'; message: string };

export function readContainerLogs(_w: World, _namespace: string, _pod: string, _opts: LogOptions): LogResult {
  return { ok: false, code: 400, reason: 'BadRequest', message: 'logs are not available yet' };
}
