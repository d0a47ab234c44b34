/**
 * `time`: bash's reserved word (bash 5.2.15's report, src/k8s/bash-time.ts) and BusyBox's applet
 * (recorded from BusyBox 1.35: `real\t0m 1.23s`, `-p` `real 1.23`, `Command exited with non-zero
 * status N`, a missing program timed too), each over the command's simulated time.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const run = (image: string, line: string, shell = 'sh') =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, [shell, '-c', line]);

describe("bash's time", () => {
  it('times a pipeline, a loop or nothing, in bash\'s format, on the shell\'s stderr', () => {
    expect(run('debian:12', 'time sleep 1', 'bash')).toMatchObject({ exitCode: 0, output: '\nreal\t0m1.000s\nuser\t0m0.000s\nsys\t0m0.000s\n' });
    expect(run('debian:12', 'time -p sleep 1.5', 'bash')).toMatchObject({ output: 'real 1.50\nuser 0.00\nsys 0.00\n' });
    expect(run('debian:12', 'time for i in 1 2; do sleep 1; done', 'bash')).toMatchObject({ output: '\nreal\t0m2.000s\nuser\t0m0.000s\nsys\t0m0.000s\n' });
    expect(run('debian:12', 'TIMEFORMAT=%R; time sleep 0.25 | false; echo rc=$?', 'bash')).toMatchObject({ output: '0.250\nrc=1\n' });
    expect(run('debian:12', '{ time sleep 1; } 2>/dev/null; echo quiet', 'bash')).toMatchObject({ output: 'quiet\n' });
    expect(run('debian:12', 'time [[ a == a ]] && echo yes; TIMEFORMAT=; time', 'bash')).toMatchObject({ output: '\nreal\t0m0.000s\nuser\t0m0.000s\nsys\t0m0.000s\nyes\n' });
  });

  it('is no keyword of dash: Debian\'s sh has no time program', () => {
    expect(run('debian:12', 'time sleep 1')).toMatchObject({ exitCode: 127, output: 'sh: 1: time: not found\n' });
  });
});

describe("BusyBox's time applet", () => {
  it('runs PROG, then reports how long it took and a failing status', () => {
    expect(run('busybox:1.36', 'time sleep 1')).toMatchObject({ exitCode: 0, output: 'real\t0m 1.00s\nuser\t0m 0.00s\nsys\t0m 0.00s\n' });
    expect(run('busybox:1.36', 'time -p sh -c "sleep 61.257; exit 3"; echo rc=$?')).toMatchObject({ output: 'Command exited with non-zero status 3\nreal 61.25\nuser 0.00\nsys 0.00\nrc=3\n' });
    expect(run('busybox:1.36', 'time sleep 61.257')).toMatchObject({ output: 'real\t1m 1.25s\nuser\t0m 0.00s\nsys\t0m 0.00s\n' });
    expect(run('busybox:1.36', 'time nosuch')).toMatchObject({ exitCode: 127, output: "time: can't execute 'nosuch': No such file or directory\nCommand exited with non-zero status 127\nreal\t0m 0.00s\nuser\t0m 0.00s\nsys\t0m 0.00s\n" });
    expect(run('busybox:1.36', 'time').exitCode).toBe(1);
    expect(run('busybox:1.36', 'time -x true').output).toMatch(/^time: invalid option -- 'x'\nBusyBox v1\.36\.1/);
  });
});
