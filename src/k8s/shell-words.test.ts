import { describe, expect, it } from 'vitest';
import { expandWords, rawWords, type ExpandEnv } from './shell-words';

const env = (vars: Record<string, string>, substitute: (c: string) => string = () => ''): ExpandEnv => ({ lookup: (n) => vars[n], status: 3, substitute });

describe('expandWords', () => {
  it('splits unquoted expansions at blanks, keeps quoted ones whole, drops an unquoted empty one', () => {
    const e = env({ do: '--dry-run=client -o yaml', E: '', S: ' a b ' });
    expect(expandWords('k create deploy x $do', e)).toEqual({ ok: true, argv: ['k', 'create', 'deploy', 'x', '--dry-run=client', '-o', 'yaml'] });
    expect(expandWords('echo "$do" $E "$E" x${S}y', e)).toEqual({ ok: true, argv: ['echo', '--dry-run=client -o yaml', '', 'x', 'a', 'b', 'y'] });
    expect(expandWords(`echo '$do' \\$do $? $ "a$"`, e)).toEqual({ ok: true, argv: ['echo', '$do', '$do', '3', '$', 'a$'] });
  });

  it('substitutes commands, trimming trailing newlines, and never splits an assignment value', () => {
    const e = env({}, (c) => (c === 'kubectl get pods -o name' ? 'pod/a\npod/b\n\n' : `<${c}>`));
    expect(expandWords('echo $(kubectl get pods -o name)', e)).toEqual({ ok: true, argv: ['echo', 'pod/a', 'pod/b'] });
    expect(expandWords('$(kubectl get pods -o name)', e, false)).toEqual({ ok: true, argv: ['pod/a\npod/b'] });
    expect(expandWords('"$(echo $(date))"', e)).toEqual({ ok: true, argv: ['<echo $(date)>'] });
  });

  it('gives defaults and refuses what it does not expand', () => {
    const e = env({ SET: 'v', EMPTY: '' });
    expect(expandWords('${UNSET:-d} ${EMPTY:-d} ${EMPTY-d} ${SET:-d} ${UNSET-}', e)).toEqual({ ok: true, argv: ['d', 'd', 'v'] });
    expect(expandWords('${SET:+x}', e)).toEqual({ ok: true, argv: ['x'] });
    expect(expandWords('${SET:%x}', e)).toEqual({ ok: false, message: '${SET:%x}: bad substitution' });
    expect(expandWords('$((1+2))', e)).toEqual({ ok: false, message: 'arithmetic expansion $((…)) is not supported here' });
    expect(expandWords('$(echo', e)).toEqual({ ok: false, message: "unexpected EOF while looking for matching `)'" });
  });

  it('words an unset parameter\'s error as bash 5.2 does: null or not set for ${X:?}, not set for ${X?}', () => {
    const e = env({ EMPTY: '' });
    expect(expandWords('${EMPTY:?}', e)).toEqual({ ok: false, message: 'EMPTY: parameter null or not set', fatal: true });
    expect(expandWords('${UNSET?}', e)).toEqual({ ok: false, message: 'UNSET: parameter not set', fatal: true });
    expect(expandWords('${UNSET?boom}', e)).toEqual({ ok: false, message: 'UNSET: boom', fatal: true });
  });
});

describe('rawWords', () => {
  it('keeps quotes and a whole $(…) in its word', () => {
    expect(rawWords(`POD=$(kubectl get pods | head -n 1) kubectl "a b" 'c d'`)).toEqual({ ok: true, words: ['POD=$(kubectl get pods | head -n 1)', 'kubectl', '"a b"', "'c d'"] });
  });
});

describe('backquotes', () => {
  // Recorded, bash 5.2.15: what each line prints.
  it('substitutes unquoted (split) and double-quoted (whole) backquotes, with their backslash rules', () => {
    const e = env({ b: 'B' }, (c) => ({ 'echo "1  2"': '1  2\n\n', 'echo a$b \\\\ c': 'a \\ c\n', 'echo `echo nest`': 'nest\n', 'echo "q"': 'q\n' })[c] ?? `<${c}>`);
    expect(expandWords('x`echo "1  2"`y "`echo "1  2"`"', e)).toEqual({ ok: true, argv: ['x1', '2y', '1  2'] });
    expect(expandWords('`echo a\\$b \\\\\\\\ c` `echo \\`echo nest\\`` "`echo \\"q\\"`"', e)).toEqual({ ok: true, argv: ['a', '\\', 'c', 'nest', 'q'] });
    expect(expandWords('`echo "1  2"`', e, false)).toEqual({ ok: true, argv: ['1  2'] });
    expect(expandWords("'`x`' \\`x\\`", e)).toEqual({ ok: true, argv: ['`x`', '`x`'] });
  });

  it('keeps a backquoted command in one raw word and words an unclosed one as bash does', () => {
    expect(rawWords('x=`date +%Y` echo')).toEqual({ ok: true, words: ['x=`date +%Y`', 'echo'] });
    expect(rawWords('echo `date')).toEqual({ ok: false, message: "unexpected EOF while looking for matching ``'" });
    expect(expandWords('echo "`date"', env({}))).toEqual({ ok: false, message: "unexpected EOF while looking for matching ``'" });
  });
});
