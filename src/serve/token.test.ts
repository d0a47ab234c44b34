/**
 * `kubectl create token` by the real kubectl against `reconcile serve` (POST
 * serviceaccounts/<name>/token), side by side with our port on a cluster of the same seed: the
 * same bytes, once the token and the timestamps (the served clock is not the headless one) are
 * masked. Our port prints the token with a newline (a TTY); the real binary, writing to a pipe
 * here, prints it bare, as create_token.go does when stdout is no terminal.
 */
import { describe, expect, it } from 'vitest';
import { kubectlBinaries } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

const TOKEN = /eyJ[\w+/=-]+\.eyJ[\w+/=-]+\.[\w+/=-]+/g;
const mask = (s: string): string => s.replace(TOKEN, 'TOKEN').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'TIME');

const binaries = await kubectlBinaries();

describe.skipIf(binaries.length === 0)('kubectl create token through reconcile serve', () => {
  const setup = servedSession('token', { session: { seed: 1 } });

  it.each(binaries.map((k) => [k.source, k] as const))('prints a token, and the TokenRequest with -o (%s)', async (_source, k) => {
    const plain = await runKubectl(k, setup.served, setup.home, ['create', 'token', 'default']);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toMatch(/^eyJ[\w+/]+\.eyJ[\w+/]+\.[\w+/]+$/);
    expect(runPort(setup.session, 'kubectl create token default').stdout).toMatch(/^eyJ[\w+/]+\.eyJ[\w+/]+\.[\w+/]+\n$/);
    for (const line of ['create token default -o yaml', 'create token default -o json --duration=2h --audience=a', 'create token default -o name']) {
      const real = await runKubectl(k, setup.served, setup.home, line.split(' '));
      const port = runPort(setup.session, `kubectl ${line}`);
      expect([line, real.code, mask(real.stdout), real.stderr]).toEqual([line, port.code, mask(port.stdout), port.stderr]);
    }
  });

  it.each(binaries.map((k) => [k.source, k] as const))('fails with the same bytes (%s)', async (_source, k) => {
    for (const line of [
      'create token',
      'create token nope',
      'create token default --duration=5m',
      'create token default --duration=1500ms',
      'create token default --as=jane',
      'create token default --context=jane',
      'create token default --bound-object-kind=Pod --bound-object-name=x',
    ]) {
      const real = await runKubectl(k, setup.served, setup.home, line.split(' '));
      const port = runPort(setup.session, `kubectl ${line}`);
      expect([line, real.code, real.stdout, real.stderr]).toEqual([line, port.code, port.stdout, port.stderr]);
    }
  });
});
