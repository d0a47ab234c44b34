/**
 * Test kit for served tests: runs the real kubectl (kubectl-binary.testing.ts) against a served
 * cluster with a private HOME, and runs the same lines through our port's Session, so a test can
 * compare the two transcripts.
 */
import { execFile } from 'node:child_process';
import { request } from 'node:https';
import { Session } from '../kubectl/session';
import type { KubectlBinary } from './kubectl-binary.testing';
import type { Served } from './start';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export function kubectlEnv(served: Served, home: string): NodeJS.ProcessEnv {
  // A private HOME: kubectl's discovery cache must not outlive the run (ports are reused).
  return { PATH: process.env['PATH'] ?? '', HOME: home, KUBECONFIG: served.kubeconfigPath };
}

/** Runs the real kubectl asynchronously: the server answers on this same event loop. */
export function runKubectl(kubectl: KubectlBinary, served: Served, home: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(kubectl.path, args, { env: kubectlEnv(served, home) }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** One line through our port, as the headless runner runs it. */
export function runPort(session: Session, line: string): Ran {
  const r = session.run(line);
  const text = (stream: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === stream).map((c) => c.text).join('');
  return { code: r.exitCode, stdout: text('stdout'), stderr: text('stderr') };
}

/** POST to the served cluster's control endpoint (`advance 20s`); the port runs the same as a `sim` line. */
export function controlSim(served: Served, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${served.url}/reconcile/v1/sim`, { method: 'POST', ca: served.caCert, headers: { Authorization: `Bearer ${served.credentials.tokens['kubernetes-admin']}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
