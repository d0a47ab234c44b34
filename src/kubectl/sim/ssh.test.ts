/**
 * `sim ssh` and the topology's runtime and proxy-mode options through the Session: the lines a
 * student types, with their exit codes. Without a command, at the terminal, `sim ssh NODE` logs in
 * (root's bash in /root) until exit, as `ssh root@NODE` gives.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult } from '../types';

function run(s: Session, line: string): { text: string; code: number } {
  const r = s.run(line);
  return { text: r.output.map((c) => c.text).join(''), code: r.exitCode };
}

describe('sim ssh', () => {
  const s = new Session({ seed: 1 });

  it('runs a command on the node, with bash\'s and ssh\'s own exit codes', () => {
    expect(run(s, 'sim ssh node-1 -- ls /etc/cni/net.d')).toEqual({ text: '10-kindnet.conflist\n', code: 0 });
    expect(run(s, 'sim ssh node-1 crictl pods').text).toMatch(/^POD ID {14}CREATED/);
    // sshd's `bash -c` has no terminal: bash names the line (bash 5.2.15, stderr a pipe).
    expect(run(s, 'sim ssh node-1 -- nosuch')).toEqual({ text: 'bash: line 1: nosuch: command not found\n', code: 127 });
    expect(run(s, "sim ssh node-1 -- 'journalctl -u kubelet --no-pager | grep -c \"SyncLoop ADD\"'").text).toMatch(/^\d+\n$/);
    expect(run(s, 'sim ssh').code).toBe(1);
    expect(run(s, 'sim ssh node-1 --').text).toContain('usage: sim ssh <node> [-- <command>]');
    expect(run(s, 'sim help').text).toContain('sim ssh <node> [-- <command>]');
  });

  it('keeps the clock on whole milliseconds after a node command whose transfer ends between two', () => {
    // curl's transfer takes a fractional time; the clock once kept the fraction, and the next
    // Event's name (the nanosecond clock in hex) threw: `kubectl rollout status` said internal error.
    const t = new Session({ seed: 1 });
    expect(run(t, 'sim ssh node-1 -- curl -s localhost:10249/proxyMode').text).toBe('iptables');
    expect(Number.isInteger(t.sim.now)).toBe(true);
    expect(run(t, 'kubectl create deployment web --image=nginx').code).toBe(0);
    expect(run(t, 'kubectl rollout status deploy/web')).toEqual({ text: expect.stringContaining('successfully rolled out') as unknown as string, code: 0 });
    t.sim.advance(0.4);
    expect(Number.isInteger(t.sim.now)).toBe(true);
  });

  it('leaves the runtime\'s OCI hops out of sim trace unless asked for', () => {
    const t = new Session({ seed: 1 });
    run(t, 'kubectl run web --image=nginx:1.27');
    run(t, 'sim advance 10s');
    const plain = run(t, 'sim trace --all').text;
    expect(plain).toContain('StartContainer web');
    expect(plain).not.toContain('runc start');
    expect(run(t, 'sim trace --all --kind oci').text).toMatch(/container-runtime\/node-\d -> runc\/node-\d: runc start [0-9a-f]{13} \(web of default\/web\)\n/);
  });
});

describe('sim topology --runtime and --proxy-mode', () => {
  it('puts CRI-O on the last worker (mixed) and shows it in nodes -o wide and sim status', () => {
    const s = new Session({ seed: 1 });
    expect(run(s, 'sim topology basic --runtime mixed').code).toBe(0);
    const wide = run(s, 'kubectl get nodes -o wide').text;
    expect(wide).toMatch(/\nnode-2 .* containerd:\/\/2\.1\.4\n/);
    expect(wide).toMatch(/\nnode-3 .* cri-o:\/\/1\.36\.1\n$/);
    expect(run(s, 'sim status').text).toMatch(/container-runtime\/node-3 +node-3 +Running +CRI-O \(CRI\)/);
    expect(run(s, 'sim ssh node-3 -- systemctl is-active crio')).toEqual({ text: 'active\n', code: 0 });
    expect(run(s, 'sim ssh node-3 -- systemctl is-active containerd').code).toBe(3);
  });

  it('refuses unknown values', () => {
    const s = new Session({ seed: 1 });
    expect(run(s, 'sim topology basic --runtime docker')).toEqual({ text: 'error: unknown runtime "docker": one of containerd, cri-o, mixed\n', code: 1 });
    expect(run(s, 'sim topology basic --proxy-mode ipvs')).toEqual({ text: 'error: unknown proxy mode "ipvs": one of iptables, nftables\n', code: 1 });
  });
});

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');

let booted: Session;
beforeAll(() => {
  booted = new Session({ seed: 1 });
});

/** A browser terminal (or, with `interactive: false`, a script) on a copy of the booted cluster. */
function terminal(interactive = true): Session {
  return new Session({ seed: 1, interactive, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

describe('sim ssh NODE without a command', () => {
  it('logs in to the node: the prompt follows cd, files changed stay, the kubelet acts on them, exit says what ssh says', () => {
    const s = terminal();
    expect(s.run('sim ssh control-plane')).toMatchObject({ output: [], exitCode: 0, attached: { prompt: 'root@control-plane:~# ' } });
    expect(s.run('cd /etc/kubernetes/manifests')).toMatchObject({ exitCode: 0, attached: { prompt: 'root@control-plane:/etc/kubernetes/manifests# ' } });
    // The login's ls writes to the terminal: columns, as GNU ls 9 lays them out at 80 (recorded with COLUMNS=80).
    expect(text(s.run('ls'))).toBe('etcd.yaml\t     kube-controller-manager.yaml\nkube-apiserver.yaml  kube-scheduler.yaml\n');
    expect(s.run('mv kube-scheduler.yaml ~/').exitCode).toBe(0);
    expect(text(s.run('ls ~'))).toBe('kube-scheduler.yaml\n');
    expect(text(s.run('hostname'))).toBe('control-plane\n');
    const missing = s.run('cd /nope');
    expect(missing).toMatchObject({ exitCode: 1, attached: { prompt: 'root@control-plane:/etc/kubernetes/manifests# ' } });
    expect(s.run('exit')).toMatchObject({
      output: [
        { stream: 'stdout', text: 'logout\n' },
        { stream: 'stderr', text: 'Connection to control-plane closed.\n' },
      ],
      exitCode: 1,
    });
    // Back at the laptop: the scheduler's manifest left the directory, so its Pod is gone.
    s.run('sim advance 5s');
    const pods = s.run('kubectl get pods -n kube-system --no-headers');
    expect(text(pods)).not.toContain('kube-scheduler-control-plane');
    expect(s.run('kubectl get nodes').attached).toBeUndefined();
  });

  it('runs typed lines on the node, and a machine that is off refuses the login as ssh does', () => {
    const s = terminal();
    s.run('sim ssh node-1');
    expect(s.run('true').attached?.prompt).toBe('root@node-1:~# ');
    // A line typed at the node's prompt runs on the node, not on the laptop: `sim` is not there.
    // A login shell's $0 is `-bash`, which its messages start with.
    expect(text(s.run('sim fail node/node-1'))).toBe('-bash: sim: command not found\n');
    // The machine powered off under the session (the instructor's console): the next line ends it with ssh's error.
    s.sim.injectFault('node/node-1');
    const lost = s.run('ls');
    expect(lost).toMatchObject({ exitCode: 255 });
    expect(lost.attached).toBeUndefined();
    expect(text(lost)).toMatch(/^ssh: connect to host \S+ port 22: No route to host\n$/);
    s.run('sim ssh node-2');
    expect(text(s.run('exit'))).toBe('logout\nConnection to node-2 closed.\n');
    const off = s.run('sim ssh node-1');
    expect(off).toMatchObject({ exitCode: 255 });
    expect(off.attached).toBeUndefined();
    expect(text(off)).toMatch(/^ssh: connect to host \S+ port 22: No route to host\n$/);
  });

  it("keeps the login's functions and variables between lines, and a line's sleep is the cluster's time", () => {
    const s = terminal();
    s.run('sim ssh node-1');
    s.run('greet() { echo "hello from $(hostname)"; }');
    s.run('N=3');
    expect(text(s.run('greet; echo $N'))).toBe('hello from node-1\n3\n');
    const t0 = s.sim.now;
    expect(s.run('sleep 5; echo done')).toMatchObject({ exitCode: 0, output: [{ text: 'done\n' }] });
    // The interactive terminal also spends its typist's moment on the line.
    expect(s.sim.now - t0).toBeGreaterThanOrEqual(5_000);
    expect(s.sim.now - t0).toBeLessThan(6_000);
    expect(text(s.run('exit'))).toBe('logout\nConnection to node-1 closed.\n');
  });

  it("has the laptop terminal's TERM, which ssh sends for the login's terminal", () => {
    const s = terminal();
    s.run('sim ssh node-1');
    expect(text(s.run('echo $TERM'))).toBe('xterm-256color\n');
    // watch finds a terminal type (ssh-watch.test.ts: it draws its screens there).
    expect(s.run('watch -g hostname', undefined, { interruptAt: s.sim.now + 3_000 }).output.some((c) => c.screen !== undefined)).toBe(true);
    s.run('exit');
    s.run('export TERM=');
    s.run('sim ssh node-1');
    expect(text(s.run('echo ${TERM-unset}'))).toBe('unset\n');
    expect(text(s.run('watch crictl ps'))).toBe('Error opening terminal: unknown.\n');
  });

  it('refuses an unknown node before any prompt, and needs a terminal to log in', () => {
    const s = terminal();
    const unknown = s.run('sim ssh nosuch');
    expect(unknown).toMatchObject({ exitCode: 255 });
    expect(unknown.attached).toBeUndefined();
    expect(text(unknown)).toBe('ssh: Could not resolve hostname nosuch: Name or service not known\n');
    const script = terminal(false);
    const r = script.run('sim ssh control-plane');
    expect(r.exitCode).toBe(1);
    expect(text(r)).toContain('error: usage: sim ssh <node> [-- <command>]');
    expect(text(script.run('sim ssh control-plane -- hostname'))).toBe('control-plane\n');
    // A command's time passes before the prompt comes back, its output at its moments.
    const t0 = script.sim.now;
    const r2 = script.run("sim ssh control-plane -- 'echo a; sleep 3; echo b'");
    expect(text(r2)).toBe('a\nb\n');
    expect(r2.output.map((c) => (c.at ?? 0) - t0)).toEqual([0, 3_000]);
    expect(script.sim.now - t0).toBe(3_000);
  });
});

describe('a page control while the terminal is logged in to a node', () => {
  it('runs its line at the laptop, and the terminal stays logged in', () => {
    const s = terminal();
    s.run('sim ssh control-plane');
    // The instructor's console stops the scheduler: not `bash: sim: command not found` on the node.
    const fault = s.run('sim fail kube-scheduler', undefined, { laptop: true });
    expect(fault.exitCode).toBe(0);
    expect(fault.typedIn).toBeUndefined();
    expect(fault.attached?.prompt).toBe('root@control-plane:~# ');
    expect(s.sim.faultTargets().find((t) => t.name === 'kube-scheduler')?.since).toBeDefined();
    // The next typed line is the node's again.
    expect(s.run('hostname')).toMatchObject({ output: [{ text: 'control-plane\n' }], typedIn: { prompt: 'root@control-plane:~# ' } });
    expect(text(s.run('sim fail kube-scheduler'))).toBe('-bash: sim: command not found\n');
  });
});
