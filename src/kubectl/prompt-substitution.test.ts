/**
 * Command substitution at the prompt as bash 5.2 does it: backquotes (unquoted, in double quotes,
 * in an unquoted here-document) and `$(< file)`. Outputs recorded from bash 5.2.15 reading the
 * same lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

describe('backquotes at the prompt', () => {
  it('substitutes a command, its kubectl too, split unquoted and whole inside double quotes', () => {
    const run = sessionRunner(new Session());
    expect(run('echo `echo "a  b"` "`echo "a  b"`"; x=`printf "a\\n\\n"`; echo "[$x]"')).toEqual({ out: 'a b a  b\n[a]\n', err: '', code: 0 });
    expect(run('ns=`kubectl get ns default -o name 2>/dev/null`; echo "[$ns]"')).toEqual({ out: '[namespace/default]\n', err: '', code: 0 });
    expect(run('echo `echo a\\$b \\\\\\\\ c` "`echo \\"q\\"`" `echo \\`echo nest\\``')).toEqual({ out: 'a \\ c q nest\n', err: '', code: 0 });
  });

  it('expands backquotes in an unquoted here-document, not in a quoted one', () => {
    const run = sessionRunner(new Session());
    expect(run('cat <<EOF\n1 `echo b` \\`x\\` "`echo \\"q\\"`"\nEOF')).toEqual({ out: '1 b `x` ""q""\n', err: '', code: 0 });
    expect(run("cat <<'EOF'\n1 `echo b`\nEOF")).toEqual({ out: '1 `echo b`\n', err: '', code: 0 });
  });
});

describe('$(< file) at the prompt', () => {
  it('is the file read by the shell; a missing file is its error and status 1; a second redirection empties it', () => {
    const run = sessionRunner(new Session());
    run("printf 'l1\\nl2\\n\\n' > f.txt");
    expect(run('x=$(< f.txt); echo "[$x]"; f=f.txt; echo $(0<$f) "[$(< f.txt 2>/dev/null)]"')).toEqual({ out: '[l1\nl2]\nl1 l2 []\n', err: '', code: 0 });
    expect(run('x=$(<nofile); echo "st=$? [$x]"')).toEqual({ out: 'st=1 []\n', err: 'bash: nofile: No such file or directory\n', code: 0 });
  });
});

describe('process substitution <(…) at the prompt', () => {
  it('names /dev/fd/63, 62 … as bash does, readable by the command; kubectl may run inside', () => {
    const run = sessionRunner(new Session());
    expect(run('echo <(true) <(true); diff <(echo a) <(echo b)')).toEqual({ out: '/dev/fd/63 /dev/fd/62\n1c1\n< a\n---\n> b\n', err: '', code: 1 });
    run('kubectl create deploy web --image=nginx');
    run('kubectl create deploy web2 --image=nginx:1.27');
    expect(run("diff <(kubectl get deploy web -o jsonpath='{..image}{\"\\n\"}') <(kubectl get deploy web2 -o jsonpath='{..image}{\"\\n\"}')")).toEqual({ out: '1c1\n< nginx\n---\n> nginx:1.27\n', err: '', code: 1 });
  });

  it('feeds a loop through `done < <(…)` and is gone once the command ends', () => {
    const run = sessionRunner(new Session());
    expect(run('n=0; while read -r ns; do n=$((n+1)); done < <(kubectl get ns -o name); echo $n; wc -l < <(printf "a\\nb\\n")')).toEqual({ out: '4\n2\n', err: '', code: 0 });
    expect(run('x=<(echo hi); echo $x; cat $x')).toEqual({ out: '/dev/fd/63\n', err: 'cat: /dev/fd/63: No such file or directory\n', code: 1 });
  });
});
