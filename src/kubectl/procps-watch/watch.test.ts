/**
 * `watch` through the real Session. Recorded from /usr/bin/watch (procps-ng 4.0.2) on this
 * machine under a pty of a fixed size (TERM=xterm, hostname `vm`, UTC), with `cat -A`:
 *
 *   80×24 `watch echo hi`: `ESC[?1049h … ESC[H ESC[2J Every 2.0s: echo hi ESC[1;53H vm: Sun Dec  6 07:30:44 2026 ESC[3;1H hi`,
 *     Ctrl+C: `ESC[?1049l` and exit status 0.
 *   60 columns, a long command: `Every 2.0s: echo aaaaaaaaaa...  vm: Sun Dec  6 07:30:55 2026`.
 *   40 columns: only `vm: Sun Dec  6 07:30:51 2026` from column 13; 20 columns: no header at all.
 *   -n 0: `Every 0.1s`; -n 1.25: `Every 1.2s`; -n 1.35: `Every 1.4s`.
 *   stderr shares the pipe: `watch 'echo out; echo err >&2'` shows `out` then `err`.
 *   -d: a changed cell is drawn `ESC[0;7m` (standout) … `ESC[m`, only from the second run.
 *   -g: exits 0 once the output's cells change (the header's clock does not count).
 *   -q 2 on unchanging output: 3 runs, then exit 0; -q 1: 2 runs.
 *   -e: `command exit with a non-zero status, press a key to exit` on the bottom row; a key: exit 8.
 *   `watch 'k get pods'` (k a bash alias): `sh: 1: k: not found`. -x 'echo hi': `watch: unable to
 *   execute 'echo hi': No such file or directory`.
 *   No TERM: `Error opening terminal: unknown.` (stderr), exit 1. No command: the usage on stderr, exit 1.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import type { CommandResult, ScreenFrame } from '../types';
import { WATCH_USAGE } from './options';

const TERM = { columns: 80, rows: 12 };

function frames(r: CommandResult): { at: number; screen: ScreenFrame }[] {
  return r.output.filter((c) => c.screen).map((c) => ({ at: c.at!, screen: c.screen! }));
}

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

describe('watch at the page terminal', () => {
  it('draws watch 4.0.2’s header and the command’s output, and redraws every 2 s of simulated time', () => {
    const s = new Session({ interactive: true, files: { 'web.yaml': WEB } });
    s.run('kubectl apply -f web.yaml');
    const start = s.sim.now;
    const r = s.run('watch kubectl get pods', undefined, { terminal: TERM, interruptAt: start + 20_000 });
    const f = frames(r);
    expect(f.length).toBeGreaterThan(5);
    const first = f[0]!.screen;
    expect(first.rows).toHaveLength(12);
    // `Every 2.0s: CMD` at the left, `HOST: ctime()` ending on the last column.
    expect(first.rows[0]).toMatch(/^Every 2\.0s: kubectl get pods {2,}localhost: \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/);
    expect(first.rows[0]).toHaveLength(80);
    expect(first.rows[1]).toBe('');
    expect(first.rows[2]).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE$/);
    // The Pods turn Running over simulated time, frame after frame.
    expect(first.rows.slice(3, 5).join('\n')).toMatch(/ContainerCreating|Pending/);
    expect(f.at(-1)!.screen.rows.slice(3, 5).every((row) => / Running /.test(row))).toBe(true);
    // A run every interval after the last one ended (watch.c sleeps after the command: 2 s + kubectl's start-up).
    expect(f[1]!.at - f[0]!.at).toBe(2150);
    // Ctrl+C: watch's SIGINT handler exits 0 (recorded); nothing after the interrupt.
    expect(r.exitCode).toBe(0);
    expect(f.every((x) => x.at <= start + 20_000)).toBe(true);
    expect(r.output.every((c) => c.text === '')).toBe(true);
  });

  it('cuts the title as watch does on narrow terminals, and -t drops it', () => {
    const s = new Session({ interactive: true });
    const at = (columns: number, line: string): string[] => frames(s.run(line, undefined, { terminal: { columns, rows: 6 }, interruptAt: s.sim.now + 1000 }))[0]!.screen.rows;
    // The laptop is `localhost` (rhlen 36 with ctime's newline): 8 of the command's columns fit in 60.
    expect(at(60, 'watch echo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')[0]).toMatch(/^Every 2\.0s: echo aaa\.\.\. {2}localhost: /);
    // 41 columns: hostname and time only, from column width − rhlen + 1.
    expect(at(41, 'watch echo hi')[0]).toMatch(/^ {6}localhost: .{24}$/);
    // rhlen + hlen + 1, + 2 and + 4 columns (recorded with `vm` at 42, 43 and 45: `Every 2.0s:   vm:`,
    // `Every 2.0s...  vm:`, `Every 2.0s: ...  vm:`).
    expect(at(49, 'watch echo hi')[0]).toMatch(/^Every 2\.0s: {3}localhost: /);
    expect(at(50, 'watch echo hi')[0]).toMatch(/^Every 2\.0s\.\.\. {2}localhost: /);
    expect(at(52, 'watch echo hi')[0]).toMatch(/^Every 2\.0s: \.\.\. {2}localhost: /);
    expect(at(20, 'watch echo hi')[0]).toBe('');
    expect(at(20, 'watch echo hi')[2]).toBe('hi');
    expect(at(20, 'watch -t echo hi')[0]).toBe('hi');
    expect(at(80, 'watch -n 1.25 echo hi')[0]).toMatch(/^Every 1\.2s: echo hi/);
    expect(at(80, 'watch -n 0 echo hi')[0]).toMatch(/^Every 0\.1s: echo hi/);
  });

  it('lays out the output as watch does: tabs, wrapping or -w cutting, stderr in the same pipe, no more rows than fit', () => {
    const s = new Session({ interactive: true });
    const rows = (line: string): string[] => frames(s.run(line, undefined, { terminal: { columns: 20, rows: 6 }, interruptAt: s.sim.now + 1000 }))[0]!.screen.rows;
    expect(rows("watch -t 'printf \"12345678901234567890\\nx\\n\"'")).toEqual(['12345678901234567890', 'x', '', '', '', '']);
    expect(rows("watch -t 'printf \"a\\tb\\n\"; echo 1234567890123456789012345'")).toEqual(['a       b', '12345678901234567890', '12345', '', '', '']);
    expect(rows("watch -t -w 'echo 1234567890123456789012345; echo next'")).toEqual(['12345678901234567890', 'next', '', '', '', '']);
    expect(rows("watch -t 'echo out; echo err >&2'")).toEqual(['out', 'err', '', '', '', '']);
    expect(rows('watch seq 20').slice(2)).toEqual(['1', '2', '3', '4']);
  });

  it('runs the line under sh -c: pipes work, bash aliases do not; -x execs the words', () => {
    const s = new Session({ interactive: true });
    const rows = (line: string): string[] => frames(s.run(line, undefined, { terminal: TERM, interruptAt: s.sim.now + 1000 }))[0]!.screen.rows.slice(2, 4);
    expect(rows("watch 'kubectl get ns | grep kube-system'")[0]).toMatch(/^kube-system +Active/);
    expect(rows("watch 'k get pods'")[0]).toBe('sh: 1: k: not found');
    expect(rows('watch nosuch a')[0]).toBe('sh: 1: nosuch: not found');
    expect(rows("watch -x 'echo hi'")[0]).toBe("watch: unable to execute 'echo hi': No such file or directory");
    expect(rows('watch -x echo hi')[0]).toBe('hi');
    // The alias still works at the prompt itself.
    expect(s.run('k get ns default').exitCode).toBe(0);
  });

  it('-d draws the cells that changed since the last run in standout; -g ends once the output changes', () => {
    const s = new Session({ interactive: true, files: { 'web.yaml': WEB } });
    s.run('kubectl apply -f web.yaml');
    const d = frames(s.run('watch -d kubectl get deploy web', undefined, { terminal: TERM, interruptAt: s.sim.now + 30_000 }));
    expect(d[0]!.screen.standout).toBeUndefined();
    const marked = d.find((f) => f.screen.standout);
    expect(marked).toBeDefined();
    // Marks lie in the output rows, never in the header's clock.
    expect(marked!.screen.standout!.every(([row]) => row >= 2)).toBe(true);
    s.run('kubectl scale deploy web --replicas=4');
    const g = s.run('watch -g kubectl get deploy web', undefined, { terminal: TERM });
    expect(g.exitCode).toBe(0);
    const gf = frames(g);
    expect(gf.length).toBeGreaterThanOrEqual(2);
    expect(gf.at(-1)!.screen.rows[3]).not.toBe(gf.at(-2)!.screen.rows[3]);
  });

  it('-q N ends after N runs with the same output, -p keeps to multiples of the interval', () => {
    const s = new Session({ interactive: true });
    const start = s.sim.now;
    const q = s.run('watch -n 1 -q 2 echo same', undefined, { terminal: TERM });
    expect(q.exitCode).toBe(0);
    expect(frames(q)).toHaveLength(3);
    // Without -p the interval starts when a run ends (2 s + kubectl's 150 ms start-up); with -p runs start 2 s apart.
    const p = frames(s.run('watch -p kubectl get ns default', undefined, { terminal: TERM, interruptAt: s.sim.now + 5_000 }));
    expect(p.map((f) => f.at - p[0]!.at)).toEqual([0, 2000, 4000]);
    expect(start).toBeLessThan(s.sim.now);
  });

  it('-e shows watch’s message on the bottom row and keeps it up until Ctrl+C', () => {
    const s = new Session({ interactive: true });
    const start = s.sim.now;
    const r = s.run('watch -e kubectl get pod nope', undefined, { terminal: { columns: 80, rows: 6 }, interruptAt: start + 60_000 });
    const f = frames(r);
    expect(f).toHaveLength(1);
    expect(f[0]!.screen.rows[2]).toBe('Error from server (NotFound): pods "nope" not found');
    expect(f[0]!.screen.rows[5]).toBe('command exit with a non-zero status, press a key to exit');
    expect(r.exitCode).toBe(0);
  });

  it('prints its usage, version and option errors as 4.0.2 does', () => {
    const s = new Session({ interactive: true });
    const none = s.run('watch');
    expect(none).toEqual({ output: [{ stream: 'stderr', text: WATCH_USAGE }], exitCode: 1 });
    expect(WATCH_USAGE.startsWith('\nUsage:\n watch [options] command\n')).toBe(true);
    expect(s.run('watch -h')).toEqual({ output: [{ stream: 'stdout', text: WATCH_USAGE }], exitCode: 0 });
    expect(s.run('watch -v')).toEqual({ output: [{ stream: 'stdout', text: 'watch from procps-ng 4.0.2\n' }], exitCode: 0 });
    const err = (line: string): string => s.run(line).output.map((c) => c.text).join('').split('\n')[0]!;
    expect(err('watch -z echo')).toBe("watch: invalid option -- 'z'");
    expect(err('watch --bogus echo')).toBe("watch: unrecognized option '--bogus'");
    expect(err('watch -n')).toBe("watch: option requires an argument -- 'n'");
    expect(err('watch --int')).toBe("watch: option '--interval' requires an argument");
    expect(err('watch --beep=x echo')).toBe("watch: option '--beep' doesn't allow an argument");
    expect(err('watch --no x')).toBe("watch: option '--no' is ambiguous; possibilities: '--no-title' '--no-wrap'");
    expect(err('watch --e x')).toBe("watch: option '--e' is ambiguous; possibilities: '--errexit' '--equexit' '--exec'");
    // glibc quotes the word as given, its value too.
    expect(err('watch --e=3 x')).toBe("watch: option '--e=3' is ambiguous; possibilities: '--errexit' '--equexit' '--exec'");
    expect(s.run('watch -n abc echo')).toEqual({ output: [{ stream: 'stderr', text: "watch: failed to parse argument: 'abc': Invalid argument\n" }], exitCode: 1 });
    expect(err('watch -n 1e9 echo')).toBe("watch: failed to parse argument: '1e9': Invalid argument");
    expect(err('watch -q x echo')).toBe("watch: failed to parse argument: 'x': Invalid argument");
    expect(s.run('type watch').output[0]!.text).toBe('watch is /usr/bin/watch\n');
  });

  it('without a terminal (the headless runner) fails as watch does with no TERM', () => {
    const s = new Session();
    expect(s.run('watch kubectl get pods')).toEqual({ output: [{ stream: 'stderr', text: 'Error opening terminal: unknown.\n' }], exitCode: 1 });
    // Its usage errors come first, as getopt runs before curses starts.
    expect(s.run('watch').exitCode).toBe(1);
  });

  it('replays to the same world: the Ctrl+C replay stops at its moment and the log rebuilds the run', () => {
    const a = new Session({ interactive: true, files: { 'web.yaml': WEB } });
    a.run('kubectl apply -f web.yaml');
    const t = a.sim.now + 9_000;
    const first = a.run('watch kubectl get pods', undefined, { terminal: TERM, interruptAt: t });
    const b = new Session({ interactive: true, files: { 'web.yaml': WEB } });
    b.run('kubectl apply -f web.yaml');
    const again = b.run('watch kubectl get pods', undefined, { terminal: TERM, interruptAt: t });
    expect(again).toEqual(first);
    expect(b.sim.now).toBe(a.sim.now);
    expect(a.sim.now).toBeLessThanOrEqual(t + 150);
  });
});
