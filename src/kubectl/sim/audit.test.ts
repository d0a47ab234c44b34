/** `sim audit` and the `sim topology` options of the audit/cloud-controller-manager work. */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

describe('sim audit', () => {
  it('prints the newest events as JSON lines, filtered by user and verb', () => {
    const s = new Session({ seed: 1 });
    out(s, 'kubectl get nodes');
    const lines = out(s, 'sim audit --user kubernetes-admin --verb list --tail 1').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ verb: 'list', requestURI: '/api/v1/nodes?limit=500', objectRef: { resource: 'nodes', apiVersion: 'v1' } });
    expect(out(s, 'sim audit --tail 3').trim().split('\n')).toHaveLength(3);
    expect(out(s, 'sim audit --user nobody')).toBe('');
  });

  it('words its usage errors', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim audit --tail x')).toBe('error: invalid argument "x" for "--tail" flag: expected a non-negative integer\n');
    expect(out(s, 'sim audit --since 1m')).toBe('error: unknown flag: --since\n');
    expect(out(s, 'sim audit --user')).toBe('error: flag needs an argument: --user\n');
  });
});

describe('sim topology options', () => {
  it('builds a cluster with cloud-controller-manager and checks leader-election timings', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim topology basic --cloud-provider sim')).toBe('cluster rebuilt with topology basic: 4 nodes, all Ready, cloud-controller-manager (--cloud-provider=sim)\n');
    expect(s.sim.components().filter((c) => c.kind === 'cloud-controller-manager').map((c) => c.id)).toEqual(['cloud-controller-manager']);
    expect(out(s, 'sim topology basic --cloud-provider aws')).toBe('error: unknown cloud provider "aws": the simulated cloud is "sim"\n');
    expect(out(s, 'sim topology basic --leader-elect-retry-period kube-scheduler')).toBe('error: --leader-elect-retry-period takes COMPONENT=DURATION, COMPONENT one of kube-scheduler, kube-controller-manager, cloud-controller-manager\n');
    expect(out(s, 'sim topology basic --leader-elect-lease-duration kube-scheduler=soon')).toBe('error: invalid duration "soon" for --leader-elect-lease-duration\n');
    expect(out(s, 'sim topology basic --leader-elect-lease-duration cloud-controller-manager=30s')).toBe('error: cloud-controller-manager runs only with --cloud-provider sim\n');
    expect(out(s, 'sim topology ha --leader-elect-retry-period kube-scheduler=9s')).toBe('error: kube-scheduler: renewDeadline must be greater than retryPeriod*JitterFactor\n');
  });
});
