/**
 * The parity harness: runs one script twice, headless through our port's Session (as the golden
 * transcripts do) and against a served cluster with the real kubectl, one command line at a time,
 * and compares what each command printed, line by line and stream by stream.
 *
 * Waiting commands (`rollout status`, `wait`, `drain`, `delete` that waits for the object to go,
 * `get -w`) wait for real against `--clock manual`. The driver makes them end at the simulated
 * moment the headless runner reached: each line runs headless first, which gives its end time T;
 * then the real kubectl starts, and once it is waiting the served clock advances in steps, never
 * past T. kubectl is waiting when it has sent its first request (its start-up is charged then)
 * and either holds a watch open and has sent nothing for WATCH_QUIET_MS, or, for a command that
 * polls (drain's wait for deletion, a GET every wall second), has sent nothing for POLL_QUIET_MS.
 * Every request a command makes before it waits (the DELETE, the evictions, the cordon)
 * therefore lands at the simulated time of the headless one, the served cluster reaches T with
 * the same commits, and the watch or poll sees what the port saw. A command that ends before T
 * (or makes no request, so is never charged its start-up) is followed by an advance to T, so the
 * next line starts where the headless line starts. What this cannot reproduce: a command that
 * writes while it waits on a wall-clock timer (drain's eviction retry every 5 s behind a
 * PodDisruptionBudget) writes at a different simulated time; the parity script has none.
 *
 * `sim` lines go to the control endpoint (`POST /reconcile/v1/sim`), whose answer is the
 * directive's own output.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:https';
import { parseScript, tokenize } from '../k8s/script';
import { Session } from '../kubectl/session';
import type { KubectlBinary } from './kubectl-binary.testing';
import { kubectlEnv } from './served.testing';
import type { Served } from './start';

/** Wall time without a request after which a kubectl holding a watch open counts as waiting. */
const WATCH_QUIET_MS = 100;
/** The same for a kubectl without a watch: longer than any pause between its own requests, shorter than drain's 1 s poll. */
const POLL_QUIET_MS = 700;
/** The most simulated time one step moves the served clock: small under a watch (get -w's AGE cells), larger under a poll. */
const WATCH_STEP_MS = 1_000;
const POLL_STEP_MS = 5_000;
/** Wall time a kubectl may take to exit once the served clock is at the headless end time. */
const EXIT_GRACE_MS = 15_000;
const POLL_MS = 20;

export interface Printed {
  stdout: string;
  stderr: string;
  code: number;
}

export interface ParityLine {
  /** The command as the script runs it (here-document removed). */
  command: string;
  headless: Printed;
  served: Printed;
  /** Simulated ms the served clock was moved after the command exited, to meet the headless end. */
  realigned: number;
  /**
   * Requests the real kubectl sent (0 for a `sim` line). One that sent none (a flag or file
   * error found before its first request) was never charged its start-up, which the port charges
   * every line: its realignment is that start-up.
   */
  requests: number;
  /** Wall time the served run of the line took. */
  wallMs: number;
}

/** A line allowed to differ, for one command, with the reason it differs. */
export interface KnownDifference {
  /** The script line (exactly as the script runs it) the difference belongs to. */
  command: string;
  stream: 'stdout' | 'stderr';
  /** Which of the headless lines may differ. */
  line: RegExp;
  /** Only this part may differ (both sides compared with it masked); without it, the whole line. */
  mask?: RegExp;
  /**
   * A line printed by one side only (a field the other kubectl version does not print): the
   * lines of that side matching `line` are left out before the comparison.
   */
  only?: 'headless' | 'served';
  reason: string;
}

export interface ParityOptions {
  kubectl: KubectlBinary;
  served: Served;
  /** kubectl's HOME (its discovery cache) and the directory relative paths are read from. */
  home: string;
  cwd: string;
  session: Session;
}

/** Runs every command of `script` headless and served, in order. */
export async function runParity(script: string, opts: ParityOptions): Promise<ParityLine[]> {
  const parsed = parseScript(script);
  if (!parsed.ok) throw new Error(`script:${parsed.line}: ${parsed.message}`);
  const lines: ParityLine[] = [];
  for (const cmd of parsed.commands) {
    const res = opts.session.run(cmd.text, cmd.stdin);
    const text = (s: 'stdout' | 'stderr'): string => res.output.filter((c) => c.stream === s).map((c) => c.text).join('');
    const headless: Printed = { stdout: text('stdout'), stderr: text('stderr'), code: res.exitCode };
    const target = opts.session.sim.now;
    const started = Date.now();
    const { printed: served, requests } = cmd.text.startsWith('sim ') ? { printed: await control(opts.served, cmd.text), requests: 0 } : await driveKubectl(opts, cmd.text, cmd.stdin, target);
    const behind = target - opts.served.cluster.sim.now;
    if (behind > 0) opts.served.cluster.advance(behind);
    lines.push({ command: cmd.text, headless, served, realigned: Math.max(0, behind), requests, wallMs: Date.now() - started });
  }
  return lines;
}

/** The control endpoint's answer to one `sim` line, as the line's printed output. */
async function control(served: Served, line: string): Promise<Printed> {
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${served.url}/reconcile/v1/sim`, { method: 'POST', ca: served.caCert, headers: { Authorization: `Bearer ${served.credentials.tokens['kubernetes-admin']}`, 'Content-Type': 'text/plain' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: body }));
    });
    req.on('error', reject);
    req.end(line);
  });
  const json = JSON.parse(text) as { results?: { exitCode: number; stdout: string; stderr: string }[]; message?: string };
  const results = json.results ?? [];
  if (status !== 200 && status !== 422) return { stdout: '', stderr: json.message ?? text, code: status };
  return { stdout: results.map((r) => r.stdout).join(''), stderr: results.map((r) => r.stderr).join(''), code: results.at(-1)?.exitCode ?? 0 };
}

/** Runs one kubectl line with the real binary, moving the served clock while it waits (above). */
async function driveKubectl(opts: ParityOptions, line: string, stdin: string | undefined, target: number): Promise<{ printed: Printed; requests: number }> {
  const tok = tokenize(line);
  if (!tok.ok || tok.argv[0] !== 'kubectl') throw new Error(`not a kubectl line: ${line}`);
  const cluster = opts.served.cluster;
  let requests = 0;
  let watches = 0;
  let lastRequest = Date.now();
  // Every request, resource or not, is charged through here first (cluster.ts); every served
  // watch subscribes to the feed (watch.ts) until its connection ends.
  const charge = cluster.charge.bind(cluster);
  cluster.charge = (invocation) => {
    requests++;
    lastRequest = Date.now();
    charge(invocation);
  };
  const subscribe = cluster.feed.subscribe.bind(cluster.feed);
  cluster.feed.subscribe = (listener) => {
    watches++;
    const off = subscribe(listener);
    let open = true;
    return () => {
      if (open) watches--;
      open = false;
      off();
    };
  };
  try {
    const child = spawn(opts.kubectl.path, tok.argv.slice(1), { cwd: opts.cwd, env: kubectlEnv(opts.served, opts.home) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdin.end(stdin ?? '');
    let code: number | undefined;
    const exited = new Promise<void>((resolve) => child.on('close', (c, signal) => ((code = c ?? (signal ? 128 : 1)), resolve())));
    let atTarget: number | undefined;
    while (code === undefined) {
      await Promise.race([exited, sleep(POLL_MS)]);
      if (code !== undefined) break;
      const now = Date.now();
      if (cluster.sim.now >= target) {
        atTarget ??= now;
        if (now - atTarget > EXIT_GRACE_MS) {
          child.kill('SIGKILL');
          await exited;
          stderr += `[parity: still running ${EXIT_GRACE_MS} ms after the served clock reached the headless end time; killed]\n`;
        }
        continue;
      }
      const watching = watches > 0;
      if (requests > 0 && now - lastRequest >= (watching ? WATCH_QUIET_MS : POLL_QUIET_MS)) {
        cluster.advance(Math.min(watching ? WATCH_STEP_MS : POLL_STEP_MS, target - cluster.sim.now));
        lastRequest = Date.now();
      }
    }
    return { printed: { stdout, stderr, code: code ?? 1 }, requests };
  } finally {
    delete (cluster as { charge?: unknown }).charge;
    delete (cluster.feed as { subscribe?: unknown }).subscribe;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

/**
 * Compares every command's output line by line; returns a readable report of every difference
 * no KnownDifference allows (empty: the transcripts agree), and the known differences never seen.
 */
export function compareParity(lines: ParityLine[], known: KnownDifference[]): { report: string; unused: KnownDifference[] } {
  const used = new Set<KnownDifference>();
  const out: string[] = [];
  for (const l of lines) {
    const problems: string[] = [];
    if (l.headless.code !== l.served.code) problems.push(`  exit code: headless ${l.headless.code}, served ${l.served.code}`);
    for (const stream of ['stdout', 'stderr'] as const) {
      const all = known.filter((k) => k.command === l.command && k.stream === stream);
      const rules = all.filter((k) => k.only === undefined);
      const oneSided = (side: 'headless' | 'served'): string[] =>
        splitLines(l[side][stream]).filter((text) => {
          const rule = all.find((k) => k.only === side && k.line.test(text));
          if (rule) used.add(rule);
          return !rule;
        });
      const want = oneSided('headless');
      const got = oneSided('served');
      for (let i = 0; i < Math.max(want.length, got.length); i++) {
        const w = want[i];
        const g = got[i];
        if (w === g) continue;
        const rule = w !== undefined && g !== undefined ? rules.find((k) => k.line.test(w) && (k.mask === undefined || w.replace(k.mask, '\u2026') === g.replace(k.mask, '\u2026'))) : undefined;
        if (rule) {
          used.add(rule);
          continue;
        }
        problems.push(`  ${stream} line ${i + 1}:`, `    - ${w === undefined ? '(none)' : JSON.stringify(w)}`, `    + ${g === undefined ? '(none)' : JSON.stringify(g)}`);
      }
    }
    if (problems.length) out.push(`$ ${l.command}${l.realigned ? `   (served clock realigned by ${l.realigned} ms)` : ''}`, ...problems);
  }
  const report = out.length ? ['headless (-) and served with the real kubectl (+) differ:', ...out].join('\n') : '';
  return { report, unused: known.filter((k) => !used.has(k)) };
}
