/**
 * The node's shells through the real engine: `sim ssh`'s `bash -c`, the login kept between lines
 * and `chroot /host`'s `/bin/sh` are the containers' interpreter on an Ubuntu machine whose disk
 * and programs are the node's.
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { hostView } from './host-view';

function booted(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.advance(30_000);
  return sim;
}

function out(r: { output: { stream: string; text: string }[] }, stream = 'stdout'): string {
  return r.output.filter((c) => c.stream === stream).map((c) => c.text).join('');
}

describe("the node's shell is bash on Ubuntu", () => {
  const sim = booted();

  it('runs loops, functions, case, arithmetic and [[ ]] over the node\'s files', () => {
    const loop = sim.nodeShell('control-plane', 'for f in /etc/kubernetes/manifests/*.yaml; do basename $f .yaml; done');
    expect(out(loop)).toBe('etcd\nkube-apiserver\nkube-controller-manager\nkube-scheduler\n');
    // GNU basename 9 (recorded): a SUFFIX that is the whole name stays; trailing slashes go; `/` is itself.
    expect(out(sim.nodeShell('node-1', 'basename .yaml .yaml; basename /etc/kubernetes/ .yaml; basename /'))).toBe('.yaml\nkubernetes\n/\n');
    const fn = sim.nodeShell('node-1', 'n() { echo $(( $1 * 2 )); }; x=$(n 21); [[ $x == 42 ]] && case $x in 4*) echo forty-two;; esac');
    expect(out(fn)).toBe('forty-two\n');
    // While a `while` reads a command's output line by line.
    expect(out(sim.nodeShell('node-1', 'ls /etc/kubernetes | while read f; do echo "[$f]"; done'))).toBe('[kubelet.conf]\n[manifests]\n[pki]\n');
  });

  it('has /bin/sh (dash), bash, sh -c and bash -c, and finds the node\'s programs in PATH', () => {
    expect(out(sim.nodeShell('node-1', 'ls -l /bin/sh'))).toBe('lrwxrwxrwx 1 root root 4 Aug  1 00:00 /bin/sh -> dash\n');
    expect(out(sim.nodeShell('node-1', "sh -c 'echo $0'; bash -c 'echo $0'"))).toBe('sh\nbash\n');
    // dash's own message for a command it cannot find (dash 0.5.12).
    expect(sim.nodeShell('node-1', "sh -c 'nosuch'").output).toEqual([{ stream: 'stderr', text: 'sh: 1: nosuch: not found\n', at: sim.now }]);
    expect(out(sim.nodeShell('node-1', 'command -v crictl journalctl nft sh'))).toBe('/usr/bin/crictl\n/usr/bin/journalctl\n/usr/sbin/nft\n/usr/bin/sh\n');
    // bash sets PWD as it starts: sshd's session starts in root's home, chroot's shell in `/`.
    expect(out(sim.nodeShell('node-1', 'echo $PWD'))).toBe('/root\n');
    expect(hostView(worldOf(sim), 'node-1').run(['/bin/sh', '-c', 'echo $PWD'], {}, '', sim.now).output.map((c) => c.text)).toEqual(['/\n']);
  });

  it('runs a command through sudo as root, and says what sudo says of a missing one', () => {
    expect(sim.nodeShell('node-1', 'sudo systemctl is-active kubelet')).toMatchObject({ exitCode: 0, output: [{ stream: 'stdout', text: 'active\n' }] });
    const missing = sim.nodeShell('node-1', 'sudo nosuch');
    expect(missing.exitCode).toBe(1);
    expect(out(missing, 'stderr')).toBe('sudo: nosuch: command not found\n');
  });

  it('takes simulated time: sleep moves the line\'s clock, each line of output carries its moment', () => {
    const t0 = sim.now;
    const r = sim.nodeShell('node-1', 'for i in 1 2 3; do echo $i; sleep 2; done');
    expect(r.durationMs).toBe(6_000);
    expect(r.output.map((c) => [c.text, c.at! - t0])).toEqual([
      ['1\n', 0],
      ['2\n', 2_000],
      ['3\n', 4_000],
    ]);
    // One that never ends says so (the caller holds the terminal).
    expect(sim.nodeShell('node-1', 'while true; do sleep 1; done')).toMatchObject({ running: true, durationMs: Infinity });
  });

  it('moves a static Pod\'s manifest out through a loop, and the kubelet stops the Pod', () => {
    const s = booted();
    const mirror = (): Pod | undefined => s.storedObject<Pod>('pods/kube-system/kube-scheduler-control-plane');
    expect(mirror()).toBeDefined();
    expect(s.nodeShell('control-plane', 'for f in /etc/kubernetes/manifests/kube-sched*; do mv "$f" /root/; done; ls /root').output.map((c) => c.text).join('')).toBe('kube-scheduler.yaml\n');
    s.advance(10_000);
    expect(mirror()).toBeUndefined();
  });
});

describe("the node's login keeps its state between lines", () => {
  it('keeps variables, functions, the directory and history until exit, which says logout', () => {
    const sim = booted();
    const open = sim.nodeLogin('node-1', '');
    expect(open.shell).toMatchObject({ pid: 2417, cwd: '/root', ended: false, prompt: 'root@node-1:~# ' });
    const pid = open.shell!.pid;
    const line = (l: string): ReturnType<Simulation['nodeLogin']> => sim.nodeLogin('node-1', l, pid);
    line('x=21; double() { echo $((x * 2)); }');
    line('cd /etc/kubernetes');
    const both = line('double; pwd');
    expect(both).toMatchObject({ exitCode: 0, shell: { prompt: 'root@node-1:/etc/kubernetes# ' } });
    expect(out(both)).toBe('42\n/etc/kubernetes\n');
    expect(out(line('echo $0 $$'))).toBe('-bash 2417\n');
    expect(line('history 1').output.map((c) => c.text).join('')).toBe('    5  history 1\n');
    const bye = line('exit 3');
    expect(bye).toMatchObject({ exitCode: 3, shell: { ended: true } });
    expect(bye.output.map((c) => c.text).join('')).toBe('logout\n');
    // A new login starts afresh.
    expect(sim.nodeLogin('node-1', '').shell?.cwd).toBe('/root');
  });
});

describe("a node's login in the World", () => {
  it('is carried by a snapshot: a fork goes on with its own copy of the shell', () => {
    const sim = booted();
    const pid = sim.nodeLogin('node-1', '').shell!.pid;
    sim.nodeLogin('node-1', 'v=before', pid);
    const fork = Simulation.fromSnapshot(sim.snapshot());
    fork.nodeLogin('node-1', 'v=fork; cd /tmp', pid);
    expect(out(fork.nodeLogin('node-1', 'echo $v $PWD', pid))).toBe('fork /tmp\n');
    expect(out(sim.nodeLogin('node-1', 'echo $v $PWD', pid))).toBe('before /root\n');
  });
});

describe('chroot /host', () => {
  it("runs the node's /bin/sh with loops and time, as the shell of the caller's Pod", () => {
    const sim = booted();
    const view = hostView(worldOf(sim), 'node-1');
    const t0 = sim.now;
    const r = view.run(['/bin/sh', '-c', 'for i in a b; do echo $i; sleep 1; done; readlink /bin/sh'], { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' }, '', t0);
    expect(r.output.map((c) => [c.text, c.at! - t0])).toEqual([
      ['a\n', 0],
      ['b\n', 1_000],
      ['dash\n', 2_000],
    ]);
    expect(r.durationMs).toBe(2_000);
    expect(view.has('crictl') && view.has('/bin/sh') && !view.has('nosuch')).toBe(true);
  });
});
