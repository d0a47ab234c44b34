/**
 * `reconcile serve` flags: `[--seed N] [--topology basic|ha] [--port P] [--clock real|manual]
 * [--speed X]`. Pure, so every refusal is testable without starting a server.
 */
import { TOPOLOGIES, type TopologyName } from '../engine/index';
import type { ClockMode } from './cluster';

export interface ServeArgs {
  seed: number;
  topology: TopologyName;
  /** 0 asks the OS for a free port. */
  port: number;
  clock: ClockMode;
  speed: number;
  /** Serve the built app (and the attach endpoint) over plain HTTP on 127.0.0.1. */
  open: boolean;
  /** Serve the app to the local network (0.0.0.0) with the classroom relay; implies `open`. */
  classroom: boolean;
  /** The app's HTTP port; 0 picks any free port. */
  appPort: number;
  /** The built app's folder. */
  dist: string;
  /** `--epoch`: the Unix ms simulated time 0 is (default 2025-09-01T09:00:00Z, as the runner's). */
  epochMs?: number;
}

export const SERVE_USAGE = `Usage: reconcile serve [--seed N] [--topology ${TOPOLOGIES.join('|')}] [--port P] [--clock real|manual] [--speed X]
                       [--epoch now|<RFC3339>]
                       [--open | --classroom] [--app-port P] [--dist DIR]

Serves a fresh simulated cluster as a Kubernetes API over HTTPS on 127.0.0.1, writes a kubeconfig
(contexts kubernetes-admin@kubernetes and jane) and prints the line that points kubectl at it.
--clock real (default) runs simulated time at wall speed × --speed (default 1); --clock manual
moves it only through POST /reconcile/v1/sim and by 150 ms per kubectl invocation, as
'npm run sim' does. --epoch sets the moment simulated time starts (default 2025-09-01T09:00:00Z,
as the runner's; 'now' makes the ages kubectl computes from your clock right with --clock real).
--port defaults to 6443, kube-apiserver's; 0 picks any free port.
--open also serves the built app (--dist, default dist/) over plain HTTP on 127.0.0.1:--app-port
(default 8080) and prints the link that attaches it to this cluster; --classroom serves it to the
local network and prints the presenter's link and the address students open.
See docs/serve.md.
`;

export function parseServeArgs(argv: string[]): ServeArgs | { help: true } | { error: string } {
  const out: ServeArgs = { seed: 1, topology: 'basic', port: 6443, clock: 'real', speed: 1, open: false, classroom: false, appPort: 8080, dist: 'dist' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const flag = eq >= 0 ? a.slice(0, eq) : a;
    const value = (): string | undefined => (eq >= 0 ? a.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--help':
      case '-h':
        return { help: true };
      case '--seed': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0) return { error: 'error: --seed needs a whole number' };
        out.seed = n;
        break;
      }
      case '--topology': {
        const t = value();
        if (!TOPOLOGIES.includes(t as TopologyName)) return { error: `error: unknown topology "${t}"` };
        out.topology = t as TopologyName;
        break;
      }
      case '--port': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 65535) return { error: 'error: --port needs a port number (0 for any free port)' };
        out.port = n;
        break;
      }
      case '--clock': {
        const c = value();
        if (c !== 'real' && c !== 'manual') return { error: `error: --clock is real or manual, not "${c}"` };
        out.clock = c;
        break;
      }
      case '--speed': {
        const n = Number(value());
        if (!Number.isFinite(n) || n <= 0) return { error: 'error: --speed needs a positive number' };
        out.speed = n;
        break;
      }
      case '--open':
        out.open = true;
        break;
      case '--classroom':
        out.classroom = true;
        out.open = true;
        break;
      case '--app-port': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 65535) return { error: 'error: --app-port needs a port number (0 for any free port)' };
        out.appPort = n;
        break;
      }
      case '--epoch': {
        const e = value();
        const ms = e === 'now' ? Date.now() : e !== undefined && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(e) ? Date.parse(e) : NaN;
        if (!Number.isFinite(ms)) return { error: `error: --epoch is now or an RFC 3339 time (2025-09-01T09:00:00Z), not "${e ?? ''}"` };
        out.epochMs = ms;
        break;
      }
      case '--dist': {
        const d = value();
        if (!d) return { error: 'error: --dist needs a folder' };
        out.dist = d;
        break;
      }
      default:
        return { error: `error: unknown flag: ${a}` };
    }
  }
  return out;
}
