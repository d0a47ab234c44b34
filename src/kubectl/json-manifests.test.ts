/**
 * Every manifest in src/k8s/go-json-stream.corpus.json (JSON, or starting like JSON), applied
 * and created through the headless Session as a learner would, from a file and from stdin, must
 * print what kubectl v1.33 printed for it (`node scripts/record-yaml-errors.mjs json`
 * re-records the corpus). Where kubectl went on to ask the unreachable server about an object it
 * read, only the lines it printed without a server are compared.
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import corpus from '../k8s/go-json-stream.corpus.json';

interface Case {
  name: string;
  input: string;
  unvalidatedStderr: string;
  stdinStderr: string;
  createStderr: string;
}

const CASES = corpus.cases as Case[];
const session = new Session({ seed: 1 });

function run(verb: 'apply' | 'create', input: string, fromStdin: boolean): string {
  if (!fromStdin) session.run('cat > x.json', input);
  const r = session.run(`kubectl ${verb} --dry-run=client --validate=false -f ${fromStdin ? '-' : 'x.json'}`, fromStdin ? input : undefined);
  return r.output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');
}

const needsServer = (stderr: string): boolean => stderr.includes('127.0.0.1');
/** The lines kubectl printed without a server, without the `error: ` a single error gets. */
const clientLines = (stderr: string): string[] => stderr.split('\n').filter((l) => l !== '' && !needsServer(l)).map((l) => l.replace(/^error: /, ''));

describe('a JSON manifest is read as kubectl reads it', () => {
  it('has the recorded cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CASES.filter((c) => !needsServer(c.unvalidatedStderr)).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(run('apply', c.input, false)).toBe(c.unvalidatedStderr);
    expect(run('apply', c.input, true)).toBe(c.stdinStderr);
    expect(run('create', c.input, false)).toBe(c.createStderr);
  });

  it.each(CASES.filter((c) => needsServer(c.unvalidatedStderr)).map((c) => [c.name, c] as const))('%s (read as far as the server)', (_name, c) => {
    const ours = run('apply', c.input, false);
    expect(ours).not.toContain('error parsing');
    expect(clientLines(ours)).toEqual(expect.arrayContaining(clientLines(c.unvalidatedStderr)));
  });
});
