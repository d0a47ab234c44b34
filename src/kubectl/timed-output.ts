/**
 * What a command run over an exec or attach stream wrote, shown as the simulation reaches the
 * moment it wrote it (ExecChunk.at, stamped by the process model), by the stamping `kubectl logs
 * -f` uses (Output.writeAt, container-stream.ts): the page's terminal reveals each chunk when its
 * playhead gets there, so `while true; do date; sleep 1; done` prints a line a second and ping a
 * reply a second; the runner's transcript shows them in order.
 *
 * The command runs with the cluster's time (the kubelet's answer comes as far into it as the
 * World went, node/exec.ts) or, from an outside kubectl's stream, ahead of it; kubectl hands out
 * what it wrote up to the simulated moment it has waited to (`upToNow`), so what comes after a
 * Ctrl+C, the container's end or the runner's bound is never shown. A `tail -f` the command ended in is read on as the wait goes (followReader): what
 * its file gained, each write when tail printed it (images/follow.ts).
 */
import type { ExecChunk, FollowRef, Simulation } from '../engine/index';
import type { Env } from './env';
import type { Output } from './output';
import type { FollowRead } from './exec-wait';

export class TimedOutput {
  private next = 0;

  constructor(
    private readonly out: Pick<Output, 'writeAt' | 'screenAt'>,
    private readonly now: () => number,
    private readonly chunks: readonly ExecChunk[],
  ) {}

  static of(env: Env, chunks: readonly ExecChunk[]): TimedOutput {
    return new TimedOutput(env.out, () => env.sim.now, chunks);
  }

  /** Writes what was written up to now (a chunk with no moment: now, when it is first asked for). */
  upToNow(): void {
    const now = this.now();
    while (this.next < this.chunks.length) {
      const c = this.chunks[this.next]!;
      if (c.at !== undefined && c.at > now) return;
      this.write(c, c.at ?? now);
      this.next++;
    }
  }

  /** The command has returned: everything it wrote comes out (what has no moment, now). */
  rest(): void {
    const now = this.now();
    for (; this.next < this.chunks.length; this.next++) {
      const c = this.chunks[this.next]!;
      this.write(c, c.at ?? now);
    }
  }

  /** A chunk as written, or the screen a full-screen program drew (a node's `watch`). */
  private write(c: ExecChunk, at: number): void {
    if (c.screen) this.out.screenAt(c.screen, at);
    else this.out.writeAt(c.stream, c.text, at);
  }
}

/** Where a stream's command runs: its Pod's container. */
export interface StreamTarget {
  namespace: string;
  pod: string;
  container: string;
}

/** Reads on the file `ref` follows for the command on `target`'s stream, writing what it gained to `out`. */
export function followReader(sim: Simulation, out: Pick<Output, 'writeAt'>, target: StreamTarget, ref: FollowRef): FollowRead {
  return (close) => {
    for (const c of sim.followExec(target.namespace, target.pod, target.container, ref, close) ?? []) out.writeAt(c.stream, c.text, c.at ?? sim.now);
  };
}
