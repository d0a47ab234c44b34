/**
 * `which [-a] COMMAND...`: debianutils' shell script in Debian and Ubuntu images (5.7, Debian 12)
 * and BusyBox's applet. Both walk $PATH (an empty element is the working directory) and print
 * each COMMAND's first executable file (every one with -a); a COMMAND with a slash is checked as
 * it stands. Status: 1 when any COMMAND was not found, else 0. Recorded on this machine from
 * /usr/bin/which.debianutils and BusyBox 1.35 (debianutils/which.c of github:mirror/busybox):
 * - no COMMAND: debianutils prints nothing, status 1; BusyBox prints its usage, status 1;
 * - a bad option: debianutils' getopts (dash) says `Illegal option -x` on stderr and the script
 *   `Usage: /usr/bin/which [-a] args` on stdout, status 2; BusyBox getopt32's message and usage.
 * Approximate: the script's usage names it /usr/bin/which however it was called.
 */
import { normalizePath } from './fs';
import { getopt, getopt32, messageOf } from '../../k8s/getopt';
import { bb, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';

const BB_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: which [-a] COMMAND...\n\nLocate COMMAND\n\n\t-a\tShow all matches\n';

export function which(args: string[], env: ToolEnv): ToolResult {
  let all = false;
  // BusyBox: getopt32 "a", which takes `-a` after a COMMAND too; the script: dash's getopts, which stops at the first.
  const walked = getopt(args, bb(env) ? getopt32('a') : { short: '+a' }, () => {
    all = true;
    return undefined;
  });
  if (walked.k === 'error') {
    if (bb(env)) {
      env.io.err(`which: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`);
      return { status: 1 };
    }
    env.io.err(`${messageOf('dash', walked.error)}\n`);
    env.io.out('Usage: /usr/bin/which [-a] args\n');
    return { status: 2 };
  }
  const names = walked.k === 'done' ? walked.operands : [];
  if (names.length === 0) {
    if (bb(env)) env.io.err(BB_USAGE);
    return { status: 1 };
  }
  const executable = (p: string): boolean => env.program?.(normalizePath(p, env.cwd)) ?? false;
  let status = 0;
  for (const name of names) {
    let found = false;
    if (name.includes('/')) {
      found = executable(name);
      if (found) env.io.out(`${name}\n`);
    } else {
      for (const dir of (env.vars.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin').split(':')) {
        // BusyBox's concat_path_file adds no second slash; the script writes `$ELEMENT/$PROGRAM`.
        const d = dir === '' ? '.' : dir;
        const p = `${bb(env) ? d.replace(/\/$/, '') : d}/${name}`;
        if (!executable(p)) continue;
        env.io.out(`${p}\n`);
        found = true;
        if (!all) break;
      }
    }
    if (!found) status = 1;
  }
  return { status };
}
