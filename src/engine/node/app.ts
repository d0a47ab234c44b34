/**
 * The one door from the node agents to the application model in src/engine/images: everything
 * the runtime and the kubelet ask of a container's process goes through here, so the contract
 * (images/types.ts) is consumed in one place.
 */
import type { ExitReason } from '../images/types';
import type { ProcessState } from '../images/process';
import { signalTerm } from '../images/process';

export { resolveImage } from '../images/catalog';
export { startProcess, processExit, processLogs, probeProcess, execInContainer, processTable, serveHttp, serveRequest, serveRedis, serveMysql, replicateMysql, mysqlPrimary, serveZk, redisFeed, redisReplicate, startupMs, setClusterDns, listensOn, settleProcess, stdinShell, processNetAt, runWithNetwork, readFollowed, containerFile, rootFs, signalProcess } from '../images/process';
export type { ProcessState } from '../images/process';

export interface PlannedExit {
  exitAt: number;
  exitCode: number;
  reason: ExitReason;
}

/**
 * What StopContainer leads to: SIGTERM now, SIGKILL when the grace period runs out. A process
 * that handles SIGTERM (or was about to end anyway) ends on its own terms; one that ignores it —
 * PID 1 without a handler — is killed at the deadline with exit code 137.
 */
export function plannedStop(p: ProcessState | undefined, now: number, graceMs: number): PlannedExit {
  const deadline = now + Math.max(0, graceMs);
  const own = p ? signalTerm(p, now) : undefined;
  if (own && own.at <= deadline) return { exitAt: Math.max(own.at, now), exitCode: own.exitCode, reason: own.reason };
  return { exitAt: deadline, exitCode: 137, reason: 'Error' };
}
