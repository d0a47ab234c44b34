/**
 * Where a listening kubectl command (port-forward, proxy) goes once it listens: into its job when
 * started with `&` (the command returns and the job keeps the sockets), else it holds the prompt
 * until Ctrl+C — port-forward catches SIGINT and exits 0, proxy dies of it (130) — or until this
 * terminal stops waiting (MAX_WAIT_MS), which it says.
 */
import { Interrupted } from '../interrupt';
import type { Env } from '../env';
import { waitForeground } from '../laptop';
import type { LaptopServer } from '../prompt-jobs';
import { MAX_WAIT_MS } from '../wait-util';

export function serveOnLaptop(env: Env, server: LaptopServer, verb: 'port-forward' | 'proxy'): number {
  const how = env.laptop ? env.laptop.serve(server) : waitForeground(env.sim, env.sim.horizon, undefined);
  switch (how) {
    case 'background':
      return 0;
    case 'interrupted':
      if (server.interrupt === 'dies') throw new Interrupted();
      for (const c of server.interrupt.output) (c.stream === 'stderr' ? env.out.err : env.out.out).call(env.out, c.text);
      return server.interrupt.status;
    case 'gave-up':
    case 'ended':
      env.out.err(`kubectl ${verb}: stopped after ${MAX_WAIT_MS / 60_000}m of simulated time: this terminal ends a foreground command that long (start it in the background with & to curl it meanwhile)\n`);
      return 0;
  }
}
