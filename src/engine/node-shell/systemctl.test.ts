/** `systemctl` on a node (systemctl.ts): the kubelet's and the runtime's units, stopped and started for real. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Node } from '../../k8s/types';
import { Simulation } from '../simulation';

function sh(sim: Simulation, line: string, node = 'node-1'): { out: string; err: string; code: number } {
  const r = sim.nodeShell(node, line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}
const ready = (sim: Simulation, node: string): string | undefined => sim.objects<Node>('nodes').find((n) => n.metadata.name === node)?.status?.conditions?.find((c) => c.type === 'Ready')?.status;

describe('systemctl on a node', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it("prints systemd's status block for the running kubelet, then its journal's last lines", () => {
    const sim = fresh();
    const r = sh(sim, 'systemctl status kubelet');
    expect(r.code).toBe(0);
    const [head, journal] = r.out.split('\n\n');
    expect(head!.split('\n').map((l) => l.replace(/since .*/, 'since …').replace(/\d+ \/usr\/bin\/kubelet .*/, 'PID /usr/bin/kubelet …').replace(/PID: \d+/, 'PID: N'))).toEqual([
      '● kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/usr/lib/systemd/system/kubelet.service; enabled; preset: enabled)',
      '    Drop-In: /usr/lib/systemd/system/kubelet.service.d',
      '             └─10-kubeadm.conf',
      '     Active: active (running) since …',
      '       Docs: https://kubernetes.io/docs/',
      '   Main PID: N (kubelet)',
      '     CGroup: /system.slice/kubelet.service',
      '             └─PID /usr/bin/kubelet …',
    ]);
    // The simulated clock starts on Monday 2025-09-01.
    expect(head).toMatch(/Active: active \(running\) since Mon 2025-09-01 09:00:0\d UTC; \d+s ago/);
    expect(`${journal}`).toBe(sh(sim, 'journalctl -u kubelet -n 10').out);
    expect(sh(sim, 'systemctl status nope')).toEqual({ out: '', err: 'Unit nope.service could not be found.\n', code: 4 });
    expect(sh(sim, 'systemctl stop nope.service')).toEqual({ out: '', err: 'Failed to stop nope.service: Unit nope.service not loaded.\n', code: 5 });
  });

  it('stop takes the kubelet down (the node goes NotReady after the grace period); start brings it back', () => {
    const sim = fresh();
    expect(sh(sim, 'systemctl stop kubelet')).toEqual({ out: '', err: '', code: 0 });
    expect(sh(sim, 'systemctl is-active kubelet')).toEqual({ out: 'inactive\n', err: '', code: 3 });
    const down = sh(sim, 'systemctl status kubelet');
    expect(down.code).toBe(3);
    expect(down.out).toMatch(/^○ kubelet\.service - kubelet: The Kubernetes Node Agent\n/);
    expect(down.out).toMatch(/\n {5}Active: inactive \(dead\) since .*; now\n/);
    expect(down.out).toMatch(/\n {4}Process: (\d+) ExecStart=\/usr\/bin\/kubelet \$KUBELET_KUBECONFIG_ARGS \$KUBELET_CONFIG_ARGS \$KUBELET_KUBEADM_ARGS \$KUBELET_EXTRA_ARGS \(code=exited, status=0\/SUCCESS\)\n {3}Main PID: \1 \(code=exited, status=0\/SUCCESS\)\n/);
    expect(down.out).toMatch(/systemd\[1\]: Stopped kubelet\.service - kubelet: The Kubernetes Node Agent\.\n$/);
    sim.advance(30_000);
    expect(ready(sim, 'node-1')).toBe('True');
    sim.advance(30_000);
    expect(ready(sim, 'node-1')).toBe('Unknown');
    expect(sh(sim, 'systemctl start kubelet').code).toBe(0);
    sim.advance(15_000);
    expect(ready(sim, 'node-1')).toBe('True');
    expect(sh(sim, 'systemctl is-active kubelet containerd')).toEqual({ out: 'active\nactive\n', err: '', code: 0 });
  });

  it('restart is a new kubelet process: a new PID in the journal', () => {
    const sim = fresh();
    const pid = (): string => /Main PID: (\d+)/.exec(sh(sim, 'systemctl status kubelet').out)![1]!;
    const before = pid();
    sh(sim, 'systemctl restart kubelet');
    sim.advance(1000);
    expect(pid()).not.toBe(before);
    expect(sh(sim, 'journalctl -u kubelet | grep -c "Started kubelet.service"').out).toBe('2\n');
  });
});
