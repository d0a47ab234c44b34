/**
 * The setup every suite that drives the real kubectl against `reconcile serve` shares: a cluster
 * served on seed 1 (basic topology, a free port, the manual clock), a private directory for
 * kubectl's HOME (served.testing.ts's kubectlEnv points KUBECONFIG at the served one) and, when
 * asked, our port's Session for the side-by-side run. Registered as beforeAll/afterAll of the
 * calling scope (a file or a describe); the fields are there once beforeAll has run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadKubectlChunks } from '../kubectl/chunks';
import { Session } from '../kubectl/session';
import { startServe, type Served } from './start';

export interface ServedSession {
  readonly served: Served;
  /** kubectl's HOME: its discovery cache must not outlive the run (ports are reused). Also the suite's scratch directory. */
  readonly home: string;
  /** Our port on a cluster of the same seed; only with the `session` option. */
  readonly session: Session;
}

/** `name` tells the temporary directories apart; `session` makes the port's Session (kubectl's chunks loaded first). */
export function servedSession(name: string, opts: { session?: ConstructorParameters<typeof Session>[0] } = {}): ServedSession {
  let served: Served | undefined;
  let home: string | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    if (opts.session) await loadKubectlChunks();
    home = mkdtempSync(join(tmpdir(), `reconcile-serve-${name}-`));
    served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
    if (opts.session) session = new Session(opts.session);
  });
  afterAll(async () => {
    await served?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`servedSession(${name}): no ${what} (read it inside a test or hook${what === 'session' ? ', and pass the session option' : ''})`);
    return value;
  };
  return {
    get served() {
      return ready(served, 'served cluster');
    },
    get home() {
      return ready(home, 'home');
    },
    get session() {
      return ready(session, 'session');
    },
  };
}
