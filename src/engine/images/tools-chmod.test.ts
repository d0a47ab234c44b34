/**
 * chmod's words, GNU's (coreutils 9.1) and BusyBox's: recorded on this machine with `chmod` and
 * BusyBox 1.35's applet (`busybox chmod …; echo $?`) in a directory holding `f`.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function shell(image: string): (line: string) => { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  execInContainer(p, 500, ['sh', '-c', 'mkdir /w && cd /w && touch f']);
  return (line) => execInContainer(p, 1000, ['sh', '-c', `cd /w; ${line}`]);
}

describe('GNU chmod walks getopt_long with mode characters as options', () => {
  const run = shell('debian:12');
  it('takes `-w` and a mode after the file as the mode, and long-option prefixes', () => {
    expect(run('chmod -w f; ls -l f | cut -c1-10; chmod f -r; ls -l f | cut -c1-10; chmod --rec 600 f; ls -l f | cut -c1-10').output).toBe('-r--r--r--\n----------\n-rw-------\n');
    expect(run('chmod 644 f -R -v').output).toBe("mode of 'f' changed from 0600 (rw-------) to 0644 (rw-r--r--)\n");
  });
  it("says getopt's and chmod's own words", () => {
    expect(run('chmod --re 600 f')).toMatchObject({ exitCode: 1, output: "chmod: option '--re' is ambiguous; possibilities: '--recursive' '--reference'\nTry 'chmod --help' for more information.\n" });
    expect(run('chmod -w; chmod 644; chmod -z f').output).toBe(
      "chmod: missing operand\nTry 'chmod --help' for more information.\nchmod: missing operand after '644'\nTry 'chmod --help' for more information.\nchmod: invalid option -- 'z'\nTry 'chmod --help' for more information.\n",
    );
  });
});

describe("BusyBox chmod: the first dash word that is no option is the mode, getopt32 'Rvcf' the rest", () => {
  const run = shell('busybox:1.36');
  it('takes -x before the file as the mode and -R -v after it as options', () => {
    expect(run('chmod 600 f; chmod -v -r f; chmod 644 f -R -v').output).toBe("mode of 'f' changed to 0200 (-w-------)\nmode of 'f' changed to 0644 (rw-r--r--)\n");
    expect(run('chmod -z f')).toMatchObject({ exitCode: 1, output: "chmod: invalid mode '-z'\n" });
  });
  it('refuses a mode-like word after the mode as getopt does, and prints the usage alone without two operands', () => {
    expect(run('chmod 644 -x f').output).toMatch(/^chmod: invalid option -- 'x'\nBusyBox v1\.36\.1 .*\n\nUsage: chmod /);
    expect(run('chmod --foo 644 f').output).toMatch(/^chmod: unrecognized option '--foo'\nBusyBox v1\.36\.1 /);
    expect(run('chmod -w')).toMatchObject({ exitCode: 1, output: expect.stringMatching(/^BusyBox v1\.36\.1 .*\n\nUsage: chmod /) });
  });
});
