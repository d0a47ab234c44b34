/**
 * What a command run over an exec or attach stream writes reaches the terminal at the simulated
 * moment it wrote it (timed-output.ts): a loop's line a second, ping's reply a second, the lines
 * a `tail -f` finds appended to its file (images/follow.ts) — BusyBox's tail at its next
 * one-second read, GNU's at once (inotify). A Ctrl+C on a terminal (`-t`, an attached shell) is
 * SIGINT to the command (images/sigint.ts): ping prints its statistics, a shell's INT trap runs.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';
import type { CommandResult } from './types';

const runner = (): Session => new Session({ seed: 1, simulation: bootedCopy() });

/** Runs `line`, with a Ctrl+C `after` ms after it was typed if given: each chunk as [ms after the line was typed, text]. */
function timed(s: Session, line: string, after?: number): { r: CommandResult; at: [number | null, string][] } {
  const t0 = s.sim.now;
  const r = s.run(line, undefined, after === undefined ? {} : { interruptAt: t0 + after });
  return { r, at: r.output.map((c) => [c.at === undefined ? null : c.at - t0, c.text]) };
}

describe('kubectl exec: the output comes out as the command writes it', () => {
  it("a loop's lines a simulated second apart, until the Ctrl+C (without -t kubectl dies: $? 130, nothing more)", () => {
    const s = runner();
    const { r, at } = timed(s, "kubectl exec bb -- sh -c 'while true; do date +%T; sleep 1; done'", 3500);
    expect(r.exitCode).toBe(130);
    expect(at.map(([t]) => t)).toEqual([150, 1150, 2150, 3150]);
    const seconds = at.map(([, x]) => x.split(':').reduce((n, part) => n * 60 + Number(part), 0));
    expect(seconds.map((n) => n - seconds[0]!)).toEqual([0, 1, 2, 3]);
  });

  it('ping: the header and a reply a second, the statistics after the last reply', () => {
    const s = runner();
    const { r, at } = timed(s, 'kubectl exec bb -- ping -c 3 bb');
    expect(r.exitCode).toBe(0);
    expect(at.map(([t]) => t)).toEqual([150, 1150, 2150, 2151]);
    expect(at[0]![1]).toMatch(/^PING bb \(10\.244\.\d+\.\d+\): 56 data bytes\n64 bytes from .*: seq=0 ttl=64 time=\d\.\d{3} ms\n$/);
    expect(at[3]![1]).toMatch(/^\n--- bb ping statistics ---\n3 packets transmitted, 3 packets received, 0% packet loss\nround-trip min\/avg\/max = /);
  });
});

describe('Ctrl+C on the terminal of kubectl exec -it is SIGINT to the command', () => {
  it("BusyBox ping prints its statistics of what went out so far and exits 0 (1 when nothing came back, kubectl's exit code 1)", () => {
    const s = terminal();
    const { r, at } = timed(s, 'kubectl exec -it bb -- ping bb', 3500);
    expect(r.exitCode).toBe(0);
    expect(at.map(([t]) => t)).toEqual([150, 1150, 2150, 3150, 3500]);
    expect(at[4]![1]).toMatch(/^\n--- bb ping statistics ---\n4 packets transmitted, 4 packets received, 0% packet loss\nround-trip min\/avg\/max = [\d.]+\/[\d.]+\/[\d.]+ ms\n$/);
    const lost = timed(s, 'kubectl exec -it bb -- ping -c 10 10.0.0.1', 2500);
    expect(lost.at).toEqual([
      [150, 'PING 10.0.0.1 (10.0.0.1): 56 data bytes\n'],
      [2500, '\n--- 10.0.0.1 ping statistics ---\n3 packets transmitted, 0 packets received, 100% packet loss\n'],
      [2500, 'command terminated with exit code 1\n'],
    ]);
  });

  it("iputils ping (netshoot): its statistics with the run's time; bash goes on after it, BusyBox sh dies of the SIGINT too", () => {
    const s = terminal();
    s.run('kubectl run ns --image=nicolaka/netshoot -- sleep 3600');
    expect(s.run('kubectl wait --for=condition=Ready pod/ns --timeout=2m').exitCode).toBe(0);
    const { r, at } = timed(s, 'kubectl exec -it ns -- ping ns', 3500);
    expect(r.exitCode).toBe(0);
    expect(at[at.length - 1]).toEqual([3500, expect.stringMatching(/^\n--- ns ping statistics ---\n4 packets transmitted, 4 received, 0% packet loss, time 3350ms\nrtt min\/avg\/max\/mdev = [\d./]+ ms\n$/)]);
    const bash = timed(s, "kubectl exec -it ns -- bash -c 'ping -c 5 ns; echo after $?'", 2500);
    expect(bash.r.exitCode).toBe(0);
    expect(text(bash.r)).toMatch(/3 packets transmitted, 3 received, 0% packet loss, time 2350ms\nrtt [^\n]*\nafter 0\n$/);
    const ash = timed(s, "kubectl exec -it bb -- sh -c 'ping -c 5 bb; echo after $?'", 2500);
    expect(ash.r.exitCode).toBe(130);
    expect(text(ash.r)).toMatch(/round-trip [^\n]*\ncommand terminated with exit code 130\n$/);
  });

  it("a shell's INT trap runs and the script goes on; without one it dies of it (130)", () => {
    const s = terminal();
    expect(timed(s, `kubectl exec -it bb -- sh -c 'trap "echo caught" INT; sleep 5; echo after'`, 2000)).toMatchObject({ r: { exitCode: 0 }, at: [[2000, 'caught\nafter\n']] });
    expect(timed(s, `kubectl exec -it bb -- sh -c 'echo before; sleep 5; echo after'`, 2000)).toMatchObject({
      r: { exitCode: 130 },
      at: [
        [150, 'before\n'],
        [2000, 'command terminated with exit code 130\n'],
      ],
    });
  });
});

describe('a line typed at an attached shell', () => {
  it('shows its lines as they are written, and a Ctrl+C of ping leaves $? 0 (ping exits by itself)', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const loop = timed(s, 'for i in 1 2 3; do echo $i; sleep 1; done');
    expect(loop.at).toEqual([
      [150, '1\n'],
      [1150, '2\n'],
      [2150, '3\n'],
    ]);
    const { r, at } = timed(s, 'ping bb', 2500);
    expect(r.exitCode).toBe(0);
    expect(at[at.length - 1]).toEqual([2500, expect.stringMatching(/^\n--- bb ping statistics ---\n3 packets transmitted, 3 packets received/)]);
    expect(text(s.run('echo $?'))).toBe('0\n');
  });
});

describe('tail -f follows its file as it grows', () => {
  const writer = (image: string, shell: string): string => `kubectl run app --image=${image} -- ${shell} -c 'i=0; while true; do i=$((i+1)); echo "line $i" >> /tmp/app.log; sleep 3; done'`;

  it('BusyBox: what the container appends shows at the next of tail’s one-second reads', () => {
    const s = runner();
    s.run(writer('busybox:1.36', 'sh'));
    s.run('kubectl wait --for=condition=Ready pod/app');
    const { r, at } = timed(s, 'kubectl exec app -- tail -f /tmp/app.log', 10_000);
    expect(r.exitCode).toBe(130);
    expect(at).toEqual([
      [150, 'line 1\n'],
      [3150, 'line 2\n'],
      [6150, 'line 3\n'],
      [9150, 'line 4\n'],
    ]);
  });

  it('GNU (debian): at the moment it is written; at an attached shell too, until Ctrl+C', () => {
    const s = terminal();
    s.run(writer('debian', 'bash'));
    s.run('kubectl wait --for=condition=Ready pod/app');
    const { at } = timed(s, 'kubectl exec app -- tail -n 1 -f /tmp/app.log', 10_000);
    expect(at.map(([t]) => t)).toEqual([150, 2413, 5413, 8413]);
    expect(at.map(([, x]) => x)).toEqual(['line 1\n', 'line 2\n', 'line 3\n', 'line 4\n']);
    s.run('kubectl exec -it app -- bash');
    const line = timed(s, 'tail -n 1 -f /tmp/app.log', 7000);
    expect(line.r.exitCode).toBe(130);
    expect(line.at.map(([, x]) => x)).toEqual(['line 4\n', 'line 5\n', 'line 6\n']);
  });

  it('a file another container of the Pod appends to through a shared emptyDir', () => {
    const s = runner();
    const pod = `apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  volumes:
  - name: logs
    emptyDir: {}
  containers:
  - name: writer
    image: busybox:1.36
    command: ['sh', '-c', 'while true; do date +%T >> /logs/app.log; sleep 2; done']
    volumeMounts:
    - name: logs
      mountPath: /logs
  - name: reader
    image: busybox:1.36
    command: ['sleep', '3600']
    volumeMounts:
    - name: logs
      mountPath: /logs
`;
    expect(s.run('kubectl apply -f -', pod).exitCode).toBe(0);
    s.run('kubectl wait --for=condition=Ready pod/pair');
    const { at } = timed(s, 'kubectl exec pair -c reader -- tail -n 1 -f /logs/app.log', 6500);
    expect(at.length).toBe(4);
    expect(new Set(at.map(([, x]) => x)).size).toBe(4);
  });
});
