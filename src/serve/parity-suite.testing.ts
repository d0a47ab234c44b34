/**
 * One real-kubectl parity suite: an examples/ script run headless through our port (its golden
 * transcript) and with the real kubectl against `reconcile serve --clock manual` (parity.testing.ts
 * drives both), compared line by line. Each parity test file names its script and the lines it
 * allows to differ; each of those is also listed in docs/serve.md ("Known byte differences").
 * PARITY_VERBOSE=1 prints each line's wall time and any realignment of the served clock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUBECTL_STARTUP_MS } from '../kubectl/session';
import { kubectlBinary } from './kubectl-binary.testing';
import { compareParity, runParity, type KnownDifference } from './parity.testing';
import { servedSession } from './served-session.testing';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * describe's Events table (header and rows): kubectl computes Age from the wall clock, hundreds
 * of days against the simulated 2025 epoch. Only the Age cell and its padding may differ; an
 * Age of a repeated event reads `5s (x3 over 20s)`.
 */
export function describeEventsAge(command: string): KnownDifference {
  return {
    command,
    stream: 'stdout',
    line: /^ {2}(Type|----|Normal|Warning) /,
    mask: /(?<=^ {2}\S+ +\S+ +)(\S+(?: \(x\d+ over \S+\))?) +/,
    reason: "Events' Age is computed by kubectl from the wall clock (hundreds of days against a simulated 2025 epoch; the column widens with it)",
  };
}

/** Registers the suite for examples/`script` with its known differences; `timeout` in wall ms. */
export async function parityScript(script: string, known: KnownDifference[], timeout: number): Promise<void> {
  const text = readFileSync(join(EXAMPLES, script), 'utf8');
  const kubectl = await kubectlBinary().catch((e: unknown) => {
    console.warn(`parity suite skipped: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  });
  describe.skipIf(!kubectl)(`real kubectl parity: examples/${script} served and headless`, () => {
    // The manifests as the golden runner reads them (relative to examples/); the real kubectl runs there too.
    const fileSource = { readFile: (p: string): string | undefined => readText(join(EXAMPLES, p)), listDir: (): undefined => undefined };
    const setup = servedSession(script.replace(/\.sh$/, ''), { session: { seed: 1, fileSource } });

    it('prints the same bytes, line by line, except the declared differences', async () => {
      const { served, home, session } = setup;
      const lines = await runParity(text, { kubectl: kubectl!, served, home, cwd: EXAMPLES, session });
      if (process.env['PARITY_VERBOSE']) for (const l of lines) console.log(`${l.wallMs}ms realigned=${l.realigned} ${l.command}`);
      if (process.env['PARITY_DUMP']) (await import('node:fs')).writeFileSync(process.env['PARITY_DUMP'], JSON.stringify(lines, null, 1));
      const { report, unused } = compareParity(lines, known);
      expect(report, report).toBe('');
      expect(unused.map((k) => `${k.command}: ${k.reason}`)).toEqual([]);
      // Every served line that sent a request reached the headless moment on its own (none needed
      // the harness's catch-up); one that sent none is behind by the start-up the port charges.
      expect(lines.filter((l) => l.realigned > 0 && (l.requests > 0 || l.realigned !== KUBECTL_STARTUP_MS)).map((l) => `${l.command}: ${l.realigned} ms`)).toEqual([]);
      expect(served.cluster.sim.now).toBe(session.sim.now);
      expect(served.cluster.sim.revision).toBe(session.sim.revision);
    }, timeout);
  });
}
