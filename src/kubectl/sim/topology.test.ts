/** `sim topology --nodes N`: the cluster size the page's scale dial and the scale lesson choose. */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

describe('sim topology --nodes', () => {
  it('builds that many workers, each registered and Ready', () => {
    const s = new Session({ seed: 5 });
    expect(out(s, 'sim topology basic --nodes 12')).toBe('cluster rebuilt with topology basic: 13 nodes, all Ready\n');
    const rows = out(s, 'kubectl get nodes --no-headers').trim().split('\n');
    expect(rows).toHaveLength(13);
    expect(rows.filter((r) => /^node-\d+\s+Ready\s+<none>/.test(r))).toHaveLength(12);
    expect(rows.some((r) => r.startsWith('node-12 '))).toBe(true);
  });

  it('--nodes 3 is the default cluster, byte for byte', () => {
    const a = new Session({ seed: 9 });
    const b = new Session({ seed: 9 });
    out(b, 'sim topology basic --nodes 3');
    expect(out(b, 'kubectl get pods -A -o wide')).toBe(out(a, 'kubectl get pods -A -o wide'));
    expect(b.sim.lastTraceSeq).toBe(a.sim.lastTraceSeq);
  });

  it('refuses a size outside 1–5000 and keeps the cluster', () => {
    const s = new Session({ seed: 5 });
    for (const v of ['0', '5001', 'many', '2.5']) {
      const r = s.run(`sim topology basic --nodes ${v}`);
      expect(r.output.map((c) => c.text).join('')).toBe(`error: invalid --nodes "${v}": a whole number of worker nodes from 1 to 5000\n`);
    }
    expect(out(s, 'kubectl get nodes --no-headers').trim().split('\n')).toHaveLength(4);
  });
});
