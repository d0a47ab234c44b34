/**
 * klog's text format, as kubectl v1.35.2 writes it to stderr under `-v=N`:
 * `I1206 05:11:12.648577   22122 loader.go:405] message key="value" n=3`.
 * The header's time is the simulated clock's wall time (k8s/time EPOCH_MS + sim ms, so the
 * microseconds always end in 000), the pid a fixed number: the same seed and commands print the
 * same bytes. Values are klog's: strings quoted as Go's strconv.Quote, numbers bare, a string
 * holding a line break written as a `<` block (klog's textlogger writeStringValue).
 */
import { civil, EPOCH_MS } from '../k8s/time';

/** The pid every simulated kubectl process logs: deterministic, as every other output is. */
export const KUBECTL_PID = 12345;

export type KlogValue = string | number | boolean;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `1206 05:11:12.648000`: klog's month, day and time of day with microseconds, from simulated ms. */
export function klogTime(simMs: number): string {
  const c = civil(simMs + EPOCH_MS);
  return `${pad(c.mo)}${pad(c.d)} ${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}.${pad(c.ms * 1000, 6)}`;
}

/** Go's strconv.Quote for the text kubectl logs (JSON escaping differs only for control characters). */
export function goQuote(s: string): string {
  return JSON.stringify(s).replace(/\\u00([0-1][0-9a-f])/g, (_, h: string) => `\\x${h}`);
}

/** klog's writeStringValue: quoted, or a tab-indented block closed by ` >` when it holds a line break. */
export function klogString(v: string): string {
  if (!v.includes('\n')) return goQuote(v);
  const lines = v.split('\n');
  const last = lines.pop()!;
  const block = lines.map((l) => `\t${l}\n`).join('');
  return last === '' ? `<\n${block} >` : `<\n${block}\t${last}\n >`;
}

/** An Error line (`E…`), which klog prints whatever -v is: `msg` quoted, then its key/value pairs. */
export function klogError(simMs: number, at: string, msg: string, pairs: readonly (readonly [string, KlogValue])[]): string {
  let text = goQuote(msg);
  for (const [k, value] of pairs) text += ` ${k}=${typeof value !== 'string' ? String(value) : klogString(value)}`;
  return `E${klogTime(simMs)} ${String(KUBECTL_PID).padStart(7)} ${at}] ${text}\n`;
}

export class Klog {
  constructor(
    /** The -v level. */
    readonly level: number,
    private readonly now: () => number,
    private readonly write: (text: string) => void,
  ) {}

  enabled(v: number): boolean {
    return this.level >= v;
  }

  /** An Info line: `file:line` is where the real binary logs it; `msg` is printed as is (Infof) unless pairs follow. */
  info(v: number, at: string, msg: string, pairs: readonly (readonly [string, KlogValue])[] = []): void {
    if (this.level < v) return;
    let text = pairs.length ? goQuote(msg) : msg;
    for (const [k, value] of pairs) text += ` ${k}=${typeof value !== 'string' ? String(value) : klogString(value)}`;
    this.write(`I${klogTime(this.now())} ${String(KUBECTL_PID).padStart(7)} ${at}] ${text}\n`);
  }
}

/**
 * `-v=N`, `-v N`, `--v=N`, `--v N`, `-vN`: the last one before a bare `--` wins, as pflag's; 0 when
 * absent or not a number (flags.ts reports a bad value as kubectl does).
 */
export function verbosity(argv: readonly string[]): number {
  let level = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    let value: string | undefined;
    if (a === '-v' || a === '--v') value = argv[++i];
    else if (a.startsWith('--v=')) value = a.slice(4);
    else if (a.startsWith('-v=')) value = a.slice(3);
    else if (/^-v\d+$/.test(a)) value = a.slice(2);
    else continue;
    const n = Number(value);
    if (value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(n)) level = n;
  }
  return level;
}
