/**
 * A line typed at an attached shell runs on a terminal: isatty() is true for each of a command's
 * fds the line leaves on it, and false for one a pipe, `$(…)` or a redirection takes — per simple
 * command, as the kernel answers each process. `kubectl exec -it POD -- CMD` runs CMD on the
 * exec's terminal; `kubectl exec` without -i and -t (and -t alone: SetupTTY drops it) does not.
 * Expected texts recorded on this machine under script(1) from GNU coreutils 9.1 (`tty`, `nohup`),
 * BusyBox 1.35 (`tty`) and bash 5.2 (`test -t`, `[[ -t ]]`).
 */
import { describe, expect, it } from 'vitest';
import { terminal, text } from './attach.testing';
import { END_OF_INPUT } from '../k8s/end-of-input';

describe('a line typed at an attached shell runs on a terminal', () => {
  it('ls lays names out in columns there, as wide as the terminal the line came with (80 when none), one a line through a pipe', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    // Recorded: GNU ls 9.1 listing the same 20 names on an 80-column terminal (its tab stops included).
    s.run('mkdir /tmp/g && cd /tmp/g && touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon');
    expect(text(s.run('ls'))).toBe('alpha  delta\teta    iota   lambda  nu       pi   sigma  theta    xi\nbeta   epsilon\tgamma  kappa  mu      omicron  rho  tau    upsilon  zeta\n');
    expect(text(s.run('ls | head -2'))).toBe('alpha\nbeta\n');
    // The page's terminal sends its size with the line: 40 columns (GNU ls 9.1, `ls -C -w 40`).
    expect(text(s.run('ls', undefined, { terminal: { columns: 40, rows: 24 } }))).toBe('alpha\t eta\tlambda\t pi\ttheta\nbeta\t gamma\tmu\t rho\tupsilon\ndelta\t iota\tnu\t sigma\txi\nepsilon  kappa\tomicron  tau\tzeta\n');
    s.run('exit');
    s.run('kubectl exec -it bb -- sh');
    s.run('mkdir /tmp/g && cd /tmp/g && touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon');
    // BusyBox: 79 usable columns, 9 a column.
    expect(text(s.run('ls'))).toBe('alpha    epsilon  iota     mu       pi       tau      xi\nbeta     eta      kappa    nu       rho      theta    zeta\ndelta    gamma    lambda   omicron  sigma    upsilon\n');
    // 41 columns: BusyBox's 40 usable (BusyBox 1.35, `COLUMNS=41 ls -C`).
    expect(text(s.run('ls', undefined, { terminal: { columns: 41, rows: 24 } }))).toBe('alpha    gamma    nu       tau\nbeta     iota     omicron  theta\ndelta    kappa    pi       upsilon\nepsilon  lambda   rho      xi\neta      mu       sigma    zeta\n');
    s.run('exit');
    // kubectl run -it: the attach carries the size to PID 1's shell too.
    s.run('kubectl run -it sh2 --image=busybox:1.36 -- sh');
    s.run('mkdir /tmp/g && cd /tmp/g && touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon');
    expect(text(s.run('ls', undefined, { terminal: { columns: 41, rows: 24 } }))).toBe('alpha    gamma    nu       tau\nbeta     iota     omicron  theta\ndelta    kappa    pi       upsilon\nepsilon  lambda   rho      xi\neta      mu       sigma    zeta\n');
  });

  it('tty names pts/0 where stdin is the terminal, and says `not a tty` (status 1) where a pipe or < replaced it', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(s.run('tty')).toMatchObject({ output: [{ text: '/dev/pts/0\n' }], exitCode: 0 });
    expect(s.run('tty < /etc/hostname')).toMatchObject({ output: [{ text: 'not a tty\n' }], exitCode: 1 });
    expect(s.run('echo | tty')).toMatchObject({ output: [{ text: 'not a tty\n' }], exitCode: 1 });
    // A command substitution's stdout is a pipe, its stdin still the terminal.
    expect(text(s.run('x=$(tty); echo "[$x]"'))).toBe('[/dev/pts/0]\n');
    expect(text(s.run('tty -s; echo $?; tty -s </dev/null; echo $?'))).toBe('0\n1\n');
    expect(s.run('tty x')).toMatchObject({ output: [{ text: "tty: extra operand 'x'\nTry 'tty --help' for more information.\n" }], exitCode: 2 });
    s.run('exit');
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('tty; tty x; echo | tty'))).toBe('/dev/pts/0\ntty: ignoring all arguments\n/dev/pts/0\nnot a tty\n');
  });

  it('test -t FD and [[ -t FD ]] ask each fd of the command itself', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('test -t 0; echo $?; test -t 1; echo $?; [ -t 2 ]; echo $?; [[ -t 1 ]]; echo $?'))).toBe('0\n0\n0\n0\n');
    expect(text(s.run('test -t 1 > /tmp/f; echo $?; [ -t 2 ] 2>/dev/null; echo $?; test -t 0 < /etc/hostname; echo $?'))).toBe('1\n1\n1\n');
    expect(text(s.run('v=$(test -t 1; echo $?); echo $v; echo x | { test -t 0; echo $?; }; test -t 9; echo $?; test -t x; echo $?'))).toBe('1\n1\n1\n1\n');
  });

  it('nohup replaces each fd that is the terminal, and GNU says which', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run("nohup sh -c 'echo out; echo err >&2'; cat nohup.out"))).toBe("nohup: ignoring input and appending output to 'nohup.out'\nout\nerr\n");
    expect(text(s.run('rm nohup.out; nohup echo in < /dev/null; cat nohup.out'))).toBe("nohup: appending output to 'nohup.out'\nin\n");
    expect(text(s.run('nohup echo piped | cat'))).toBe('nohup: ignoring input and redirecting stderr to stdout\npiped\n');
    expect(text(s.run('nohup echo quiet < /dev/null > /tmp/o; cat /tmp/o'))).toBe('nohup: redirecting stderr to stdout\nquiet\n');
    expect(text(s.run('nohup echo alone > /tmp/o 2> /tmp/e; cat /tmp/e /tmp/o'))).toBe('nohup: ignoring input\nalone\n');
    s.run('exit');
    s.run('kubectl exec -it bb -- sh');
    expect(text(s.run('nohup echo hi; cat nohup.out; nohup echo piped | cat'))).toBe('nohup: appending output to nohup.out\nhi\npiped\n');
  });

  it('apt prints `... Done` only while its stdout is the terminal', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('apt-get update | tail -1'))).toBe('Reading package lists...\n');
    expect(text(s.run('apt-get update')).split('\n').slice(-2)).toEqual(['Reading package lists... Done', '']);
  });

  it('kubectl exec -it POD -- CMD runs CMD on a terminal; without -i or -t it has none', () => {
    const s = terminal();
    expect(s.run('kubectl exec -it db -- tty')).toMatchObject({ output: [{ text: '/dev/pts/0\n' }], exitCode: 0 });
    expect(s.run('kubectl exec db -- tty')).toMatchObject({ output: [{ text: 'not a tty\n' }, { text: 'command terminated with exit code 1\n' }], exitCode: 1 });
    expect(text(s.run('kubectl exec -t db -- tty'))).toBe('not a tty\ncommand terminated with exit code 1\n');
    // BusyBox ps names a terminal by its device numbers: pts/0 is 136,0.
    expect(text(s.run('kubectl exec -it bb -- ps -o tty,args'))).toContain('\n136,0  ps -o tty,args\n');
    expect(text(s.run('kubectl exec bb -- ps -o tty,args'))).toContain('\n?      ps -o tty,args\n');
  });
});

describe('ls at the laptop’s prompt', () => {
  it('fills the width the page’s terminal sent with the line (GNU ls 9.1, `ls -C -w 40`)', () => {
    const s = terminal();
    s.run('touch alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon');
    expect(text(s.run('ls', undefined, { terminal: { columns: 40, rows: 24 } }))).toBe('alpha\t eta\tlambda\t pi\ttheta\nbeta\t gamma\tmu\t rho\tupsilon\ndelta\t iota\tnu\t sigma\txi\nepsilon  kappa\tomicron  tau\tzeta\n');
  });
});

describe('Ctrl+D at an attached shell’s empty prompt is end of input', () => {
  // Recorded under script(1): bash -i says `exit` at ^D; dash -i and busybox sh -i end the prompt's line.
  it('bash says exit and ends with the last status; kubectl exec reports a non-zero one', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- bash');
    s.run('false');
    const r = s.run(END_OF_INPUT);
    expect(r.attached).toBeUndefined();
    expect(text(r)).toBe('exit\ncommand terminated with exit code 1\n');
    s.run('kubectl exec -it db -- bash');
    expect(text(s.run('history | tail -1'))).not.toContain('\u0004');
    expect(s.run(END_OF_INPUT)).toMatchObject({ output: [{ text: 'exit\n' }], exitCode: 0 });
  });

  it('dash and BusyBox ash print a newline and end', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- sh');
    expect(s.run(END_OF_INPUT)).toMatchObject({ output: [{ text: '\n' }], exitCode: 0 });
    s.run('kubectl exec -it bb -- sh');
    const r = s.run(END_OF_INPUT);
    expect(r.attached).toBeUndefined();
    expect(text(r)).toBe('\n');
  });
});
