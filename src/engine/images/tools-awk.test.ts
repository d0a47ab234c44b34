import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function sh(image: string, script: string): { exitCode: number; output: string } {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, hostname: 'p' });
  const r = execInContainer(p, 1_000, ['sh', '-c', script]);
  return { exitCode: r.exitCode, output: r.output };
}

describe('awk reads its FILE operands', () => {
  it('reads the files in order, NR counting across them, `-` for stdin and var=value skipped', () => {
    const r = sh('busybox:1.36', "printf 'a b\\nc d\\n' > /tmp/x; printf 'e f\\n' > /tmp/y; echo 'g h' | awk '{print NR, $2}' /tmp/x - n=1 /tmp/y");
    expect(r).toEqual({ exitCode: 0, output: '1 b\n2 d\n3 h\n4 f\n' });
    expect(sh('busybox:1.36', "awk '{print $1}' /etc/hostname").output).toBe('p\n');
    expect(sh('busybox:1.36', "awk -F: '$3 >= 65534 {print $1}' /etc/passwd").output).toBe('nobody\n');
  });

  it('BusyBox awk dies at a file it cannot open, after what it printed (status 1)', () => {
    expect(sh('busybox:1.36', "echo x > /tmp/x; awk '{print $1}' /tmp/x /nope /tmp/x")).toEqual({ exitCode: 1, output: "x\nawk: /nope: No such file or directory\n" });
    expect(sh('busybox:1.36', "awk '{print $1}' /tmp")).toEqual({ exitCode: 1, output: 'awk: cmd. line:1: Is a directory\n' });
  });

  it("Debian's mawk stops there too, in its own words, and exits 2", () => {
    expect(sh('debian:12', "echo x > /tmp/x; awk '{print $1}' /tmp/x /nope /tmp/x")).toEqual({ exitCode: 2, output: 'x\nawk: cannot open /nope (No such file or directory)\n' });
    expect(sh('debian:12', "awk '{print $1}' /tmp")).toEqual({ exitCode: 2, output: 'awk: read error (Is a directory)\n' });
  });
});
