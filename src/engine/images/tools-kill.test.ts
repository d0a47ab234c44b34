/**
 * kill(1) as each shell's builtin and as a program, with their own messages (recorded: BusyBox
 * 1.35, bash 5.2, dash 0.5.12, procps-ng 4.0).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bootCluster, createPod, inPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';
import type { Pod } from '../../k8s/types';

describe('kill', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = bootCluster();
    createPod(sim, podManifest('bb', 'busybox:1.36', { container: { command: ['sleep', '3600'] } }));
    createPod(sim, podManifest('deb', 'nginx:1.27'));
    sim.advance(20_000);
  });
  const err = (pod: string, cmd: string[]): { exitCode: number; output: string } => inPod(sim, pod, cmd);

  it('says No such process in each voice, status 1', () => {
    expect(err('bb', ['kill', '-HUP', '99999'])).toEqual({ exitCode: 1, output: "kill: can't kill pid 99999: No such process\n" });
    expect(err('bb', ['sh', '-c', 'kill -HUP 99999'])).toEqual({ exitCode: 1, output: "sh: can't kill pid 99999: No such process\n" });
    expect(err('deb', ['bash', '-c', 'kill -HUP 99999'])).toEqual({ exitCode: 1, output: 'bash: line 1: kill: (99999) - No such process\n' });
    expect(err('deb', ['sh', '-c', 'kill -HUP 99999'])).toEqual({ exitCode: 1, output: 'sh: 1: kill: No such process\n\n' });
  });

  it('-s with nothing after it: getopt\'s words in bash and dash, the letter as a name elsewhere (recorded)', () => {
    expect(err('deb', ['bash', '-c', 'kill -s'])).toEqual({ exitCode: 1, output: 'bash: line 1: kill: -s: option requires an argument\n' });
    expect(err('deb', ['sh', '-c', 'kill -s'])).toEqual({ exitCode: 2, output: 'sh: 1: kill: No arg for -s option\n' });
    expect(err('bb', ['kill', '-s'])).toEqual({ exitCode: 1, output: "kill: bad signal name 's'\n" });
    expect(err('deb', ['/bin/kill', '-s']).output).toMatch(/^\/bin\/kill: invalid argument s\n\nUsage:\n/);
  });

  it('refuses a bad signal name and wants a PID', () => {
    expect(err('bb', ['kill', '-FOO', '1'])).toEqual({ exitCode: 1, output: "kill: bad signal name 'FOO'\n" });
    expect(err('deb', ['bash', '-c', 'kill -FOO 1'])).toEqual({ exitCode: 1, output: 'bash: line 1: kill: FOO: invalid signal specification\n' });
    expect(err('bb', ['sh', '-c', 'kill'])).toEqual({ exitCode: 1, output: 'sh: you need to specify whom to kill\n' });
  });

  it('refuses a PID that is not a number, and a job spec, in each voice (BusyBox counts its failures)', () => {
    expect(err('bb', ['kill', 'abc', '1x'])).toEqual({ exitCode: 2, output: "kill: invalid number 'abc'\nkill: invalid number '1x'\n" });
    expect(err('bb', ['sh', '-c', 'kill 99998 abc'])).toEqual({ exitCode: 2, output: "sh: can't kill pid 99998: No such process\nsh: invalid number 'abc'\n" });
    expect(err('deb', ['bash', '-c', 'kill -HUP abc 1x'])).toEqual({
      exitCode: 1,
      output: 'bash: line 1: kill: abc: arguments must be process or job IDs\nbash: line 1: kill: 1x: arguments must be process or job IDs\n',
    });
    expect(err('deb', ['bash', '-c', 'kill %1'])).toEqual({ exitCode: 1, output: 'bash: line 1: kill: %1: no such job\n' });
    expect(err('deb', ['sh', '-c', 'kill abc 1x'])).toEqual({ exitCode: 2, output: 'sh: 1: kill: Illegal number: abc\n' });
    expect(err('deb', ['sh', '-c', 'kill %1'])).toEqual({ exitCode: 2, output: 'sh: 1: kill: No such job: %1\n' });
  });

  it("bash's usage line names neither the shell nor the line", () => {
    expect(err('deb', ['bash', '-c', 'kill'])).toEqual({ exitCode: 2, output: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n' });
  });

  it('signals a process the container has: -0 only checks, SIGHUP reloads nginx (PID 1 stays)', () => {
    expect(err('bb', ['kill', '-0', '1']).exitCode).toBe(0);
    expect(err('deb', ['bash', '-c', 'kill -HUP 1']).exitCode).toBe(0);
    expect(inPod(sim, 'deb', ['cat', '/proc/1/status']).output).toMatch(/^Name:\tnginx$/m);
  });
});

describe("nginx's signals (nginx -s)", () => {
  it('reload reconfigures with new workers; quit ends the container with exit code 0 (Completed)', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(20_000);
    expect(inPod(sim, 'web', ['nginx', '-s', 'reload']).exitCode).toBe(0);
    const log = (): string => {
      const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: 'web', logOptions: {} });
      return res.ok ? (res.text ?? '') : '';
    };
    expect(log()).toMatch(/\[notice\] 1#1: signal 1 \(SIGHUP\) received from 45, reconfiguring\n/);
    expect(inPod(sim, 'web', ['nginx', '-s', 'quit']).exitCode).toBe(0);
    sim.advance(1_000);
    const status = sim.storedObject<Pod>('pods/default/web')?.status?.containerStatuses?.[0];
    const ended = status?.state.terminated ?? status?.lastState?.terminated;
    expect(ended).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });
});
