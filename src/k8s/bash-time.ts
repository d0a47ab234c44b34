/**
 * bash's `time [-p] PIPELINE` report (execute_cmd.c print_formatted_time), shared by the
 * learner's prompt and the containers' bash: TIMEFORMAT's `%[p][l]R`, `%[p][l]U`, `%[p][l]S`
 * (p: 0–3 decimals, 3 when absent or larger; l: `MmS.FFFs`), `%P` ((U+S)/R as a percentage,
 * two decimals) and `%%`; unset, bash's own `\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS`; `-p`,
 * POSIX's `real %2R\nuser %2U\nsys %2S` whatever TIMEFORMAT says; empty, no report. A newline
 * follows. Checked against bash 5.2.15 on this machine.
 *
 * The classroom keeps no CPU accounts: user and system time are what the caller passes (0 for a
 * process that only waits, sleeps or reads the network, to the millisecond).
 */

export const BASH_TIMEFORMAT = '\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS';
export const POSIX_TIMEFORMAT = 'real %2R\nuser %2U\nsys %2S';

export interface TimeReport {
  /** What goes to stderr: the report, or bash's complaint about the format. */
  text: string;
  ok: boolean;
}

/** Seconds `ms` with `digits` decimals (truncated, as bash's mkfmt does), `MmS.FFs` when long. */
function seconds(ms: number, digits: number, long: boolean): string {
  const whole = Math.floor(ms / 1000);
  const frac = digits === 0 ? '' : `.${String(ms % 1000).padStart(3, '0').slice(0, digits)}`;
  if (!long) return `${whole}${frac}`;
  return `${Math.floor(whole / 60)}m${whole % 60}${frac}s`;
}

/**
 * The report for a pipeline that took `realMs` (and `userMs`/`sysMs` of CPU), by `format`
 * (undefined: TIMEFORMAT unset). `prefix` is the shell's error prefix (`bash: line 1: `).
 */
export function timeReport(format: string | undefined, posix: boolean, realMs: number, userMs = 0, sysMs = 0, prefix = 'bash: '): TimeReport {
  const f = posix ? POSIX_TIMEFORMAT : (format ?? BASH_TIMEFORMAT);
  if (f === '') return { text: '', ok: true };
  const ms = (n: number): number => Math.max(0, Math.round(n));
  let out = '';
  for (let i = 0; i < f.length; i++) {
    const ch = f[i]!;
    if (ch !== '%') {
      out += ch;
      continue;
    }
    let j = i + 1;
    if (f[j] === '%') {
      out += '%';
      i = j;
      continue;
    }
    if (f[j] === 'P') {
      const pct = realMs > 0 ? ((userMs + sysMs) * 100) / realMs : 0;
      out += pct.toFixed(2);
      i = j;
      continue;
    }
    let digits = 3;
    if (f[j] !== undefined && /\d/.test(f[j]!)) digits = Math.min(3, Number(f[j++]));
    let long = false;
    if (f[j] === 'l') {
      long = true;
      j++;
    }
    const which = f[j];
    if (which !== 'R' && which !== 'U' && which !== 'S') {
      // bash names the character it stopped at and prints nothing else.
      return { text: `${prefix}TIMEFORMAT: \`${which ?? ''}': invalid format character\n`, ok: false };
    }
    out += seconds(ms(which === 'R' ? realMs : which === 'U' ? userMs : sysMs), digits, long);
    i = j;
  }
  return { text: `${out}\n`, ok: true };
}
