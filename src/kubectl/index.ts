/**
 * kubectl: argv in, kubectl's exact output out. Talks to the cluster only through the
 * Simulation's apiserver client (sim.request) and advances simulated time for waiting commands.
 */
import type { Simulation } from '../engine/simulation';
import type { CommandResult, FileSource } from './types';

export interface KubectlContext {
  sim: Simulation;
  files: FileSource;
  /** Text piped to `-f -`. */
  stdin?: string;
}

export function runKubectl(_ctx: KubectlContext, argv: string[]): CommandResult {
  return { output: [{ stream: 'stderr', text: `error: unknown command "${argv[0] ?? ''}" for "kubectl"\n` }], exitCode: 1 };
}
