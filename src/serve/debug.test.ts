/**
 * `kubectl debug` by the real kubectl against `reconcile serve`: its strategic merge patch to
 * pods/<name>/ephemeralcontainers goes through the same pipeline, the kubelet starts the
 * container, and kubectl's errors match our port's byte for byte on a cluster of the same seed.
 * The generated name's five characters are kubectl's own randomness, so only its shape is
 * compared.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { kubectlBinaries } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

/**
 * kubectl before v1.36 defaults to --profile=legacy and says so on every run; v1.36, which the
 * port plays, defaults to general and prints nothing. The rest of the bytes must agree.
 */
const withoutLegacyNotice = (stderr: string): string => stderr.replace(/^--profile=legacy is deprecated and will be removed in the future\. It is recommended to explicitly specify a profile, for example "--profile=general"\.\n/, '');

const binaries = await kubectlBinaries();

describe.skipIf(binaries.length === 0)('kubectl debug through reconcile serve', () => {
  const setup = servedSession('debug', { session: { seed: 1 } });
  beforeAll(async () => {
    const k = binaries[0]!;
    expect((await runKubectl(k, setup.served, setup.home, ['run', 'web', '--image=nginx:1.27'])).code).toBe(0);
    expect(runPort(setup.session, 'kubectl run web --image=nginx:1.27').code).toBe(0);
    setup.served.cluster.advance(30_000);
    setup.session.run('sim advance 30s');
  });

  it.each(binaries.map((k, i) => [k.source, k, i] as const))('adds an ephemeral container that the kubelet starts (%s)', async (_source, k, i) => {
    const name = `dbg${i}`;
    const r = await runKubectl(k, setup.served, setup.home, ['debug', 'web', '--image=busybox:1.36', '--target=web', '-c', name, '--', 'sleep', '600']);
    expect(r).toEqual({ code: 0, stdout: `Targeting container "web". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`, stderr: expect.stringMatching(/^(|--profile=legacy is deprecated.*\n)$/) as unknown as string });
    setup.served.cluster.advance(10_000);
    const pod = setup.served.cluster.sim.storedObject<Pod>('pods/default/web')!;
    const ec = pod.spec.ephemeralContainers!.find((c) => c.name === name)!;
    expect(ec).toMatchObject({ image: 'busybox:1.36', command: ['sleep', '600'], targetContainerName: 'web', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' });
    expect(pod.status?.ephemeralContainerStatuses?.find((s) => s.name === name)?.state.running).toBeDefined();
    // The same kubectl reads it back: exec into the ephemeral container sees the target's processes.
    const ps = await runKubectl(k, setup.served, setup.home, ['exec', 'web', '-c', name, '--', 'ps']);
    expect(ps.stdout).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 nginx: master process nginx -g daemon off;\n/);
    const generated = await runKubectl(k, setup.served, setup.home, ['debug', 'web', '--image=busybox:1.36', '--', 'sleep', '600']);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^Defaulting debug container name to debugger-[bcdfghjklmnpqrstvwxz2456789]{5}\.\n$/);
  });

  /** A created Pod as kubectl asked for it: server-side names (the token volume's suffix) masked, status left out. */
  const asAsked = (pod: Pod | undefined): unknown => JSON.parse(JSON.stringify({ metadata: { labels: pod?.metadata.labels, annotations: pod?.metadata.annotations }, spec: pod?.spec }).replace(/kube-api-access-\w+/g, 'kube-api-access-X').replace(/debugger-\w{5}/g, 'debugger-X')) as unknown;

  it.each(binaries.map((k, i) => [k.source, k, i] as const))('creates the node debugging Pod the port creates, for every profile (%s)', async (_source, k, i) => {
    for (const profile of ['general', 'legacy', 'baseline', 'restricted', 'netadmin', 'sysadmin']) {
      const line = ['debug', `node/node-${1 + (i % 3)}`, '--image=busybox:1.36', `--profile=${profile}`, '--', 'sleep', '600'];
      const real = await runKubectl(k, setup.served, setup.home, line);
      const port = runPort(setup.session, `kubectl ${line.join(' ')}`);
      const created = /^Creating debugging pod (node-debugger-node-\d-[bcdfghjklmnpqrstvwxz2456789]{5}) with container debugger on node node-\d\.\n$/;
      expect(real.stdout).toMatch(created);
      expect(port.stdout).toMatch(created);
      const ours = setup.session.sim.storedObject<Pod>(`pods/default/${created.exec(port.stdout)![1]!}`);
      const theirs = setup.served.cluster.sim.storedObject<Pod>(`pods/default/${created.exec(real.stdout)![1]!}`);
      // kubectl labels the Pod app.kubernetes.io/managed-by=kubectl-debug since v1.34 (a v1.32 on PATH does not).
      const older = theirs?.metadata.labels === undefined;
      expect([profile, asAsked(theirs)]).toEqual([profile, asAsked(older && ours ? { ...ours, metadata: { ...ours.metadata, labels: undefined } } : ours)]);
    }
  });

  it.each(binaries.map((k, i) => [k.source, k, i] as const))('makes the copy the port makes with --copy-to (%s)', async (_source, k, i) => {
    // The profile is named: kubectl before v1.36 defaults to legacy.
    for (const flags of ['--profile=general --image=busybox:1.36 -c dbg -- sleep 600', '--profile=general --image=busybox:1.36 -c web --keep-labels --share-processes=false -- sleep 600', '--profile=restricted --image=busybox:1.36 -c dbg --keep-liveness -- sleep 600', '--profile=general --set-image=*=nginx:1.28']) {
      const line = ['debug', 'web', `--copy-to=copy-${i}-${flags.length}`, ...flags.split(' ')];
      const real = await runKubectl(k, setup.served, setup.home, line);
      const port = runPort(setup.session, `kubectl ${line.join(' ')}`);
      expect([flags, real.code, real.stdout, withoutLegacyNotice(real.stderr)]).toEqual([flags, port.code, port.stdout, port.stderr]);
      const name = `pods/default/copy-${i}-${flags.length}`;
      expect([flags, asAsked(setup.served.cluster.sim.storedObject<Pod>(name))]).toEqual([flags, asAsked(setup.session.sim.storedObject<Pod>(name))]);
    }
  });

  it.each(binaries.map((k) => [k.source, k] as const))('fails with the same bytes (%s)', async (_source, k) => {
    for (const line of ['debug nope --image=busybox', 'debug web', 'debug --image=busybox', 'debug web --image=busybox -t', 'debug web --image=busybox --replace', 'debug web --image=busybox -c web', 'debug node/nope --image=busybox', 'debug node/node-1', 'debug web --copy-to=web-x', 'debug web --copy-to=web-x -c nope -- sh']) {
      const real = await runKubectl(k, setup.served, setup.home, line.split(' '));
      const port = runPort(setup.session, `kubectl ${line}`);
      // The served Pod already holds the first test's containers: the duplicate's index differs.
      const index = (t: string): string => t.replace(/ephemeralContainers\[\d+\]/g, 'ephemeralContainers[N]');
      expect([line, real.code, real.stdout, index(withoutLegacyNotice(real.stderr))]).toEqual([line, port.code, port.stdout, index(port.stderr)]);
    }
  });
});
