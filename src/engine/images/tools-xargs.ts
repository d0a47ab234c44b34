/**
 * `xargs [-0] [-r] [-n N] [-L N] [-I REPL] [-P N] [COMMAND [ARG]...]`, GNU findutils 4.9's and
 * BusyBox's: reads items from stdin (blanks and newlines separate them; '…', "…" and \ quote,
 * as both parse by default; -0: NUL-terminated), and runs COMMAND (echo when none) with them —
 * all at once, N at a time (-n), N lines at a time (-L), or once per line with REPL replaced
 * (-I) — one run after another (commands.ts execFromTool's runs). Without -r an empty input
 * still runs COMMAND once.
 * Recorded on this machine from xargs 4.9.0 and BusyBox 1.35's: the status is 123 when a run
 * exited 1–125, 124 for 255, 127 for a missing COMMAND (`xargs: nosuch: No such file or
 * directory`, both); `xargs: unmatched single quote; by default quotes are special to xargs
 * unless you use the -0 option` (BusyBox: `xargs: unmatched single quote`), status 1; GNU
 * `xargs: invalid number "x" for -n option` and its Try line, BusyBox `xargs: invalid number 'x'`.
 * A run that exits 255 stops xargs: `xargs: sh: exited with status 255; aborting`, status 124.
 * Approximate: -P runs one command at a time; the command line has no
 * length limit; -t, -p, -d, -a, -E, -s are refused by name.
 */
import { getopt, usageError, type OptionSpec } from './tool-options';
import { bb, type ToolEnv, type ToolResult } from './tool-types';
import { XARGS_OPTIONS, xargsLines } from '../../k8s/xargs';

const SPEC: OptionSpec = {
  tool: 'xargs',
  ...XARGS_OPTIONS,
  unsupported: ['a', 'd', 'E', 'e', 'o', 'p', 's', 't', 'show-limits', 'process-slot-var', 'help', 'version'],
};

function positive(env: ToolEnv, value: string, option: string): number | ToolResult {
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  if (bb(env)) {
    env.io.err(`xargs: invalid number '${value}'\n`);
    return { status: 1 };
  }
  return usageError(env, SPEC, `invalid number "${value}" for -${option} option`);
}

export function xargs(args: string[], env: ToolEnv): ToolResult {
  let nul = false;
  let noEmpty = false;
  let perRun: number | undefined;
  let lines: number | undefined;
  let replace: string | undefined;
  let failed: ToolResult | undefined;
  const parsed = getopt(args, SPEC, env, (o) => {
    if (o.key === '0') nul = true;
    else if (o.key === 'r') noEmpty = true;
    else if (o.key === 'I' || o.key === 'i') replace = o.key === 'i' && o.value === '' ? '{}' : o.value;
    else if (o.key === 'n' || o.key === 'L' || o.key === 'l') {
      const n = o.key === 'l' && o.value === '' ? 1 : positive(env, o.value, o.key);
      if (typeof n !== 'number') return (failed = n);
      if (o.key === 'n') perRun = n;
      else lines = n;
    } else if (o.key === 'P' && !/^\d+$/.test(o.value)) return (failed = positive(env, o.value, 'P') as ToolResult);
    return undefined;
  });
  if (!parsed.ok) return failed ?? parsed.result;
  const command = parsed.operands.length > 0 ? parsed.operands : ['echo'];
  const planned = xargsLines(command, env.io.stdin, { noRunIfEmpty: noEmpty, ...(perRun !== undefined ? { maxArgs: perRun } : {}), ...(lines !== undefined ? { maxLines: lines } : {}), ...(replace !== undefined ? { replace } : {}), ...(nul ? { delimiter: '\0' } : {}) });
  if ('unmatched' in planned) return unmatched(env, planned.unmatched);
  const runs = planned.runs;
  if (runs.length === 0) return { status: 0 };
  const [first, ...more] = runs;
  return {
    status: 0,
    exec: {
      argv: first!,
      env: env.vars,
      missing: `xargs: ${command[0]!}: No such file or directory\n`,
      stdin: '',
      ...(more.length > 0 ? { more } : {}),
      // Recorded: `xargs: sh: exited with status 255; aborting` (GNU and BusyBox alike), status 124.
      stop: (status) => (status === 255 ? `xargs: ${command[0]!}: exited with status 255; aborting\n` : undefined),
      status: (statuses) => (statuses.includes(255) ? 124 : statuses.some((s) => s >= 1 && s <= 125) ? 123 : statuses.find((s) => s > 125) ?? 0),
    },
  };
}

function unmatched(env: ToolEnv, which: 'single' | 'double'): ToolResult {
  env.io.err(bb(env) ? `xargs: unmatched ${which} quote\n` : `xargs: unmatched ${which} quote; by default quotes are special to xargs unless you use the -0 option\n`);
  return { status: 1 };
}
