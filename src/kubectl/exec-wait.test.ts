/**
 * A command that never ends keeps kubectl (and the terminal) until something ends it, as real
 * kubectl exec does: its container stopping (`command terminated with exit code 137`, the
 * runtime's SIGKILL), a Ctrl+C (`-t`: the remote command dies of SIGINT, `command terminated with
 * exit code 130`; without it kubectl itself dies, `$?` 130, nothing more printed), or the
 * runner's bound on a wait (MAX_WAIT_MS: stops without a word).
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';
import { MAX_WAIT_MS } from './wait-util';
import type { CommandResult } from './types';

const runner = (): Session => new Session({ seed: 1, simulation: bootedCopy() });

/** Runs `line` (with a Ctrl+C `after` ms after it was typed, if given): its result and how long it took. */
function timed(s: Session, line: string, after?: number): { r: CommandResult; took: number } {
  const t0 = s.sim.now;
  const r = s.run(line, undefined, after === undefined ? {} : { interruptAt: t0 + after });
  return { r, took: s.sim.now - t0 };
}

describe('kubectl exec of a command that never ends', () => {
  it('keeps the prompt: what it wrote comes out, and the runner stops waiting at MAX_WAIT_MS without a word', () => {
    const s = runner();
    for (const line of ["kubectl exec bb -- sh -c 'echo before; sleep infinity'", 'kubectl exec bb -- tail -f /etc/hostname']) {
      const { r, took } = timed(s, line);
      expect(r.exitCode).toBe(0);
      expect(text(r)).toBe(line.includes('tail') ? 'bb\n' : 'before\n');
      expect(took).toBeGreaterThanOrEqual(MAX_WAIT_MS);
      expect(took).toBeLessThan(MAX_WAIT_MS + 5000);
    }
  });

  it('Ctrl+C without -t: kubectl dies of SIGINT, nothing more is printed, $? is 130', () => {
    const s = runner();
    const { r, took } = timed(s, "kubectl exec bb -- sh -c 'echo before; sleep infinity'", 5000);
    expect(r.exitCode).toBe(130);
    expect(r.output.map((c) => c.text).join('')).not.toContain('command terminated');
    expect(took).toBe(5000);
    expect(text(s.run('echo $?'))).toBe('130\n');
  });

  it('Ctrl+C with -it on a terminal: the command dies of SIGINT and kubectl says so', () => {
    const s = terminal();
    const { r, took } = timed(s, 'kubectl exec -it bb -- sleep infinity', 3000);
    expect(r.output.map((c) => [c.stream, c.text])).toEqual([['stderr', 'command terminated with exit code 130\n']]);
    expect(r.exitCode).toBe(130);
    expect(took).toBe(3000);
  });

  it('ends with exit code 137 when its container stops meanwhile', () => {
    const s = runner();
    expect(s.run('kubectl run short --image=busybox:1.36 --restart=Never -- sleep 60').exitCode).toBe(0);
    expect(s.run('kubectl wait --for=condition=Ready pod/short').exitCode).toBe(0);
    const { r, took } = timed(s, 'kubectl exec short -- tail -f /etc/hostname');
    expect(r.output.map((c) => [c.stream, c.text])).toEqual([
      ['stdout', 'short\n'],
      ['stderr', 'command terminated with exit code 137\n'],
    ]);
    expect(r.exitCode).toBe(137);
    // The container's `sleep 60` ends it (the status reaches the API a moment later), long before the cap.
    expect(took).toBeLessThan(90_000);
  });
});

describe('a line that never ends at an attached shell', () => {
  it('keeps the terminal until Ctrl+C, which the shell takes: $? 130, the shell lives on', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const { r, took } = timed(s, 'cat /etc/hostname; sleep infinity', 4000);
    expect({ out: text(r), code: r.exitCode, took }).toEqual({ out: 'bb\n', code: 130, took: 4000 });
    expect(s.run('echo $?')).toMatchObject({ output: [{ text: '130\n' }], attached: { pod: 'bb' } });
  });

  it('without a Ctrl+C waits (the runner stops at MAX_WAIT_MS and the prompt comes back)', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const { r, took } = timed(s, 'tail -f /etc/hostname');
    expect(text(r)).toBe('bb\n');
    expect(took).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(s.run('echo still here')).toMatchObject({ output: [{ text: 'still here\n' }], attached: { pod: 'bb' } });
  });

  it('at the shell that is PID 1 of kubectl run -it: Ctrl+C reaches it, which lives on', () => {
    const s = new Session({ seed: 2, interactive: true });
    expect(s.run('kubectl run -it t --image=busybox:1.36 -- sh')).toMatchObject({ attached: { pod: 't' } });
    const { r, took } = timed(s, 'echo waiting; sleep infinity', 6000);
    expect({ out: text(r), code: r.exitCode, took }).toEqual({ out: 'waiting\n', code: 130, took: 6000 });
    expect(s.run('echo $? $$')).toMatchObject({ output: [{ text: '130 1\n' }], attached: { prompt: '/ # ' } });
  });

  it('ends the session with exit code 137 when the container stops meanwhile', () => {
    const s = terminal();
    expect(s.run('kubectl run short --image=busybox:1.36 --restart=Never -- sleep 60').exitCode).toBe(0);
    expect(s.run('kubectl wait --for=condition=Ready pod/short').exitCode).toBe(0);
    s.run('kubectl exec -it short -- sh');
    const { r, took } = timed(s, 'sleep infinity');
    expect(r.output.map((c) => c.text).join('')).toBe('command terminated with exit code 137\n');
    expect(r.exitCode).toBe(137);
    // The container's `sleep 60` ends it (the status reaches the API a moment later), long before the cap.
    expect(took).toBeLessThan(90_000);
    expect(s.run('echo back')).not.toHaveProperty('attached');
  });
});
