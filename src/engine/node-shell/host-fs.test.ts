/**
 * A node's disk keeps what its shell writes (host-fs.ts): through `sim ssh` and through a
 * debugging Pod's view of the node, across commands, in snapshots and forks, and not on other nodes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, worldOf } from '../simulation';
import { hostView } from './host-view';

function sh(sim: Simulation, line: string, node = 'control-plane'): { out: string; err: string; code: number } {
  const r = sim.nodeShell(node, line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}

describe("a node's disk", () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('keeps writes, removals and renames from one command to the next', () => {
    const sim = fresh();
    expect(sh(sim, 'echo hello > /root/note; echo more >> /root/note; mkdir /root/d; cp /etc/hostname /root/d/h').code).toBe(0);
    expect(sh(sim, 'cat /root/note /root/d/h').out).toBe('hello\nmore\ncontrol-plane\n');
    expect(sh(sim, 'mv /root/note /tmp/note && rm /etc/crictl.yaml').code).toBe(0);
    expect(sh(sim, 'ls /root /tmp').out).toBe('/root:\nd\n\n/tmp:\nnote\n');
    expect(sh(sim, 'cat /etc/crictl.yaml')).toEqual({ out: '', err: 'cat: /etc/crictl.yaml: No such file or directory\n', code: 1 });
    expect(sh(sim, "sed -i 's/control-plane/cp-1/' /root/d/h; cat < /root/d/h").out).toBe('cp-1\n');
    // Other machines have their own disks.
    expect(sh(sim, 'ls /root', 'node-1').out).toBe('');
  });

  it("opens a line's redirections as bash and dash do", () => {
    const sim = fresh();
    // bash 5.2.15's `bash -c` with stderr a pipe, as sshd gives it: `bash: line 1: …`.
    expect(sh(sim, 'echo x > /nope/x')).toEqual({ out: '', err: 'bash: line 1: /nope/x: No such file or directory\n', code: 1 });
    expect(sh(sim, 'echo x > /etc')).toEqual({ out: '', err: 'bash: line 1: /etc: Is a directory\n', code: 1 });
    expect(sh(sim, 'cat < /nope')).toEqual({ out: '', err: 'bash: line 1: /nope: No such file or directory\n', code: 1 });
    expect(sh(sim, 'ls /nope 2> /root/err; cat /root/err').out).toBe("ls: cannot access '/nope': No such file or directory\n");
    const dash = hostView(worldOf(sim), 'control-plane').run(['/bin/sh', '-c', 'echo x > /nope/x'], {}, '', sim.now);
    expect(dash.output.map((c) => [c.stream, c.text])).toEqual([['stderr', '/bin/sh: 1: cannot create /nope/x: Directory nonexistent\n']]);
    expect(dash.exitCode).toBe(2);
  });

  it('is the one a debugging Pod on the node sees, both ways', () => {
    const sim = fresh();
    sh(sim, 'echo from-ssh > /root/a');
    const view = hostView(worldOf(sim), 'control-plane');
    expect(view.root.file('/root/a')).toBe('from-ssh\n');
    expect(view.run(['/bin/sh', '-c', 'echo from-chroot > /root/b'], {}, '', sim.now).exitCode).toBe(0);
    expect(view.root.file('/root/b')).toBe('from-chroot\n');
    expect(sh(sim, 'cat /root/b').out).toBe('from-chroot\n');
  });

  it('is part of the world: a snapshot carries it, a fork changes its own copy, an untouched node holds nothing', () => {
    const sim = fresh();
    expect(worldOf(sim).nodeFs).toBeUndefined();
    sh(sim, 'cat /etc/hostname; ls /root');
    expect(worldOf(sim).nodeFs).toBeUndefined();
    sh(sim, 'echo 1 > /root/v');
    const fork = Simulation.fromSnapshot(sim.snapshot());
    sh(fork, 'echo 2 > /root/v');
    expect(sh(sim, 'cat /root/v').out).toBe('1\n');
    expect(sh(fork, 'cat /root/v').out).toBe('2\n');
  });
});
