/** `watch` on a node through the real engine: the laptop prompt's command line, then ncurses' need for TERM. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { WATCH_VERSION } from '../../k8s/procps-watch-options';

function run(sim: Simulation, line: string): { out: string; err: string; code: number } {
  const r = sim.nodeShell('node-1', line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}

describe('watch on a node', () => {
  const sim = new Simulation({ seed: 1 });
  sim.advance(10_000);

  it('needs a terminal type: ssh without a terminal sets no TERM (recorded: env -u TERM watch echo hi)', () => {
    expect(run(sim, 'watch crictl ps')).toEqual({ out: '', err: 'Error opening terminal: unknown.\n', code: 1 });
    expect(run(sim, 'watch -n 1 crictl ps; echo $?').out).toBe('1\n');
  });

  it('parses its options first, as the laptop prompt\'s watch does', () => {
    expect(run(sim, 'watch -v')).toEqual({ out: WATCH_VERSION, err: '', code: 0 });
    const r = run(sim, 'watch -n');
    expect(r.code).toBe(1);
    expect(r.err.startsWith("watch: option requires an argument -- 'n'\n\nUsage:\n watch [options] command\n")).toBe(true);
  });

  it('says what it does not draw where the login does not lend it the terminal', () => {
    expect(run(sim, 'TERM=xterm watch crictl ps').err).toBe("watch: its full screen is not simulated on this terminal in this classroom; at the laptop's prompt, watch 'sim ssh node-1 -- crictl ps' redraws it\n");
  });
});
