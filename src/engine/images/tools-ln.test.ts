/**
 * `ln -s` makes links every reader follows (recorded on this machine: coreutils 9.1's ln, ls,
 * readlink, grep 3.8; busybox 1.35's applets, the same scripts in a scratch directory).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

const shell = (image: string) => {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  return (line: string) => execInContainer(p, 1000, ['sh', '-c', `mkdir -p /tmp/l; cd /tmp/l; ${line}`]).output;
};

describe('ln -s, GNU', () => {
  it('makes the link, refuses what is there, replaces it with -f, links into a directory unless -n or -T', () => {
    const run = shell('nginx:1.27');
    expect(run('echo hi > a; mkdir d; ln -s a b; ln -s a b; echo $?; ln -sf a b; echo $?; ln -sv a c; ln -s a d; ln -s a; ln -s a b c; ln -s a nodir/x; ln -sT a d; ln -sfT a d; ln -sf a a; echo $?')).toBe(
      "ln: failed to create symbolic link 'b': File exists\n1\n0\n'c' -> 'a'\nln: failed to create symbolic link './a': File exists\nln: target 'c': Not a directory\n" +
        "ln: failed to create symbolic link 'nodir/x': No such file or directory\nln: failed to create symbolic link 'd': File exists\nln: d: cannot overwrite directory\nln: 'a' and 'a' are the same file\n1\n",
    );
    expect(run("ln -sfn d dl; ln -sfn a dl; ln -st d c; ls -l | awk 'NR>1{print $1, $9, $10, $11}'; ls d; cat b; readlink dl")).toBe(
      '-rw-r--r-- a  \nlrwxrwxrwx b -> a\nlrwxrwxrwx c -> a\ndrwxr-xr-x d  \nlrwxrwxrwx dl -> a\na\nc\nhi\na\n',
    );
    expect(run('ln; ln -svT a; ln --s a; ln x y')).toBe(
      "ln: missing file operand\nTry 'ln --help' for more information.\nln: missing destination file operand after 'a'\nTry 'ln --help' for more information.\n" +
        "ln: option '--s' is ambiguous; possibilities: '--suffix' '--symbolic'\nTry 'ln --help' for more information.\nln: hard links are not supported by this simulator\n",
    );
  });

  it('links are followed by cat, cd, readlink -f and grep -R; grep -r skips them; rm removes the link itself', () => {
    const run = shell('nginx:1.27');
    expect(run('mkdir -p src t; echo needle > src/f; echo needle > t/g; ln -s ../t src/tl; ln -s ../t/g src/gl; ln -s nowhere src/dangle; grep -r needle src; echo "-- $?"; grep -R needle src; echo "-- $?"')).toBe(
      'src/f:needle\n-- 0\ngrep: src/dangle: No such file or directory\nsrc/f:needle\nsrc/gl:needle\nsrc/tl/g:needle\n-- 2\n',
    );
    expect(run('readlink -f src/gl; cd src/tl && pwd && ls; cd /tmp/l; rm src/tl; ls src; ls t')).toBe('/tmp/l/t/g\n/tmp/l/src/tl\ng\ndangle\nf\ngl\ng\n');
  });
});

describe('ln -s, BusyBox', () => {
  it("says `ln: LINK: File exists`, links each TARGET to a LINK that is no directory, and -T's words", () => {
    const run = shell('busybox:1.36');
    expect(run('echo hi > a; mkdir d; ln -s a b; ln -s a b; echo $?; ln -sf a b; ln -sv a c; ln -s a b c; ln -sT a d; ln -sT a b c; ls d; cat b')).toBe(
      "ln: b: File exists\n1\n'c' -> 'a'\nln: c: File exists\nln: c: File exists\nln: 'd' is a directory\nln: -T accepts 2 args max\nhi\n",
    );
    expect(run('ln 2>&1 | head -3; ln -st d a 2>&1 | head -1; mkdir g; ln -s nowhere g/x; echo y > g/f; grep -r y g; echo $?')).toBe(
      'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ln [-sfnbtv] [-S SUF] TARGET... LINK|DIR\n' + "ln: invalid option -- 't'\ng/f:y\ngrep: g/x: No such file or directory\n0\n",
    );
  });
});
