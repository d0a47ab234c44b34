/**
 * bash's `shopt`: its option names (bash 5.2.15's table order), which are on in a non-interactive
 * `bash -c`, and the builtin's listings and errors. Recorded on this machine's bash 5.2.15:
 * `shopt` pads each name to 15 and adds a tab (`%-15s\t%s`), `shopt -p` prints `shopt -s name` /
 * `shopt -u name`, an unknown name is `shopt: NAME: invalid shell option name` (status 1, the
 * other names still set), a bad flag `shopt: -x: invalid option` plus the usage line (status 2).
 * `-o` (the `set -o` names) is left to the caller. Which options change behaviour is up to the
 * shell: the containers' bash honours extglob, nullglob, failglob, dotglob and nocaseglob; the
 * rest are names only.
 */
import { getopt, messageOf } from './getopt';

export const SHOPT_NAMES: readonly string[] = [
  'autocd', 'assoc_expand_once', 'cdable_vars', 'cdspell', 'checkhash', 'checkjobs', 'checkwinsize', 'cmdhist', 'compat31', 'compat32', 'compat40',
  'compat41', 'compat42', 'compat43', 'compat44', 'complete_fullquote', 'direxpand', 'dirspell', 'dotglob', 'execfail', 'expand_aliases', 'extdebug',
  'extglob', 'extquote', 'failglob', 'force_fignore', 'globasciiranges', 'globskipdots', 'globstar', 'gnu_errfmt', 'histappend', 'histreedit',
  'histverify', 'hostcomplete', 'huponexit', 'inherit_errexit', 'interactive_comments', 'lastpipe', 'lithist', 'localvar_inherit', 'localvar_unset',
  'login_shell', 'mailwarn', 'no_empty_cmd_completion', 'nocaseglob', 'nocasematch', 'noexpand_translation', 'nullglob', 'patsub_replacement', 'progcomp',
  'progcomp_alias', 'promptvars', 'restricted_shell', 'shift_verbose', 'sourcepath', 'varredir_close', 'xpg_echo',
];

/** On in `bash -c` (recorded: `bash -c shopt`). */
export const SHOPT_DEFAULTS: readonly string[] = [
  'checkwinsize', 'cmdhist', 'complete_fullquote', 'extquote', 'force_fignore', 'globasciiranges', 'globskipdots', 'hostcomplete', 'interactive_comments',
  'patsub_replacement', 'progcomp', 'promptvars', 'sourcepath',
];

/** On in an interactive bash besides: expand_aliases (recorded: `shopt -s` at bash 5.2's prompt under script(1)). */
export const SHOPT_INTERACTIVE_DEFAULTS: readonly string[] = SHOPT_NAMES.filter((n) => SHOPT_DEFAULTS.includes(n) || n === 'expand_aliases');

export const SHOPT_USAGE = 'shopt: usage: shopt [-pqsu] [-o] [optname ...]\n';

export type ShoptResult = { on: readonly string[]; out: string; err: string; status: number };

const line = (name: string, on: boolean, print: boolean): string => (print ? `shopt ${on ? '-s' : '-u'} ${name}\n` : `${name.padEnd(15)}\t${on ? 'on' : 'off'}\n`);

/**
 * `shopt [-pqsu] [name …]` over the options that are on (`on`); `prefix` goes before an error
 * (`bash: line 1: `). `-o` is not handled here.
 */
export function runShopt(args: readonly string[], on: readonly string[], prefix: string): ShoptResult {
  let set: boolean | undefined;
  let print = false;
  let quiet = false;
  const walked = getopt(args, { short: '+pqsu' }, ({ key }) => {
    if (key === 's') set = true;
    else if (key === 'u') set = set === true ? undefined : false;
    else if (key === 'p') print = true;
    else quiet = true;
    return undefined;
  });
  if (walked.k === 'error') return { on, out: '', err: `${prefix}shopt: ${messageOf('bash', walked.error)}\n${SHOPT_USAGE}`, status: 2 };
  const names = walked.k === 'done' ? walked.operands : [];
  const state = new Set(on);
  let out = '';
  let err = '';
  let status = 0;
  if (names.length === 0) {
    for (const n of SHOPT_NAMES) {
      const isOn = state.has(n);
      if (set === undefined || set === isOn) out += line(n, isOn, print);
    }
    return { on, out: quiet ? '' : out, err, status: set !== undefined && out === '' ? 1 : 0 };
  }
  for (const n of names) {
    if (!SHOPT_NAMES.includes(n)) {
      err += `${prefix}shopt: ${n}: invalid shell option name\n`;
      status = 1;
      continue;
    }
    if (set === true) state.add(n);
    else if (set === false) state.delete(n);
    else {
      if (!state.has(n)) status = 1;
      if (!quiet) out += line(n, state.has(n), print);
    }
  }
  return { on: SHOPT_NAMES.filter((n) => state.has(n)), out, err, status };
}

/** Whether option `name` is on (`on` undefined: the defaults). */
export function shoptOn(on: readonly string[] | undefined, name: string): boolean {
  return (on ?? SHOPT_DEFAULTS).includes(name);
}
