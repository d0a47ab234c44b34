/**
 * Here-documents and here-strings in a container's bash, dash and BusyBox ash. Every expected
 * text and status below was recorded on this machine (bash 5.2.15, dash 0.5.12, BusyBox 1.35
 * `busybox sh -c`); dash and bash print their own names, here as invoked (`sh`, `bash`).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

type Dialect = 'ash' | 'dash' | 'bash';
const IMAGES: Record<Dialect, { image: string; shell: string }> = {
  ash: { image: 'busybox:1.36', shell: 'sh' },
  dash: { image: 'debian:12', shell: 'sh' },
  bash: { image: 'debian:12', shell: 'bash' },
};
const ALL: Dialect[] = ['bash', 'dash', 'ash'];

function run(d: Dialect, script: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(IMAGES[d].image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  execInContainer(p, 500, ['sh', '-c', 'mkdir -p /w']);
  const r = execInContainer(p, 1000, [IMAGES[d].shell, '-c', script]);
  return { output: r.output, exitCode: r.exitCode };
}

describe('here-documents in every shell', () => {
  it.each([
    ['x=5; cat <<EOF\nv=$x s=$((x*2)) c=$(echo sub) b=`echo bq` q="dq" \'sq\' \\$x \\` \\\\ \\a\nEOF', 'v=5 s=10 c=sub b=bq q="dq" \'sq\' $x ` \\ \\a\n'],
    ['x=5; cat <<\'EOF\'\n$x `no` \\$x\nEOF\ncat <<"E"\n$x\nE\ncat <<\\E\n$x\nE', '$x `no` \\$x\n$x\n$x\n'],
    ['cat <<A; cat <<B\none\nA\ntwo\nB\necho after', 'one\ntwo\nafter\n'],
    ['cat <<-EOF\n\t\ttab $((1+1))\n\t  sp\n\tEOF\necho next', 'tab 2\n  sp\nnext\n'],
    ['cat <<EOF | tr a-z A-Z\npiped\nEOF', 'PIPED\n'],
    ['cat <<EOF >/w/f; cat /w/f\nto file\nEOF', 'to file\n'],
    ['for i in 1 2; do\ncat <<EOF\ni=$i\nEOF\ndone\nf() { cat <<X\nin f $1\nX\n}; f arg; if true; then cat <<E; fi\nin if\nE', 'i=1\ni=2\nin f arg\nin if\n'],
    ['x=$(cat <<EOF\nsub\nEOF\n); echo "[$x]"; read a b <<EOF\nr1 r2\nEOF\necho $a-$b', '[sub]\nr1-r2\n'],
    ['{ cat; } <<EOF\ngrp\nEOF', 'grp\n'],
    ['n=0; while read l; do n=$((n+1)); echo "$n:$l"; done <<EOF\na b\nc\nEOF\necho n=$n; cat 0<<E\nz\nE', '1:a b\n2:c\nn=2\nz\n'],
    ['x=$(cat <<EOF\ndon\'t ( "\nEOF\n); echo "[$x]"; echo $(echo $((1 << 3))\n)', '[don\'t ( "]\n8\n'],
    ['cat << EOF\nspace before the word\nEOF', 'space before the word\n'],
    ['cat <<EOF\na\\\nEOF\nb\nEOF\ncat <<"Q"\na\\\nQ', 'aEOF\nb\na\\\n'],
  ])('%j', (script, expected) => {
    for (const d of ALL) expect({ d, ...run(d, script) }).toEqual({ d, output: expected, exitCode: 0 });
  });

  it('a script that ends inside a document: bash warns and ends the last line, dash and ash do not', () => {
    const script = 'cat <<EOF\na\nEOF_not';
    expect(run('bash', script)).toEqual({ output: "bash: line 3: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\na\nEOF_not\n", exitCode: 0 });
    expect(run('dash', script)).toEqual({ output: 'a\nEOF_not', exitCode: 0 });
    expect(run('ash', script)).toEqual({ output: 'a\nEOF_not', exitCode: 0 });
    expect(run('bash', 'cat <<EOF;')).toEqual({ output: "bash: line 1: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\n", exitCode: 0 });
    expect(run('dash', 'cat <<EOF;')).toEqual({ output: '', exitCode: 0 });
  });

  it('in a script run by `sh FILE`, written by a document itself', () => {
    const write = "cd /w; cat <<'END' > s.sh\necho start\ncat <<EOF\nin $0\nEOF\ncat <<EOF\nx\nEND\n";
    expect(run('bash', `${write}bash s.sh`)).toEqual({ output: "start\nin s.sh\ns.sh: line 6: warning: here-document at line 5 delimited by end-of-file (wanted `EOF')\nx\n", exitCode: 0 });
    expect(run('dash', `${write}sh s.sh`)).toEqual({ output: 'start\nin s.sh\nx\n', exitCode: 0 });
    expect(run('ash', `${write}sh s.sh`)).toEqual({ output: 'start\nin s.sh\nx\n', exitCode: 0 });
  });

  it('`<<` with no word is a syntax error', () => {
    expect(run('bash', 'cat <<')).toEqual({ output: "bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `cat <<'\n", exitCode: 2 });
    expect(run('dash', 'cat <<')).toEqual({ output: 'sh: 1: Syntax error: end of file unexpected\n', exitCode: 2 });
    expect(run('ash', 'cat <<')).toEqual({ output: 'sh: syntax error: unexpected end of file\n', exitCode: 2 });
  });

  it('$LINENO counts the document lines (bash)', () => {
    expect(run('bash', 'echo $LINENO; cat <<EOF\na\nb\nEOF\necho $LINENO')).toEqual({ output: '1\na\nb\n5\n', exitCode: 0 });
  });
});

describe('here-strings', () => {
  it('bash: the word, not split, and a newline', () => {
    expect(run('bash', 'cat <<< "a  $((1+1))"; x="p  q"; cat <<< $x; tr a-z A-Z <<<hi')).toEqual({ output: 'a  2\np  q\nHI\n', exitCode: 0 });
  });
  it('dash and BusyBox ash: a syntax error', () => {
    expect(run('dash', 'cat <<< x')).toEqual({ output: 'sh: 1: Syntax error: redirection unexpected\n', exitCode: 2 });
    expect(run('ash', 'cat <<< x')).toEqual({ output: 'sh: syntax error: unexpected redirection\n', exitCode: 2 });
  });
});
