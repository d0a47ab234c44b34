/**
 * The GNU tools at the prompt as learners use them in one-liners: base64 after a jsonpath, sed
 * editing a saved manifest in place, seq/date/diff around kubectl. The tools' own parity tables
 * are next to them (src/engine/images/tools-*.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe('base64 at the prompt', () => {
  it("decodes a Secret's value from a jsonpath, and encodes one for a manifest", () => {
    const s = new Session({ seed: 1 });
    expect(s.run('kubectl create secret generic db --from-literal=password=s3cret').exitCode).toBe(0);
    expect(s.run("kubectl get secret db -o jsonpath='{.data.password}' | base64 -d")).toEqual({ output: [{ stream: 'stdout', text: 's3cret' }], exitCode: 0 });
    expect(out(s.run('echo -n admin | base64'))).toBe('YWRtaW4=\n');
    expect(out(s.run('echo -n admin | base64 | base64 --decode'))).toBe('admin');
    const bad = s.run('echo "not base64!" | base64 -d');
    expect(bad.exitCode).toBe(1);
    expect(out(bad, 'stderr')).toBe('base64: invalid input\n');
  });
});
