/**
 * SIGINT from the terminal of an exec (`kubectl exec -t POD -- CMD`, ExecSession.interruptAt) as
 * the process model runs it (sigint.ts), and the stamps on what the exec writes (ExecChunk.at).
 * The rules were recorded under a pty (python3's pty.fork, ^C 0.7 s in) from bash 5.2.15, dash
 * 0.5.12 and BusyBox 1.35 `sh -c`, the child a python script that catches SIGINT, prints and
 * exits 0 as ping does:
 *   `trap "echo caught" INT; sleep 2; echo after` → `^Ccaught`, `after`, exit 0 (all three)
 *   `sleep 2; echo after`                         → `^C`, killed by SIGINT (all three)
 *   `CHILD; echo after $?`                        → bash `stats`, `after 0`, exit 0;
 *                                                   dash and BusyBox `stats`, killed by SIGINT
 *   `trap "echo caught" INT; CHILD; echo after $?` → `stats`, `caught`, `after 0` (all three)
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess, type ProcessState } from './process';
import type { ExecResult } from './types';

function start(image: string): ProcessState {
  return startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] });
}

/** `argv` on the exec's terminal at 10 s, with a Ctrl+C at `cut` ms after it began. */
const cutAt = (image: string, argv: string[], cut: number): ExecResult => execInContainer(start(image), 10_000, argv, undefined, undefined, '', { tty: true, interruptAt: 10_000 + cut });

describe('Ctrl+C on the terminal of an exec', () => {
  it('kills a program and the shell around it (130); what it would have written later never was', () => {
    for (const [image, shell] of [
      ['busybox:1.36', 'sh'],
      ['debian', 'dash'],
      ['debian', 'bash'],
    ] as const) {
      const r = cutAt(image, [shell, '-c', 'echo before; sleep 2; echo after'], 700);
      expect({ shell, status: r.exitCode, out: r.output, ms: r.durationMs }).toEqual({ shell, status: 130, out: 'before\n', ms: 700 });
    }
    expect(cutAt('busybox:1.36', ['sleep', '100'], 700)).toMatchObject({ exitCode: 130, durationMs: 700 });
  });

  it('runs an INT trap, after which the script goes on', () => {
    for (const [image, shell] of [
      ['busybox:1.36', 'sh'],
      ['debian', 'dash'],
      ['debian', 'bash'],
    ] as const) {
      const r = cutAt(image, [shell, '-c', 'trap "echo caught" INT; sleep 2; echo after'], 700);
      expect({ shell, status: r.exitCode, out: r.output }).toEqual({ shell, status: 0, out: 'caught\nafter\n' });
    }
  });

  it("a program that catches it (ping) ends by itself: bash goes on, BusyBox sh dies of it, a trap runs either way", () => {
    const ping = cutAt('busybox:1.36', ['ping', '127.0.0.1'], 2500);
    expect(ping.exitCode).toBe(0);
    expect(ping.output).toMatch(/\n--- 127\.0\.0\.1 ping statistics ---\n3 packets transmitted, 3 packets received, 0% packet loss\nround-trip min\/avg\/max = [\d./]+ ms\n$/);
    expect(cutAt('busybox:1.36', ['sh', '-c', 'ping -q 127.0.0.1; echo after $?'], 2500)).toMatchObject({ exitCode: 130, output: expect.not.stringContaining('after') });
    expect(cutAt('busybox:1.36', ['sh', '-c', 'trap "echo caught" INT; ping -q 127.0.0.1; echo after $?'], 2500).output).toMatch(/packet loss\nround-trip [^\n]+\ncaught\nafter 0\n$/);
    expect(cutAt('nicolaka/netshoot', ['bash', '-c', 'ping -q 127.0.0.1; echo after $?'], 2500)).toMatchObject({ exitCode: 0, output: expect.stringMatching(/3 packets transmitted, 3 received, 0% packet loss, time 2500ms\nrtt [^\n]+\nafter 0\n$/) });
  });

  it('stamps each chunk with the moment it was written', () => {
    const r = execInContainer(start('busybox:1.36'), 10_000, ['sh', '-c', 'for i in 1 2 3; do echo $i; sleep 1; done']);
    expect(r.streams?.map((c) => [c.at, c.text])).toEqual([
      [10_000, '1\n'],
      [11_000, '2\n'],
      [12_000, '3\n'],
    ]);
  });
});
