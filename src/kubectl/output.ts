/**
 * The ordered stdout/stderr stream of one kubectl invocation. Consecutive writes to the same
 * stream are merged so a transcript reads as the terminal would show it.
 *
 * With a clock, each chunk also records the simulated time it was written (`at`), and only
 * writes made at the same moment merge: a waiting command's lines (`get -w`, `rollout status`)
 * appear over simulated time, and the browser terminal reveals each when its playhead gets
 * there. A command during which no time passed keeps no times at all ("when it returned").
 */
import type { CommandResult, OutputChunk, ScreenFrame } from './types';

export class Output {
  readonly chunks: OutputChunk[] = [];
  private readonly startedAt: number | undefined;

  /** `startedAt`: when the command began, if the clock moved before this Output was opened (a node's line runs with the cluster's time). */
  constructor(
    private readonly clock?: () => number,
    startedAt?: number,
  ) {
    this.startedAt = startedAt ?? clock?.();
  }

  out(text: string): void {
    this.write('stdout', text);
  }

  /**
   * stdout written by a stream at the simulated moment `at` it carries (a log line's timestamp),
   * read later: stamped no earlier than what was written before it (the terminal reveals chunks in
   * order) and no later than now.
   */
  outAt(text: string, at: number): void {
    this.writeAt('stdout', text, at);
  }

  /** `outAt` for either stream: a remote command's output as it wrote it (kubectl exec). */
  writeAt(stream: OutputChunk['stream'], text: string, at: number): void {
    const now = this.clock?.();
    if (now === undefined) return stream === 'stderr' ? this.err(text) : this.write(stream, text);
    const last = this.chunks[this.chunks.length - 1]?.at;
    if (stream === 'stderr') this.beforeErr?.(text);
    this.write(stream, text, Math.min(now, Math.max(at, last ?? at)));
  }

  /** A full-screen program's whole screen from `at` (OutputChunk.screen), stamped as writeAt stamps text. */
  screenAt(screen: ScreenFrame, at: number): void {
    const now = this.clock?.();
    const last = this.chunks[this.chunks.length - 1]?.at;
    const stamp = now === undefined ? undefined : Math.min(now, Math.max(at, last ?? at));
    this.chunks.push(stamp === undefined ? { stream: 'stdout', text: '', screen } : { stream: 'stdout', text: '', at: stamp, screen });
  }

  /** Called before each stderr write: kubectl's `-v=4` log of the Status behind an error (index.ts). */
  beforeErr: ((text: string) => void) | undefined;

  err(text: string): void {
    this.beforeErr?.(text);
    this.write('stderr', text);
  }

  private write(stream: OutputChunk['stream'], text: string, stamp?: number): void {
    if (text === '') return;
    const at = stamp ?? this.clock?.();
    const last = this.chunks[this.chunks.length - 1];
    if (last && !last.screen && last.stream === stream && last.at === at) last.text += text;
    else this.chunks.push(at === undefined ? { stream, text } : { stream, text, at });
  }

  /** `waited`: the command waited even if no time passed (a Ctrl+C at its very start). */
  result(exitCode: number, waited = false): CommandResult {
    const timed = this.clock !== undefined && (waited || this.clock() !== this.startedAt);
    return { output: timed ? this.chunks : this.chunks.map((c) => ({ stream: c.stream, text: c.text, ...(c.screen ? { screen: c.screen } : {}) })), exitCode };
  }
}
