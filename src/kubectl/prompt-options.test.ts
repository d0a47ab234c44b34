/**
 * Shell options at the learner's prompt. Expected texts recorded from an interactive bash 5.2.15
 * run under script(1) (`PS1='$ ' bash --norc --noprofile -i`), fed the same lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';

beforeAll(() => loadKubectlChunks());

const both = (r: { output: { stream: string; text: string }[] }): string => r.output.map((c) => (c.stream === 'stderr' ? `E:${c.text}` : c.text)).join('');

describe('set -x at the prompt', () => {
  it('traces each command of the line, ++ inside $(…), assignments on their own', () => {
    const s = new Session();
    expect(s.run('set -x')).toEqual({ output: [], exitCode: 0 });
    expect(both(s.run('echo "a b" | cat; x=1; echo $(echo hi)'))).toBe("E:+ echo 'a b'\nE:+ cat\na b\nE:+ x=1\nE:++ echo hi\nE:+ echo hi\nhi\n");
    expect(both(s.run('echo a 2>/dev/null'))).toBe('E:+ echo a\na\n');
    expect(both(s.run('export A=1 B "C=x y"'))).toBe("E:+ export A=1 B 'C=x y'\n+ A=1\n+ C='x y'\n");
    expect(both(s.run('set +x; echo quiet'))).toBe('E:+ set +x\nquiet\n');
  });

  it('PS4 is the prefix', () => {
    const s = new Session();
    expect(both(s.run("set -x; PS4='> '; echo a"))).toBe("E:+ PS4='> '\nE:> echo a\na\n");
  });
});

describe('set -u, set -o pipefail, $- and set -o at the prompt', () => {
  it('an unset variable abandons the line with status 1', () => {
    const s = new Session();
    s.run('set -u');
    expect(s.run('echo $NOPE; echo next')).toEqual({ output: [{ stream: 'stderr', text: 'bash: NOPE: unbound variable\n' }], exitCode: 1 });
    expect(both(s.run('echo ${NOPE:-default} "$@" $#'))).toBe('default 0\n');
    expect(both(s.run('echo "${1}"'))).toBe('E:bash: 1: unbound variable\n');
    s.run('set +u');
    expect(both(s.run('echo "[$NOPE]"'))).toBe('[]\n');
  });

  it('pipefail makes a pipeline fail with its last failing stage', () => {
    const s = new Session();
    expect(both(s.run('false | true; echo $?'))).toBe('0\n');
    s.run('set -o pipefail');
    expect(both(s.run('false | true; echo $?'))).toBe('1\n');
  });

  it('$- and set -o show an interactive bash\'s options', () => {
    const s = new Session();
    expect(both(s.run('echo $-'))).toBe('himBHs\n');
    s.run('set -eux -o pipefail');
    s.run('set +e');
    expect(both(s.run('set +x; echo $-'))).toBe('E:+ set +x\nhimuBHs\n');
    const listing = both(s.run('set -o'));
    expect(listing).toContain('pipefail       \ton\n');
    expect(listing).toContain('history        \ton\n');
    expect(listing).toContain('xtrace         \toff\n');
  });

  it('a bad option is refused as bash refuses it (status 2)', () => {
    const s = new Session();
    expect(s.run('set -q')).toEqual({ output: [{ stream: 'stderr', text: 'bash: set: -q: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n' }], exitCode: 2 });
    expect(both(s.run('set -o bogus'))).toBe('E:bash: set: bogus: invalid option name\n');
  });

  it('set -- still sets the positional parameters', () => {
    const s = new Session();
    expect(both(s.run('set -- a b; echo $# $2'))).toBe('2 b\n');
  });
});

describe('set -e at the prompt', () => {
  it('a failing command ends the shell: the line stops there, silently, as after exit', () => {
    const s = new Session();
    s.run('set -e');
    expect(s.run('echo a; false; echo b')).toEqual({ output: [{ stream: 'stdout', text: 'a\n' }], exitCode: 1 });
    expect(s.run('kubectl get pod nope; echo after').exitCode).toBe(1);
  });

  it('not in conditions, before && / ||, after !, or inside $(…)', () => {
    const s = new Session();
    s.run('set -e');
    expect(both(s.run('if false; then :; fi; while false; do :; done; false && true; ! true; false || echo or; x=$(false; echo y); echo "ok $x"'))).toBe('or\nok y\n');
    expect(both(s.run('(false; echo in) || echo sub; echo out'))).toBe('in\nout\n');
  });

  it('a failing subshell, ((…)) and a failing pipeline under pipefail end it', () => {
    const s = new Session();
    s.run('set -e');
    expect(both(s.run('(false; echo in); echo out'))).toBe('');
    expect(both(s.run('i=0; ((i++)); echo out'))).toBe('');
    expect(both(s.run('false | true; echo p1; set -o pipefail; false | true; echo p2'))).toBe('p1\n');
    s.run('set +e');
    expect(both(s.run('false; echo on'))).toBe('on\n');
  });
});

describe('set -x on compound commands and flow builtins at the prompt', () => {
  it('traces for, ((…)), case, read and exit as bash 5.2 does (recorded)', () => {
    const s = new Session();
    s.run('set -x');
    expect(both(s.run('x="a b"; i=0; (( i++ )) || true; ((i+=2)); for i in 1 $x; do :; done'))).toBe(
      "E:+ x='a b'\nE:+ i=0\nE:+ ((  i++  ))\nE:+ true\nE:+ (( i+=2 ))\nE:+ for i in 1 $x\nE:+ :\nE:+ for i in 1 $x\nE:+ :\nE:+ for i in 1 $x\nE:+ :\n",
    );
    expect(both(s.run('read -r y <<< "q"; case $x in a*) echo c;; esac'))).toBe('E:+ read -r y\nE:+ case $x in\nE:+ echo c\nc\n');
  });
});

describe('the login environment at the prompt', () => {
  it('has a Debian login user\'s variables, so set -u reads them as on a real laptop', () => {
    const s = new Session();
    s.run('set -u');
    expect(both(s.run('echo $USER $LOGNAME $SHELL $HOME'))).toBe('learner learner /bin/bash /home/learner\n');
    expect(both(s.run('echo $PATH'))).toBe('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n');
    expect(both(s.run('echo $NOPE'))).toBe('E:bash: NOPE: unbound variable\n');
  });
});

describe('bash syntax the containers share with the prompt', () => {
  it('set +B, shopt (an interactive bash\'s defaults; nullglob, dotglob) and =~ groups, as bash 5.2 at its prompt (recorded)', () => {
    const s = new Session();
    expect(both(s.run('set +B; echo $- {a,b}'))).toBe('himHs {a,b}\n');
    s.run('set -B');
    expect(s.run('shopt -p nullglob expand_aliases')).toEqual({ output: [{ stream: 'stdout', text: 'shopt -u nullglob\nshopt -s expand_aliases\n' }], exitCode: 1 });
    expect(both(s.run('[[ abc =~ ^a(b|x)c$ ]] && echo m $BASH_REMATCH'))).toBe('m abc\n');
    s.run('touch a.conf b.conf .hid');
    expect(both(s.run('shopt -s nullglob dotglob; echo *.conf .h* x*.nope end'))).toBe('a.conf b.conf .hid end\n');
    expect(both(s.run('shopt -s bogus'))).toBe('E:bash: shopt: bogus: invalid shell option name\n');
  });
});
