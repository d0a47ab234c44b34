/**
 * `kubectl logs` of a control-plane Pod whose manifest gives its binary a flag it does not know:
 * the kubelet serves what the failed container wrote (cobra's error), now and with --previous,
 * not the log of the process the old manifest ran (a changed manifest is a new Pod).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../engine';
import { kubectl } from './testing';

describe('kubectl logs of a crash-looping static Pod', () => {
  it('shows the error the container exited with, before and after the manifest is fixed', () => {
    const sim = new Simulation({ seed: 7 });
    const sh = (line: string): number => sim.nodeShell('control-plane', line).exitCode;
    expect(sh("sed -i 's/--leader-elect=true/--leader-elekt=true/' /etc/kubernetes/manifests/kube-scheduler.yaml")).toBe(0);
    sim.advance(60_000);
    const pod = 'kube-scheduler-control-plane';
    expect(kubectl(sim, `get pod ${pod} -n kube-system --no-headers`).stdout).toMatch(/0\/1\s+CrashLoopBackOff/);
    expect(kubectl(sim, `logs ${pod} -n kube-system`).stdout).toBe('Error: unknown flag: --leader-elekt\n');
    expect(kubectl(sim, `logs ${pod} -n kube-system --previous`).stdout).toBe('Error: unknown flag: --leader-elekt\n');
    expect(sh("sed -i 's/--leader-elekt/--leader-elect/' /etc/kubernetes/manifests/kube-scheduler.yaml")).toBe(0);
    sim.advance(60_000);
    const after = kubectl(sim, `logs ${pod} -n kube-system`).stdout;
    expect(after).not.toContain('unknown flag');
    expect(after).toContain('successfully acquired lease kube-system/kube-scheduler');
  });
});
