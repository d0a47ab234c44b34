/**
 * `python3 -c` for the short scripts manifests carry. Expected outputs and statuses recorded with
 * CPython 3.11.7 on this machine (`python3 -c '…'; echo $?`).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';
import { runPythonSnippet } from './python-snippet';

/** The Pod failure policy page's job-backoff-limit-per-index-failindex.yaml script. */
const FAILINDEX = 'import os, sys\nindex = int(os.environ.get("JOB_COMPLETION_INDEX"))\nif index == 0:\n  sys.exit(1)\nelif index == 1:\n  sys.exit(42)\nelse:\n  sys.exit(0)\n';

const run = (image: string, argv: string[], env: Record<string, string> = {}) =>
  execInContainer(startProcess({ image: resolveImage(image), env, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, argv);

describe('python3 -c', () => {
  it("runs the failindex page's script: the exit status follows JOB_COMPLETION_INDEX", () => {
    expect([0, 1, 2, 3].map((ix) => runPythonSnippet(FAILINDEX, { JOB_COMPLETION_INDEX: String(ix) })?.status)).toEqual([1, 42, 0, 0]);
    expect(run('python:3', ['python3', '-c', FAILINDEX], { JOB_COMPLETION_INDEX: '1' })).toMatchObject({ exitCode: 42, output: '' });
  });

  it('prints, and sys.exit with a text writes it to stderr and exits 1 (CPython 3.11.7)', () => {
    expect(runPythonSnippet('import os\nprint("hello", 1 + 2, os.getenv("NOPE"))\n', {})).toEqual({ status: 0, stdout: 'hello 3 None\n', stderr: '' });
    expect(runPythonSnippet('import sys\nsys.exit("bad input")', {})).toEqual({ status: 1, stdout: '', stderr: 'bad input\n' });
    expect(runPythonSnippet('import sys\nsys.exit(300)', {})?.status).toBe(44);
    expect(runPythonSnippet('x = 7 // 2 * 2 % 5\nif not x == 1 and True:\n    pass\nelse:\n    print(str(x) + "!")', {})?.stdout).toBe('1!\n');
  });

  it('leaves code it does not model to the older answer (status 0, no output)', () => {
    expect(runPythonSnippet('import json\nprint(json.dumps({}))', {})).toBeUndefined();
    expect(runPythonSnippet('for i in range(3):\n    print(i)', {})).toBeUndefined();
    expect(runPythonSnippet('print(int(os.environ["X"]))', { X: '1' })).toBeUndefined();
    expect(run('python:3', ['python3', '-c', 'import json; print(1)'])).toMatchObject({ exitCode: 0, output: '' });
  });
});
