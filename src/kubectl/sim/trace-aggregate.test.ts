/** `sim topology … --scale-mode on|off` and what `sim trace` says about records scale mode counted instead of kept. */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

describe('sim trace in scale mode', () => {
  it('--scale-mode on forces it on a small cluster; off and invalid values are understood', () => {
    const s = new Session({ seed: 5 });
    expect(s.sim.scaleMode).toBe(false);
    expect(out(s, 'sim topology basic --scale-mode on')).toBe('cluster rebuilt with topology basic: 4 nodes, all Ready\n');
    expect(s.sim.scaleMode).toBe(true);
    out(s, 'sim topology basic --scale-mode off');
    expect(s.sim.scaleMode).toBe(false);
    expect(out(s, 'sim topology basic --scale-mode maybe')).toBe('error: invalid --scale-mode "maybe": on or off\n');
  });

  it('says in one line that older records were aggregated, then prints their counts', () => {
    const s = new Session({ seed: 5 });
    out(s, 'sim topology basic --scale-mode on');
    // Nothing has left the 20,000-record window of a 3-worker boot: the trace reads as always.
    expect(out(s, 'sim trace --all --kind fault')).toBe('');
    out(s, 'kubectl create deployment web --image=nginx --replicas=300');
    out(s, 'sim advance 90s');
    const text = out(s, 'sim trace --kind cni --last 100000');
    const [head, ...rest] = text.split('\n');
    expect(head).toMatch(/^sim trace: [\d,]+ older records \(seq 1–[\d,]+\) were aggregated \(scale mode keeps the newest 20,000\); their counts:$/);
    // Per-node processes are summed as `cni/*`; the held records follow the counts.
    expect(rest[0]).toMatch(/^ +[\d,]+ cni container-runtime\/\* -> cni\/\* \(\d+ -> \d+ processes\)$/);
    expect(rest.some((l) => / container-runtime\/node-\d -> cni\/node-\d: CNI ADD default\/web-/.test(l))).toBe(true);
    // Records still held need no aggregate line; JSON lines never get one.
    expect(out(s, 'sim trace --kind cni --last 1').split('\n')).toHaveLength(2);
    expect(out(s, 'sim trace --kind cni --all --json').startsWith('{')).toBe(true);
  });
});
