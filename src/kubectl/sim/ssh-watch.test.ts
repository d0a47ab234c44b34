/**
 * `watch` typed at a node's login (`sim ssh NODE`), through the Session: the laptop prompt's
 * screens (k8s/procps-watch-run.ts), the command run by the node's shell every interval of the
 * cluster's time, a Ctrl+C ending it with watch's status 0 and the rest of the line going on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { Session } from '../session';
import type { CommandResult } from '../types';

let booted: Session;
beforeAll(() => {
  booted = new Session({ seed: 1 });
});

/** The page's terminal on a copy of the booted cluster, logged in to `node`. */
function login(node: string): Session {
  const s = new Session({ seed: 1, interactive: true, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
  s.run(`sim ssh ${node}`);
  return s;
}

const terminal = { columns: 100, rows: 8 };

/** A line typed at the login with a Ctrl+C `after` ms after it started. */
function typed(s: Session, line: string, after?: number): { r: CommandResult; t0: number } {
  const t0 = s.sim.now;
  const r = s.run(line, undefined, { terminal, ...(after !== undefined ? { interruptAt: t0 + after } : {}) });
  return { r, t0 };
}

const frames = (r: CommandResult): string[][] => r.output.flatMap((c) => (c.screen ? [c.screen.rows] : []));

describe("watch at a node's login", () => {
  it("draws the laptop's screen every interval of the cluster's time until Ctrl+C, which it exits 0 of", () => {
    const s = login('control-plane');
    const { r, t0 } = typed(s, 'watch -n 5 crictl ps --name kube-scheduler; echo after $?', 12_000);
    const shown = frames(r);
    expect(shown).toHaveLength(3);
    for (const rows of shown) expect(rows).toHaveLength(terminal.rows);
    // watch.c's header: the interval and command on the left, the node's name and ctime() on the right.
    expect(shown[0]![0]).toMatch(/^Every 5\.0s: crictl ps --name kube-scheduler +control-plane: \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/);
    expect(shown[0]![2]).toMatch(/^CONTAINER +IMAGE +CREATED/);
    // Each run reads the node then: the scheduler's container ages 5 s a screen.
    const ages = shown.map((rows) => Number(/(\d+) seconds ago/.exec(rows.join('\n'))?.[1]));
    expect([ages[1]! - ages[0]!, ages[2]! - ages[1]!]).toEqual([5, 5]);
    // The screens come at their moments; the line goes on after watch's SIGINT handler exits 0.
    const stamps = r.output.filter((c) => c.screen).map((c) => c.at! - t0);
    expect(stamps[1]! - stamps[0]!).toBe(5_000);
    expect(r.output.filter((c) => !c.screen).map((c) => c.text).join('')).toBe('after 0\n');
    expect(s.sim.now - t0).toBe(12_000);
    expect(r.attached?.prompt).toBe('root@control-plane:~# ');
  });

  it('sees the kubelet act on a manifest the line moved away, from one screen to the next', () => {
    const s = login('control-plane');
    const { r } = typed(s, "mv /etc/kubernetes/manifests/kube-scheduler.yaml /root/; watch -t -n 10 'crictl ps -q --name kube-scheduler | wc -l'", 15_000);
    expect(frames(r).map((rows) => rows[0])).toEqual(['1', '0']);
  });

  it('says what it cannot exec with -x, and stops by itself at its bound without a Ctrl+C', () => {
    const s = login('node-1');
    const { r: missing } = typed(s, 'watch -t -x nosuch', 1_000);
    expect(frames(missing)[0]![0]).toBe("watch: unable to execute 'nosuch': No such file or directory");
    const { r, t0 } = typed(s, 'watch -n 60 hostname');
    expect(frames(r)[0]![2]).toBe('node-1');
    expect(r.exitCode).toBe(0);
    expect(s.sim.now - t0).toBeGreaterThanOrEqual(5 * 60_000);
  });
});
