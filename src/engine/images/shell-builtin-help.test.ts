/**
 * bash's builtins answer `--help` with their long help on stdout and status 2. Recorded on this
 * machine with bash 5.2.15 (`bash -c 'mapfile --help'; echo $?`, and the lines below).
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function bash(line: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage('debian:12'), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  return execInContainer(p, 1000, ['bash', '-c', line]);
}

describe("bash builtins' --help", () => {
  it('prints the long help on stdout and returns 2', () => {
    expect(bash('shopt --help 2>/dev/null; echo $?').output).toBe(
      [
        'shopt: shopt [-pqsu] [-o] [optname ...]',
        '    Set and unset shell options.',
        '    ',
        '    Change the setting of each shell option OPTNAME.  Without any option',
        '    arguments, list each supplied OPTNAME, or all shell options if no',
        '    OPTNAMEs are given, with an indication of whether or not each is set.',
        '    ',
        '    Options:',
        "      -o\trestrict OPTNAMEs to those defined for use with `set -o'",
        '      -p\tprint each shell option with an indication of its status',
        '      -q\tsuppress output',
        '      -s\tenable (set) each OPTNAME',
        '      -u\tdisable (unset) each OPTNAME',
        '    ',
        '    Exit Status:',
        '    Returns success if OPTNAME is enabled; fails if an invalid option is',
        '    given or OPTNAME is disabled.',
        '2',
        '',
      ].join('\n'),
    );
    expect(bash('mapfile --help | head -1; local --help | head -1; kill --help | head -1; exit --help >/dev/null; echo still $?').output).toBe(
      'mapfile: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\nlocal: local [option] name[=value] ...\nkill: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\nstill 2\n',
    );
  });

  it('counts --help where an option may stand, not as an argument, and only when exact', () => {
    expect(bash('printf -v x --help | head -1; mapfile -t --help >/dev/null; echo $?; read -p --help x </dev/null; echo $?; echo --help').output).toBe(
      'printf: printf [-v var] format [arguments]\n2\n1\n--help\n',
    );
    expect(bash('mapfile --hel; echo $?')).toMatchObject({
      output: 'bash: line 1: mapfile: --: invalid option\nmapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n2\n',
    });
  });
});
