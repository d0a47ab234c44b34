/**
 * Starting a served cluster: boot the simulation, make the TLS material and the tokens, listen on
 * 127.0.0.1, write the kubeconfig into a fresh temp dir, and (real clock) drive simulated time
 * from a wall-clock timer. The engine stays pure: this host is the only one reading the clock.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import type { ServeArgs } from './args';
import { createAppServer, type AppServer } from './attach/app-server';
import { makeServingCerts } from './certs';
import { ServedCluster } from './cluster';
import { Credentials, kubeconfigYaml } from './credentials';
import { createApiServer } from './server';
import { DEFAULT_EPOCH_MS, setEpoch } from '../k8s/time';

export interface Served {
  cluster: ServedCluster;
  credentials: Credentials;
  /** `https://127.0.0.1:<port>`. */
  url: string;
  kubeconfigPath: string;
  /** The run's CA certificate (PEM), which the kubeconfig also carries. */
  caCert: string;
  /** With `--open` / `--classroom`: the app's server and the links to print. */
  app?: ServedApp;
  close(): Promise<void>;
}

export interface ServedApp {
  server: AppServer;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Whether `<dist>/index.html` exists (else every page answers how to build it). */
  built: boolean;
  /** Opens the app attached to this cluster (carries the token). */
  attachLink: string;
  /** Classroom: the presenter's page (carries the token) and what students open, one per LAN address. */
  presenterLink?: string;
  studentLinks?: string[];
}

/** The flags startServe needs; the app's are optional (tests start the API alone). */
export type StartArgs = Omit<ServeArgs, 'open' | 'classroom' | 'appPort' | 'dist'> & Partial<Pick<ServeArgs, 'open' | 'classroom' | 'appPort' | 'dist'>>;

/** The machine's IPv4 addresses other devices on the network can reach. */
function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  return out;
}

/** Wall milliseconds between two advances of a real clock: smooth for watches, cheap when idle. */
const TICK_MS = 50;

export async function startServe(args: StartArgs): Promise<Served> {
  // Before the Simulation exists: every timestamp it writes counts from this epoch.
  setEpoch(args.epochMs ?? DEFAULT_EPOCH_MS);
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

  let app: ServedApp | undefined;
  if (args.open || args.classroom) {
    const dist = resolvePath(args.dist ?? 'dist');
    const token = randomBytes(16).toString('hex');
    const appServer = createAppServer({ cluster, dist, token });
    await new Promise<void>((resolve, reject) => {
      appServer.server.once('error', reject);
      appServer.server.listen(args.appPort ?? 8080, args.classroom ? '0.0.0.0' : '127.0.0.1', () => resolve());
    });
    const appPort = (appServer.server.address() as AddressInfo).port;
    const appUrl = `http://127.0.0.1:${appPort}`;
    app = { server: appServer, url: appUrl, built: existsSync(join(dist, 'index.html')), attachLink: `${appUrl}/?attach=${token}` };
    if (args.classroom) {
      app.presenterLink = `${appUrl}/?classroom=${token}`;
      app.studentLinks = lanAddresses().map((a) => `http://${a}:${appPort}/?classroom`);
    }
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
    ...(app ? { app } : {}),
    close: async () => {
      if (timer) clearInterval(timer);
      await app?.server.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
