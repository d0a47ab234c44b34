/**
 * The attached shell is one process the container keeps (engine/images/tty-shell.ts), driven
 * through the Session the page uses. Shell behaviour recorded from dash 0.5.12, bash 5.2 and
 * BusyBox 1.35 run interactively under script(1).
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { terminal, text } from './attach.testing';

describe('the shell kubectl exec -it attaches to is one process', () => {
  it('keeps its PID: $$ is stable, ps lists it once, and another exec sees it while the session is open', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const pid = text(s.run('echo $$')).trim();
    expect(pid).toMatch(/^\d+$/);
    expect(pid).not.toBe('1');
    expect(text(s.run('echo $$')).trim()).toBe(pid);
    const ps = text(s.run('ps')).split('\n');
    expect(ps.filter((l) => / sh$/.test(l))).toEqual([expect.stringMatching(new RegExp(`^ +${pid} root +0:00 sh$`))]);
    // The shell is the parent of what a line runs.
    const own = text(s.run('ps -o pid,ppid,args'));
    expect(own).toMatch(new RegExp(`\\n +\\d+ +${pid} ps -o pid,ppid,args\\n`));

    const other = new Session({ simulation: s.sim });
    expect(text(other.run('kubectl exec bb -- ps'))).toMatch(new RegExp(`\\n +${pid} root +0:00 sh\\n`));
    s.run('exit');
    expect(text(other.run('kubectl exec bb -- ps'))).not.toMatch(new RegExp(`\\n +${pid} `));
  });

  it('keeps its state between lines: $?, positional parameters, options, exported and plain variables, cd -', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run('false');
    expect(text(s.run('echo $?'))).toBe('1\n');
    s.run('set -- a b c');
    expect(text(s.run('echo $# $2'))).toBe('3 b\n');
    s.run('PLAIN=1');
    s.run('export SHARED=2');
    // Only what was exported reaches a program's environment.
    expect(text(s.run('env | grep -E "^(PLAIN|SHARED)="'))).toBe('SHARED=2\n');
    expect(text(s.run(`sh -c 'echo "[$PLAIN][$SHARED]"'`))).toBe('[][2]\n');
    expect(text(s.run('echo $PLAIN $SHARED'))).toBe('1 2\n');
    s.run('cd /tmp');
    s.run('cd /etc');
    expect(s.run('cd -')).toMatchObject({ output: [{ text: '/tmp\n' }], attached: { prompt: '/tmp # ' } });
    expect(text(s.run('echo $OLDPWD $PWD'))).toBe('/etc /tmp\n');
    s.run('set -x');
    expect(text(s.run('echo traced'))).toBe('+ echo traced\ntraced\n');
    expect(text(s.run('set +x'))).toBe('+ set +x\n');
    expect(text(s.run('echo plain'))).toBe('plain\n');
  });

  it('shows it is interactive in $-, as each shell spells it', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('echo $-'))).toBe('smi\n');
    s.run('set -u');
    expect(text(s.run('echo $-'))).toBe('usmi\n');
    s.run('exit');
    s.run('kubectl exec -it db -- sh');
    expect(text(s.run('echo $-'))).toBe('smi\n');
    s.run('exit');
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('echo $-'))).toBe('himBHs\n');
  });

  it('reads a construct typed over several lines as one', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('for i in 1 2; do\necho $i\ndone'))).toBe('1\n2\n');
  });

  it('keeps the functions defined at its prompt; a new shell has none', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(s.run('greet() {\necho "hello $1"\n}')).toMatchObject({ output: [], exitCode: 0 });
    expect(text(s.run('greet you'))).toBe('hello you\n');
    expect(text(s.run('(greet subshell)'))).toBe('hello subshell\n');
    expect(text(s.run('sh -c "greet child"'))).toBe('sh: greet: not found\n');
  });

  it('keeps bash’s arrays and shopt settings between lines, and reads [[ ]] and brace expansion', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    s.run('a=(x y z)');
    s.run('a+=(w)');
    expect(text(s.run('echo ${#a[@]} ${a[3]}'))).toBe('4 w\n');
    s.run('shopt -s extglob');
    expect(text(s.run('shopt extglob'))).toBe('extglob        \ton\n');
    expect(text(s.run('[[ abc == @(abc|d) ]] && echo yes'))).toBe('yes\n');
    expect(text(s.run('echo {1..3}'))).toBe('1 2 3\n');
    s.run('true');
    expect(text(s.run('[[ a b ]]'))).toBe('bash: conditional binary operator expected\n');
    expect(text(s.run('echo $?'))).toBe('0\n');
  });

  it('keeps aliases and expands them where a command starts; alias lists them in each shell’s order', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run("alias ll='ls -d' x=echo");
    expect(text(s.run('ll /tmp'))).toBe('/tmp\n');
    expect(text(s.run('true && x yes | cat'))).toBe('yes\n');
    // ash's hash table order (dash's too), not the order they were defined in.
    expect(text(s.run('alias'))).toBe("x='echo'\nll='ls -d'\n");
    expect(s.run('alias nope')).toMatchObject({ output: [{ text: 'alias: nope not found\n' }], exitCode: 1 });
    s.run("alias e='echo '");
    expect(text(s.run('e x hi'))).toBe('echo hi\n');
    s.run('unalias ll');
    expect(text(s.run('ll'))).toBe('sh: ll: not found\n');
    s.run('exit');
    s.run('kubectl exec -it db -- bash');
    s.run("alias x=echo ll='ls -d'");
    expect(text(s.run('alias'))).toBe("alias ll='ls -d'\nalias x='echo'\n");
    expect(text(s.run('unalias nope'))).toBe('bash: unalias: nope: not found\n');
  });

  it('words its errors as an interactive shell: dash counts the lines it read, bash names none', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- sh');
    s.run('true');
    expect(text(s.run('nosuch'))).toBe('sh: 2: nosuch: not found\n');
    expect(text(s.run('if then'))).toBe('sh: 3: Syntax error: "then" unexpected\n');
    s.run('exit');
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('nosuch'))).toBe('bash: nosuch: command not found\n');
    expect(text(s.run('cd /nope'))).toBe('bash: cd: /nope: No such file or directory\n');
    expect(text(s.run('cd -'))).toBe('bash: cd: OLDPWD not set\n');
    expect(text(s.run('if then'))).toBe("bash: syntax error near unexpected token `then'\n");
  });
});

describe('how the attached shell ends', () => {
  it('exit N ends it, and kubectl reports a non-zero status; bash says exit', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    const r = s.run('exit 3');
    expect(r).toMatchObject({ output: [{ text: 'exit\n' }, { stream: 'stderr', text: 'command terminated with exit code 3\n' }], exitCode: 3 });
    expect(r.attached).toBeUndefined();
  });

  it('set -e then a failing command ends it with that status; a subshell exit or an expansion error does not', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    expect(s.run('(exit 4)')).toMatchObject({ exitCode: 4, attached: { prompt: '/ # ' } });
    expect(s.run('echo ${NOPE:?unset here}')).toMatchObject({ output: [{ text: 'sh: NOPE: unset here\n' }], attached: { prompt: '/ # ' } });
    s.run('set -e');
    expect(s.run('true')).toMatchObject({ exitCode: 0, attached: { prompt: '/ # ' } });
    // Ignored where POSIX ignores it, as ever.
    expect(s.run('false || true').attached).toBeDefined();
    const r = s.run('false');
    expect(r).toMatchObject({ output: [{ stream: 'stderr', text: 'command terminated with exit code 1\n' }], exitCode: 1 });
    expect(r.attached).toBeUndefined();
  });

  it('kubectl run -it: the lines reach PID 1, whose state lasts, and set -e ends the container', () => {
    const s = terminal();
    s.run('kubectl run -it t --image=busybox:1.36 --restart=Never -- sh');
    expect(text(s.run('echo $$'))).toBe('1\n');
    s.run('Z=3');
    expect(text(s.run('echo $Z'))).toBe('3\n');
    s.run('set -e');
    const r = s.run('false');
    expect(r.attached).toBeUndefined();
    expect(text(r)).toContain("Session ended, resume using 'kubectl attach t -c t -n default -i -t' command\n");
    expect(r.exitCode).toBe(1);
  });

  it('kubectl run -it with no command reaches the image’s own shell: debian’s CMD is bash, with bash’s prompt', () => {
    const s = terminal();
    const r = s.run('kubectl run -it deb2 --image=debian');
    expect(r.attached).toMatchObject({ pod: 'deb2', prompt: 'root@deb2:/# ' });
    expect(text(s.run('echo $0'))).toBe('bash\n');
  });
});
