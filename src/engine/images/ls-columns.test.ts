/**
 * ls's columns (ls-columns.ts) and -i inside debian:12 (GNU coreutils) and busybox:1.36 containers.
 * Expected layouts recorded on this machine: GNU ls 9.1 and BusyBox 1.35's ls listing the same 20
 * names with `ls -C|-x -w N` (GNU's tabs included); the engine runs the same lines in containers.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const NAMES = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon';

const run = (image: string, line: string) =>
  execInContainer(startProcess({ image: resolveImage(image), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 7, podIP: '10.244.1.5', hostname: 'demo', command: ['sleep', '3600'] }), 1000, ['sh', '-c', `mkdir /tmp/g && cd /tmp/g && touch ${NAMES} && ${line}`]);

/** [width, option, GNU's output, BusyBox's output]. */
const LAYOUTS: readonly (readonly [number, '-C' | '-x', string, string])[] = [
  [40, '-C', "alpha\t eta\tlambda\t pi\ttheta\nbeta\t gamma\tmu\t rho\tupsilon\ndelta\t iota\tnu\t sigma\txi\nepsilon  kappa\tomicron  tau\tzeta\n", "alpha    gamma    nu       tau\nbeta     iota     omicron  theta\ndelta    kappa    pi       upsilon\nepsilon  lambda   rho      xi\neta      mu       sigma    zeta\n"],
  [40, '-x', "alpha  beta\tdelta\t epsilon  eta\ngamma  iota\tkappa\t lambda   mu\nnu     omicron\tpi\t rho\t  sigma\ntau    theta\tupsilon  xi\t  zeta\n", "alpha    beta     delta    epsilon\neta      gamma    iota     kappa\nlambda   mu       nu       omicron\npi       rho      sigma    tau\ntheta    upsilon  xi       zeta\n"],
  [80, '-C', "alpha  delta\teta    iota   lambda  nu       pi   sigma  theta    xi\nbeta   epsilon\tgamma  kappa  mu      omicron  rho  tau    upsilon  zeta\n", "alpha    epsilon  iota     mu       pi       tau      xi\nbeta     eta      kappa    nu       rho      theta    zeta\ndelta    gamma    lambda   omicron  sigma    upsilon\n"],
  [80, '-x', "alpha\t beta  delta  epsilon  eta  gamma  iota     kappa  lambda  mu  nu\nomicron  pi    rho    sigma    tau  theta  upsilon  xi\t   zeta\n", "alpha    beta     delta    epsilon  eta      gamma    iota     kappa\nlambda   mu       nu       omicron  pi       rho      sigma    tau\ntheta    upsilon  xi       zeta\n"],
  [25, '-C', "alpha\t nu\nbeta\t omicron\ndelta\t pi\nepsilon  rho\neta\t sigma\ngamma\t tau\niota\t theta\nkappa\t upsilon\nlambda\t xi\nmu\t zeta\n", "alpha    nu\nbeta     omicron\ndelta    pi\nepsilon  rho\neta      sigma\ngamma    tau\niota     theta\nkappa    upsilon\nlambda   xi\nmu       zeta\n"],
  [25, '-x', "alpha\t beta\tdelta\nepsilon  eta\tgamma\niota\t kappa\tlambda\nmu\t nu\tomicron\npi\t rho\tsigma\ntau\t theta\tupsilon\nxi\t zeta\n", "alpha    beta\ndelta    epsilon\neta      gamma\niota     kappa\nlambda   mu\nnu       omicron\npi       rho\nsigma    tau\ntheta    upsilon\nxi       zeta\n"],
];

describe('ls -C and -x lay names out in columns', () => {
  it.each(LAYOUTS)('-w %i %s', (w, flag, gnu, busybox) => {
    expect(run('debian:12', `ls ${flag} -w ${w}`).output).toBe(gnu);
    expect(run('busybox:1.36', `ls ${flag} -w ${w}`).output).toBe(busybox);
  });

  it('take their width from COLUMNS when stdout is no terminal (BusyBox one less), and print one name a line without -C', () => {
    expect(run('debian:12', 'COLUMNS=40 ls -C').output).toBe(LAYOUTS[0]![2]);
    expect(run('busybox:1.36', 'COLUMNS=41 ls -C').output).toBe(LAYOUTS[0]![3]);
    expect(run('debian:12', 'ls | head -3').output).toBe('alpha\nbeta\ndelta\n');
    // The last of -l, -1, -C wins (GNU).
    expect(run('debian:12', 'ls -l -C -w 40').output).toBe(LAYOUTS[0]![2]);
    expect(run('debian:12', 'ls -C -1 | head -2').output).toBe('alpha\nbeta\n');
  });

  it('refuses a width that is no number as each implementation does', () => {
    expect(run('debian:12', 'ls -w x; echo "st=$?"').output).toBe("ls: invalid line width: 'x'\nst=2\n");
    expect(run('busybox:1.36', 'ls -w x; echo "st=$?"').output).toBe("ls: invalid number 'x'\nst=1\n");
  });
});

describe('ls -i', () => {
  it('prints the inode stat prints, before the name and in the long listing', () => {
    const out = run('debian:12', 'ls -i /etc/hostname; stat /etc/hostname | grep -o "Inode: [0-9]*"; ls -li /etc/hostname').output.split('\n');
    const inode = out[1]!.slice('Inode: '.length);
    expect(out[0]).toBe(`${inode} /etc/hostname`);
    expect(out[2]).toMatch(new RegExp(`^${inode} -rw-r--r-- 1 root root `));
  });

  it('BusyBox pads it to 7 and widens its columns by 8', () => {
    const out = run('busybox:1.36', 'ls -i -C -w 60 alpha beta gamma').output;
    expect(out).toMatch(/^\d{7} alpha {2}\d{7} beta {3}\d{7} gamma\n$/);
  });
});
