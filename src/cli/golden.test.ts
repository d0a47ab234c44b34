/**
 * Golden transcripts: every script in examples/ run headless on seed 1 must print exactly its
 * recorded transcript. Regenerate after an intended change with `UPDATE_GOLDEN=1 npx vitest run
 * src/cli/golden.test.ts` and review the diff like code.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from '../kubectl/chunks';
import { diskFiles } from './fs-source';
import { runTranscript } from './transcript';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const GOLDEN = join(EXAMPLES, 'transcripts');
const scripts = readdirSync(EXAMPLES).filter((f) => f.endsWith('.sh')).sort();

function transcript(script: string): string {
  const out = runTranscript(readFileSync(join(EXAMPLES, script), 'utf8'), { seed: 1, fileSource: diskFiles(EXAMPLES) }, script);
  if (!out.ok) throw new Error(out.error);
  return out.text;
}

describe('golden transcripts', () => {
  // As the runner does: explain's descriptions and the help are in before the first command.
  beforeAll(() => loadKubectlChunks());

  it.each(scripts)('%s matches its recorded transcript', (script) => {
    const text = transcript(script);
    const file = join(GOLDEN, script.replace(/\.sh$/, '.txt'));
    if (process.env['UPDATE_GOLDEN'] === '1') {
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(file, text);
    }
    if (!existsSync(file)) throw new Error(`no golden transcript for ${script}: run with UPDATE_GOLDEN=1 and review it`);
    expect(text).toBe(readFileSync(file, 'utf8'));
  });

  it("the README's go-api trace is its recorded transcript", () => {
    // The README shows examples/go-api-trace.sh's output in the first ```text block after the
    // command that runs it; a change that moves a revision or a Pod name must move it too.
    const readme = readFileSync(join(EXAMPLES, '..', 'README.md'), 'utf8');
    const from = readme.indexOf('```text\n', readme.indexOf('npm run sim -- examples/go-api-trace.sh'));
    const block = readme.slice(from + '```text\n'.length, readme.indexOf('\n```', from + 1) + 1);
    expect(block).toBe(readFileSync(join(GOLDEN, 'go-api-trace.txt'), 'utf8'));
  });
});
