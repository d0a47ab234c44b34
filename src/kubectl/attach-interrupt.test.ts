/**
 * Ctrl+C while a line typed at an attached shell runs (the page replays the line with
 * `interruptAt`): the terminal sends SIGINT to the foreground job. Recorded under a pty from bash
 * 5.2.15, dash 0.5.12 and BusyBox 1.35 (`sleep 5; echo after`, then Ctrl+C): the job dies (`$?`
 * 130), the rest of the line is abandoned, the shell prints its next prompt; with an INT trap,
 * dash and ash run it and go on (`^Ccaught`, `after`), bash goes on without running it.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { terminal, text } from './attach.testing';

/** Runs `line` with a Ctrl+C `after` ms after it was typed: its result and how long it took. */
function interrupted(s: Session, line: string, after: number): { out: string; code: number; took: number } {
  const t0 = s.sim.now;
  const r = s.run(line, undefined, { interruptAt: t0 + after });
  return { out: text(r), code: r.exitCode, took: s.sim.now - t0 };
}

describe('Ctrl+C in an attached shell', () => {
  it('ends the running command at that moment and abandons the rest of the line; the shell stays, $? is 130', () => {
    for (const [pod, shell] of [['bb', 'sh'], ['db', 'sh'], ['db', 'bash']] as const) {
      const s = terminal();
      s.run(`kubectl exec -it ${pod} -- ${shell}`);
      expect(interrupted(s, 'sleep 100; echo after', 5000)).toEqual({ out: '', code: 130, took: 5000 });
      expect(text(s.run('echo $?'))).toBe('130\n');
      expect(interrupted(s, 'tail -f /dev/null; echo after', 2000)).toEqual({ out: '', code: 130, took: 2000 });
      // A loop is stopped in the iteration that was running; what it printed before stays.
      expect(interrupted(s, 'for i in 1 2 3 4 5; do echo $i; sleep 2; done; echo after', 5000)).toEqual({ out: '1\n2\n3\n', code: 130, took: 5000 });
      // A subshell dies with its job: the shell's own directory is unchanged.
      expect(interrupted(s, '(cd /tmp; sleep 10); pwd', 3000)).toMatchObject({ out: '', code: 130 });
      expect(text(s.run('pwd'))).toBe('/\n');
    }
  });

  it('a line that ended before the Ctrl+C is not touched', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(interrupted(s, 'sleep 1; echo done', 5000)).toEqual({ out: 'done\n', code: 0, took: 1150 });
  });

  it('runs an INT trap in dash and BusyBox ash and goes on with the line; bash goes on without running it', () => {
    const line = 'trap "echo caught" INT; sleep 100; echo after $?';
    for (const [pod, shell, out] of [['bb', 'sh', 'caught\nafter 130\n'], ['db', 'sh', 'caught\nafter 130\n'], ['db', 'bash', 'after 130\n']] as const) {
      const s = terminal();
      s.run(`kubectl exec -it ${pod} -- ${shell}`);
      expect(interrupted(s, line, 5000)).toEqual({ out, code: 0, took: 5000 });
      // An ignored INT is ignored by the job too: Ctrl+C changes nothing.
      expect(interrupted(s, "trap '' INT; sleep 10; echo on", 3000)).toEqual({ out: 'on\n', code: 0, took: 10_150 });
    }
  });

  it('reaches the shell that is PID 1 of kubectl run -it, which lives on', () => {
    const s = new Session({ seed: 2, interactive: true });
    expect(s.run('kubectl run -it t --image=busybox:1.36 -- sh')).toMatchObject({ attached: { pod: 't' } });
    expect(interrupted(s, 'sleep 300; echo after', 4000)).toEqual({ out: '', code: 130, took: 4000 });
    expect(s.run('echo $? $$')).toMatchObject({ output: [{ text: '130 1\n' }], attached: { prompt: '/ # ' } });
  });
});
