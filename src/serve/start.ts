/**
 * Starting a served cluster: boot the simulation, make the TLS material and the tokens, listen on
 * 127.0.0.1, write the kubeconfig into a fresh temp dir, and (real clock) drive simulated time
 * from a wall-clock timer. The engine stays pure: this host is the only one reading the clock.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServeArgs } from './args';
import { makeServingCerts } from './certs';
import { ServedCluster } from './cluster';
import { Credentials, kubeconfigYaml } from './credentials';
import { createApiServer } from './server';

export interface Served {
  cluster: ServedCluster;
  credentials: Credentials;
  /** `https://127.0.0.1:<port>`. */
  url: string;
  kubeconfigPath: string;
  /** The run's CA certificate (PEM), which the kubeconfig also carries. */
  caCert: string;
  close(): Promise<void>;
}

/** Wall milliseconds between two advances of a real clock: smooth for watches, cheap when idle. */
const TICK_MS = 50;

export async function startServe(args: ServeArgs): Promise<Served> {
  const cluster = new ServedCluster({ seed: args.seed, topology: args.topology, clock: args.clock, speed: args.speed });
  const certs = await makeServingCerts();
  const credentials = new Credentials();
  const server = createApiServer(cluster, credentials, certs);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(args.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `https://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'reconcile-serve-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeFileSync(kubeconfigPath, kubeconfigYaml(url, certs.caCert, credentials), { mode: 0o600 });

  let timer: ReturnType<typeof setInterval> | undefined;
  if (args.clock === 'real') {
    let last = performance.now();
    // Simulated time owed but not yet run (the clock advances whole milliseconds).
    let owed = 0;
    timer = setInterval(() => {
      const now = performance.now();
      owed += (now - last) * args.speed;
      last = now;
      const ms = Math.floor(owed);
      owed -= ms;
      cluster.advance(ms);
    }, TICK_MS);
  }

  const sockets = new Set<import('node:net').Socket>();
  server.on('secureConnection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    cluster,
    credentials,
    url,
    kubeconfigPath,
    caCert: certs.caCert,
    close: async () => {
      if (timer) clearInterval(timer);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
