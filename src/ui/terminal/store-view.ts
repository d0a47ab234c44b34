/**
 * What the terminal and the editor read from the app store, in one place: the transcript, the
 * moment shown (the playhead) and what tab completion looks at.
 */
import type { AppState } from '../store/store';
import { contextNamespace } from '../store/terminal';
import type { CompletionContext } from './complete';
import type { ShellView } from './shell';
import { revealed } from './transcript';

/** The simulated time the page shows. */
export const playheadOf = (s: AppState): number => s.cluster.now;

export function shellView(s: AppState): ShellView {
  const editing = s.terminal.editing?.id;
  return { entries: s.terminal.entries, playheadMs: playheadOf(s), following: s.playback.following, ...(editing !== undefined ? { editing } : {}) };
}

/** True when the slices the terminal draws from changed. */
export function shellViewChanged(a: AppState, b: AppState): boolean {
  return a.terminal.entries !== b.terminal.entries || playheadOf(a) !== playheadOf(b) || a.playback.following !== b.playback.following || a.terminal.editing !== b.terminal.editing;
}

export function completionContext(s: AppState, files: readonly string[]): CompletionContext {
  return { commands: s.cluster.commands, discovery: s.cluster.discovery, objects: s.cluster.objects, files, targets: s.cluster.targets.map((t) => t.name), namespace: contextNamespace(s.terminal.entries) };
}

/**
 * A command holds the terminal: still in the worker, or still waiting at the playhead. (Commands
 * typed after the moment shown do not count while the learner looks at the past.)
 */
export function terminalBusy(s: AppState): boolean {
  const at = playheadOf(s);
  return s.terminal.entries.some((e) => {
    if (!s.playback.following && e.startedAt !== undefined && e.startedAt > at) return false;
    return e.state === 'running' || revealed(e, at).waiting;
  });
}

/** How much simulated time the command still running in the worker has got through, if it reported any. */
export function runningProgress(s: AppState): number | undefined {
  for (let i = s.terminal.entries.length - 1; i >= 0; i--) {
    const p = s.terminal.entries[i]!.progress;
    if (s.terminal.entries[i]!.state === 'running' && p) return p.now - p.start;
  }
  return undefined;
}
