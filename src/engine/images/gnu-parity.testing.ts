/**
 * Parity tables for the workstation's GNU tools (base64, seq, date, diff, sed): each row is an
 * argv and stdin with the stdout, stderr and exit status the real tool printed on Debian 12
 * (recorded once, kept as literals; the tests never call the host's tools). Test support only.
 */
import { expect, it } from 'vitest';
import { Workstation, type WorkstationBase } from './workstation';

export type Row = [argv: string[], stdin: string, stdout: string, stderr: string, status: number];

export interface RowSetup {
  files?: WorkstationBase['files'];
  /** Simulated ms the tool runs at. */
  clock?: number;
  vars?: Record<string, string>;
}

const TERMINAL_VARS = { HOME: '/home/learner', LANG: 'en_US.UTF-8', PWD: '/home/learner' };

/** Runs one row on a fresh workstation holding `setup.files`. */
export function runRow([argv, stdin]: Row, setup: RowSetup = {}) {
  const ws = new Workstation({ files: setup.files ?? {} });
  const [name, ...args] = argv;
  const r = ws.run(name!, args, stdin, setup.clock ?? 0, setup.vars ?? TERMINAL_VARS);
  return { result: r && { stdout: r.stdout, stderr: r.stderr, status: r.status }, ws };
}

/** One vitest case per row, named by its command line. */
export function parity(rows: readonly Row[], setup: RowSetup = {}): void {
  for (const row of rows) {
    const [argv, , stdout, stderr, status] = row;
    it(`${argv.map((a) => (/^[\w./=,:+%@-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`, () => {
      expect(runRow(row, setup).result).toEqual({ stdout, stderr, status });
    });
  }
}
