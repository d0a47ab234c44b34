/**
 * `kubectl attach (POD | TYPE/NAME) -c CONTAINER [-i] [-t] [-q]` (pkg/cmd/attach/attach.go Run):
 * the Pod (a workload's most active Pod, attachable-pod.ts), the container (podcmd's default), the
 * TTY decision (the container's own `tty` wins: kubectl drops -t for a container without one and
 * forces it for one with), SetupTTY, the session notices, then the attach stream; after a raw-TTY
 * session with -i, how to reattach.
 *
 * In the page's terminal, `-it` to a container whose PID 1 is a shell attaches the terminal to that
 * shell exactly as `kubectl run -it` does (kubectl/attach.ts, each typed line one pods/attach,
 * attach-line.ts); `exit` ends PID 1, so the container ends and its restartPolicy decides, while
 * Ctrl+P Ctrl+Q (v1.36's default --detach-keys; another --detach-keys is accepted, not honoured)
 * ends only the session, with the same reattach message.
 *
 * Approximate: without a raw TTY the stream is what the container writes from now on, read from
 * its log as `kubectl logs -f` reads it (container-stream.ts: each line at the moment it was
 * written, until the container stops, the Pod goes or Ctrl+C; kubectl reads the process's stdout,
 * and both carry the same lines). Input piped to `-i` (or the headless runner's empty stdin)
 * reaches PID 1 as one piece, then its end of file (attach-line.ts pipeToPid1).
 */
import type { Container, Pod } from '../../k8s/types';
import { CmdError, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, requestTimeout, type Env } from '../env';
import { attachment, INTERACTIVE_SHELLS } from '../attach';
import { containerOf, viSaveOver } from './exec';
import { attachablePodFor } from './attachable-pod';
import { attachLine, openAttach, pid1Shell, pipeToPid1, reattachMessage, startPid1, stdinCloses } from './attach-line';
import { followStreams } from './container-stream';
import { SESSION_NOTICE } from './run-attach';
import type { CommandResult } from '../types';

export const ATTACH_FLAGS: FlagDef[] = [
  { name: 'container', short: 'c', kind: 'string', values: 'containers' },
  { name: 'stdin', short: 'i', kind: 'bool' },
  { name: 'tty', short: 't', kind: 'bool' },
  { name: 'quiet', short: 'q', kind: 'bool' },
  { name: 'pod-running-timeout', kind: 'duration' },
  { name: 'detach-keys', kind: 'string' },
];

/** FindContainerByName: regular, init, then ephemeral containers. */
function containerSpec(pod: Pod, name: string): Container | undefined {
  const regular = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].find((c) => c.name === name);
  return regular ?? ((pod.spec.ephemeralContainers ?? []).find((c) => c.name === name) as Container | undefined);
}

/** The shell PID 1 runs, as its spec names it (its prompt depends on it); `sh` when the image decides and it is no bash. */
function pid1ShellName(spec: Container | undefined): string {
  const first = spec?.command?.[0] ?? spec?.args?.[0];
  return first !== undefined && INTERACTIVE_SHELLS.has(first) ? first : 'sh';
}

export function runAttach(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, ATTACH_FLAGS, 'kubectl attach');
  const ns = namespaceOf(env, flags);
  const args = flags.args;
  if (args.length === 0) throw plainError('at least 1 argument is required for attach');
  if (args.length > 2) throw plainError(`expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${args.length}: [${args.join(' ')}]`);
  const timeoutMs = flags.duration('pod-running-timeout', 60_000);
  if (timeoutMs <= 0) throw plainError('--pod-running-timeout must be higher than zero');
  const quiet = flags.bool('quiet');
  const stdin = flags.bool('stdin');

  const pod = attachablePodFor(env, args.length === 2 ? `${args[0]!}/${args[1]!}` : args[0]!, ns, timeoutMs);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw plainError(`cannot attach a container in a completed pod; current phase is ${phase}`);
  let container: string;
  try {
    // podcmd writes its "Defaulted container" notice to ErrOut.
    container = containerOf(env, pod, flags.str('container'), quiet);
  } catch (e) {
    if (!(e instanceof CmdError)) throw e;
    throw plainError(`cannot attach to the container: ${e.text.replace(/^error: /, '').replace(/\n$/, '')}`);
  }
  const spec = containerSpec(pod, container);
  let tty = flags.bool('tty');
  if (tty && !spec?.tty) {
    tty = false;
    if (!quiet) env.out.err(`error: Unable to use a TTY - container ${container} did not allocate one\n`);
  } else if (!tty && spec?.tty) {
    // The container was started with a TTY: its stream is a TTY's, whatever was asked.
    tty = true;
  }
  // SetupTTY: no TTY without stdin; a TTY needs stdin to be a terminal (the page's; piped input is not).
  let raw = false;
  if (stdin && tty) {
    if (env.tty && env.stdin === undefined) raw = true;
    else if (!quiet) env.out.err('Unable to use a TTY - input is not a terminal or the right kind of file\n');
  }
  if (!quiet) env.out.err(SESSION_NOTICE);

  if (raw && env.tty) {
    const exec = (script: string, _pid?: number, interruptAt?: number) => attachLine(env, pod, container, script, interruptAt);
    // PID 1 may be the image's own shell (debian's CMD is bash): it says which it is.
    const { started, shell } = startPid1(exec, pid1ShellName(spec));
    if (started.ok) {
      const endPid1 = (code: number): CommandResult => {
        env.sim.exitAttachedShell(pod.metadata.namespace ?? 'default', pod.metadata.name ?? '', container, code);
        return { output: quiet ? [] : [{ stream: 'stdout', text: reattachMessage(pod, container) }], exitCode: 0 };
      };
      const detach = (): CommandResult => ({ output: quiet ? [] : [{ stream: 'stdout', text: reattachMessage(pod, container) }], exitCode: 0 });
      env.tty.attach({ ...attachment({ pod, container, shell, exec, ...pid1Shell(started) }, started.output), endPid1, detach, ...viSaveOver(env, pod, container) });
      return 0;
    }
  }
  const refused = openAttach(env, pod, container, stdin, tty);
  if (refused) throw refused;
  const openedAt = env.sim.now;
  // Input that is no terminal (piped, or the runner's empty stdin) reaches PID 1, then its end.
  if (stdin && spec?.stdin && (env.stdin !== undefined || !env.tty)) pipeToPid1(env, pod, container, env.stdin ?? '', stdinCloses(spec));
  // Without a raw TTY: what the container writes from now on, until it stops, the Pod goes or Ctrl+C.
  followStreams(env, [{ pod, container, prefix: '' }], { timeoutMs: requestTimeout(flags), from: openedAt });
  if (raw && stdin && !quiet) env.out.out(reattachMessage(pod, container));
  return 0;
}
