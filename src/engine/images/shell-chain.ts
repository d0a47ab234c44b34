/**
 * The shells an interpreter step runs inside (`sh -c …`, `sh file`), outermost first: their
 * `script` frames on this machine's stack after the ones of the machines it is nested in
 * (pipeline stages, `$(…)`). What `ps` shows as an exec's parents (proc-container.ts).
 */
import type { Machine, ShellProc } from './machine';

export function shellChain(m: Machine): ShellProc[] {
  const own: ShellProc[] = [];
  for (const f of m.stack) if (f.k === 'script' && f.proc) own.push(f.proc);
  return [...(m.outer ?? []), ...own];
}

/** The PID the next program started here gets (approximate: after PID 1's apps, one per program started). */
export function nextProcPid(m: Machine): number {
  return 40 + m.nextPid + (m.spawned ?? 0);
}

/** The container's own PID 1 shell (the first `sh -c`/`sh file` its script ran), when PID 1 is one. */
export function pid1ShellOf(m: Machine): ShellProc | undefined {
  if (m.pid1Shell !== undefined) return m.pid1Shell ?? undefined;
  if (m.outer?.length) return m.outer[0];
  for (const f of m.stack) if (f.k === 'script' && f.proc) return f.proc;
  return undefined;
}
