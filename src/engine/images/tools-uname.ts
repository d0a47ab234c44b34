/**
 * uname, as GNU coreutils 9.1 and BusyBox 1.36 print the node's kernel (containers share it,
 * node/kernel.ts) and the machine's hostname (the Pod's, or the node's name on a node).
 *
 * Recorded on this machine (coreutils 9.1, busybox 1.35.0; BusyBox's uname.c is the same in
 * 1.36.1): the fields print in the order s n r v m p i o whatever the order of the options; no
 * option is -s; -p and -i print `unknown`, which -a leaves out; -o is `GNU/Linux` (BusyBox's
 * CONFIG_UNAME_OSNAME default, which Alpine's build sets to `Linux`: aports' busyboxconfig).
 * GNU's table has the obsolete --sysname and --release; BusyBox's only --release. An operand is
 * GNU's `extra operand`, BusyBox's usage screen.
 */
import { KERNEL_BUILD, KERNEL_RELEASE } from '../node/kernel';
import { HELP_VERSION, quote, toolOptions, usageError, type OptionSpec } from './tool-options';
import { BUSYBOX_USAGE } from './busybox-usage';
import { bb, ok, type ToolEnv, type ToolResult } from './tool-types';
import type { LongOption } from '../../k8s/getopt';

const ORDER = 'snrvmpio';

const GNU: OptionSpec = {
  tool: 'uname',
  short: 'asnrvmpio',
  long: [
    ['all', 'a', 'none'], ['kernel-name', 's', 'none'], ['sysname', 's', 'none'], ['nodename', 'n', 'none'], ['kernel-release', 'r', 'none'], ['release', 'r', 'none'],
    ['kernel-version', 'v', 'none'], ['machine', 'm', 'none'], ['processor', 'p', 'none'], ['hardware-platform', 'i', 'none'], ['operating-system', 'o', 'none'], ...HELP_VERSION,
  ],
};

const BUSYBOX_LONG: readonly LongOption[] = [
  ['all', 'a', 'none'], ['kernel-name', 's', 'none'], ['nodename', 'n', 'none'], ['kernel-release', 'r', 'none'], ['release', 'r', 'none'],
  ['kernel-version', 'v', 'none'], ['machine', 'm', 'none'], ['processor', 'p', 'none'], ['hardware-platform', 'i', 'none'], ['operating-system', 'o', 'none'],
];

export function uname(args: string[], env: ToolEnv): ToolResult {
  const o = toolOptions(args, env, GNU, { short: 'snrvmpioa', long: BUSYBOX_LONG }, 'snrvmpioa');
  if (!('set' in o)) return o;
  if (o.operands.length > 0) {
    if (!bb(env)) return usageError(env, GNU, `extra operand ${quote(env, o.operands[0]!)}`);
    env.io.err(BUSYBOX_USAGE.uname!);
    return { status: 1 };
  }
  const all = o.set.has('a');
  const unknown = all ? undefined : 'unknown';
  const field: Record<string, string | undefined> = {
    s: 'Linux',
    n: env.hostname,
    r: KERNEL_RELEASE,
    v: KERNEL_BUILD,
    m: 'x86_64',
    p: unknown,
    i: unknown,
    o: env.osName ?? 'GNU/Linux',
  };
  const asked = all ? [...ORDER] : [...ORDER].filter((k) => o.set.has(k));
  const shown = (asked.length ? asked : ['s']).map((k) => field[k]).filter((v): v is string => v !== undefined);
  env.io.out(`${shown.join(' ')}\n`);
  return ok;
}
