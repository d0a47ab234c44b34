/**
 * Every malformed manifest in src/k8s/go-yaml-errors.corpus.json, applied through the headless
 * Session as a learner would (`kubectl apply -f bad.yaml`, then from stdin), must print what the
 * real kubectl printed for it (scripts/record-yaml-errors.mjs re-records the corpus).
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import corpus from '../k8s/go-yaml-errors.corpus.json';

interface Case {
  name: string;
  input: string;
  stdout: string;
  stderr: string;
  exit: number | null;
  unvalidatedStderr?: string;
  stdinStderr?: string;
}

const CASES = corpus.cases as Case[];
const session = new Session({ seed: 1 });

function apply(input: string, fromStdin: boolean): { stdout: string; stderr: string; exit: number } {
  if (!fromStdin) session.run('cat > bad.yaml', input);
  const r = fromStdin ? session.run('kubectl apply -f -', input) : session.run('kubectl apply -f bad.yaml');
  const text = (stream: string): string => r.output.filter((c) => c.stream === stream).map((c) => c.text).join('');
  return { stdout: text('stdout'), stderr: text('stderr'), exit: r.exitCode };
}

/** The `error parsing …` line kubectl printed when it went on past a first document that parses. */
const parseLine = (stderr: string | undefined): string | undefined => stderr?.split('\n').find((l) => l.includes('error parsing '));

describe('a malformed manifest fails as kubectl fails on it', () => {
  it('has at least 60 recorded cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES.filter((c) => c.stderr.includes('error parsing')).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(apply(c.input, false)).toEqual({ stdout: c.stdout, stderr: c.stderr, exit: c.exit });
    expect(apply(c.input, true).stderr).toBe(c.stdinStderr);
  });

  // Validation needs the server's OpenAPI, so kubectl (recorded without a cluster) stopped at the
  // first document; without validation it reached the later document's error, which must be ours.
  it.each(CASES.filter((c) => !c.stderr.includes('error parsing') && parseLine(c.unvalidatedStderr)).map((c) => [c.name, c] as const))('%s (a later document)', (_name, c) => {
    const line = parseLine(c.unvalidatedStderr)!.replace(/^error: /, '');
    expect(apply(c.input, false).stderr.split('\n').map((l) => l.replace(/^error: /, ''))).toContain(line);
  });

  // Valid YAML (`kind:Pod` is a plain scalar, a duplicate key is the last one's): kubectl got as
  // far as the server, so nothing here may call it a syntax error.
  it.each(CASES.filter((c) => !c.stderr.includes('error parsing') && !parseLine(c.unvalidatedStderr)).map((c) => [c.name, c] as const))('%s (valid YAML)', (_name, c) => {
    expect(apply(c.input, false).stderr).not.toContain('error parsing');
  });
});
