/**
 * `kubectl debug` by the real kubectl against `reconcile serve`: its strategic merge patch to
 * pods/<name>/ephemeralcontainers goes through the same pipeline, the kubelet starts the
 * container, and kubectl's errors match our port's byte for byte on a cluster of the same seed.
 * The generated name's five characters are kubectl's own randomness, so only its shape is
 * compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { loadKubectlChunks } from '../kubectl/chunks';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { startServe, type Served } from './start';

/** The kubectl on PATH as well, when it is another binary (1.27–1.33 on the CI image). */
function pathKubectl(): KubectlBinary | undefined {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return { path: 'kubectl', source: 'kubectl on PATH' };
  } catch {
    return undefined;
  }
}

/**
 * kubectl before v1.36 defaults to --profile=legacy and says so on every run; v1.36, which the
 * port plays, defaults to general and prints nothing. The rest of the bytes must agree.
 */
const withoutLegacyNotice = (stderr: string): string => stderr.replace(/^--profile=legacy is deprecated and will be removed in the future\. It is recommended to explicitly specify a profile, for example "--profile=general"\.\n/, '');

const current = await kubectlBinary().catch(() => undefined);
const binaries = [current, pathKubectl()].filter((k): k is KubectlBinary => k !== undefined && (k.path !== 'kubectl' || current?.path !== 'kubectl'));

describe.skipIf(binaries.length === 0)('kubectl debug through reconcile serve', () => {
  let served: Served;
  let home: string;
  let session: Session;
  beforeAll(async () => {
    await loadKubectlChunks();
    home = mkdtempSync(join(tmpdir(), 'reconcile-serve-debug-'));
    served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
    session = new Session({ seed: 1 });
    const k = binaries[0]!;
    expect((await runKubectl(k, served, home, ['run', 'web', '--image=nginx:1.27'])).code).toBe(0);
    expect(runPort(session, 'kubectl run web --image=nginx:1.27').code).toBe(0);
    served.cluster.advance(30_000);
    session.run('sim advance 30s');
  });
  afterAll(async () => {
    await served?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it.each(binaries.map((k, i) => [k.source, k, i] as const))('adds an ephemeral container that the kubelet starts (%s)', async (_source, k, i) => {
    const name = `dbg${i}`;
    const r = await runKubectl(k, served, home, ['debug', 'web', '--image=busybox:1.36', '--target=web', '-c', name, '--', 'sleep', '600']);
    expect(r).toEqual({ code: 0, stdout: `Targeting container "web". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`, stderr: expect.stringMatching(/^(|--profile=legacy is deprecated.*\n)$/) as unknown as string });
    served.cluster.advance(10_000);
    const pod = served.cluster.sim.storedObject<Pod>('pods/default/web')!;
    const ec = pod.spec.ephemeralContainers!.find((c) => c.name === name)!;
    expect(ec).toMatchObject({ image: 'busybox:1.36', command: ['sleep', '600'], targetContainerName: 'web', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' });
    expect(pod.status?.ephemeralContainerStatuses?.find((s) => s.name === name)?.state.running).toBeDefined();
    // The same kubectl reads it back: exec into the ephemeral container sees the target's processes.
    const ps = await runKubectl(k, served, home, ['exec', 'web', '-c', name, '--', 'ps']);
    expect(ps.stdout).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 nginx -g daemon off;\n/);
    const generated = await runKubectl(k, served, home, ['debug', 'web', '--image=busybox:1.36', '--', 'sleep', '600']);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^Defaulting debug container name to debugger-[bcdfghjklmnpqrstvwxz2456789]{5}\.\n$/);
  });

  it.each(binaries.map((k) => [k.source, k] as const))('fails with the same bytes (%s)', async (_source, k) => {
    for (const line of ['debug nope --image=busybox', 'debug web', 'debug --image=busybox', 'debug web --image=busybox -t', 'debug web --image=busybox --replace', 'debug web --image=busybox -c web']) {
      const real = await runKubectl(k, served, home, line.split(' '));
      const port = runPort(session, `kubectl ${line}`);
      // The served Pod already holds the first test's containers: the duplicate's index differs.
      const index = (t: string): string => t.replace(/ephemeralContainers\[\d+\]/g, 'ephemeralContainers[N]');
      expect([line, real.code, real.stdout, index(withoutLegacyNotice(real.stderr))]).toEqual([line, port.code, port.stdout, index(port.stderr)]);
    }
  });
});
