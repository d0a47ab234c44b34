/**
 * `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] -- COMMAND [args...]` (pkg/cmd/exec):
 * the Pod is read, the container chosen on the client (podcmd.FindOrDefaultContainerByName), then
 * one `POST pods/<name>/exec` that kube-apiserver upgrades and proxies to the kubelet, which runs
 * the command in the container's process model with the cluster's time (each step reads the
 * cluster at its moment; the answer comes as far into the command as the World went, and what is
 * left of it is kubectl's to wait: ShellReply.startedAt). The command's exit status becomes kubectl's
 * (checkErr: `command terminated with exit code N`). `-it` with a shell in a terminal that is a
 * TTY (the browser's) attaches the terminal to that shell (kubectl/attach.ts); without one, as
 * in the headless runner, the TTY is dropped with SetupTTY's notice and the shell reads no input.
 */
import type { Pod } from '../../k8s/types';
import { CmdError, fatalText, plainError, usageError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { allContainerNames, containerNames } from './pod-containers';
import { attachablePodFor } from './attachable-pod';
import { attachment, INTERACTIVE_SHELLS, shellReply, STARTUP_SCRIPT, type Attachment, type ShellReply } from '../attach';
import { pid1Shell } from './attach-line';
import { INTERRUPTED_EXIT_CODE, Interrupted, throwIfCutShort } from '../interrupt';
import { waitWhileRunning } from '../exec-wait';
import { followReader, TimedOutput } from '../timed-output';
import { openContainerEditor } from '../container-editor';
import type { ViSave } from '../../engine/index';

export const EXEC_FLAGS: FlagDef[] = [
  { name: 'container', short: 'c', kind: 'string', values: 'containers' },
  { name: 'stdin', short: 'i', kind: 'bool' },
  { name: 'tty', short: 't', kind: 'bool' },
  { name: 'quiet', short: 'q', kind: 'bool' },
  { name: 'filename', short: 'f', kind: 'strings', values: 'files' },
  { name: 'pod-running-timeout', kind: 'duration' },
];

/**
 * FindOrDefaultContainerByName / FindContainerByName, with their notice (to `warn`: exec's stderr)
 * and errors. Since v1.36 (kubectl 23ac98253) a default-container annotation naming no container
 * is the same error as a `-c` naming none, no longer a warning before the first container.
 */
export function containerOf(env: Env, pod: Pod, wanted: string, quiet: boolean, warn: (text: string) => void = (t) => env.out.err(t)): string {
  const every = containerNames(pod);
  const name = wanted || pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'] || '';
  if (name) {
    if (!every.includes(name)) throw plainError(`container ${name} is not valid for pod ${pod.metadata.name ?? ''} out of: ${allContainerNames(pod)}`);
    return name;
  }
  const first = pod.spec.containers[0]?.name;
  if (first === undefined) throw plainError(`pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} does not have any containers`);
  if (!quiet && every.length > 1) warn(`Defaulted container "${first}" out of: ${allContainerNames(pod)}\n`);
  return first;
}

export function runExec(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EXEC_FLAGS, 'kubectl exec');
  const ns = namespaceOf(env, flags);
  const atDash = flags.afterDash === undefined ? -1 : flags.args.length - flags.afterDash.length;
  const args = flags.args;
  const resource = args.length > 0 && atDash !== 0 ? args[0]! : '';
  let command: string[] = [];
  if (atDash === 0 || atDash === 1) command = args.slice(atDash);
  else if (args.length > 1) throw usageError('exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead', 'kubectl exec');
  if (!resource && flags.list('filename').length === 0) throw plainError('pod, type/name or --filename must be specified');
  if (command.length === 0) throw plainError('you must specify at least one command for the container');
  if (!resource) throw plainError('exec -f is not available in this simulator; name the Pod instead');
  const quiet = flags.bool('quiet');
  const tty = flags.bool('stdin') && flags.bool('tty');
  let stdin = flags.bool('stdin') ? env.stdin : undefined;
  const attach = tty && stdin === undefined && env.tty !== undefined && command.length === 1 && INTERACTIVE_SHELLS.has(command[0]!);
  // The runner's stdin is not a terminal and holds nothing more for the command: an empty input.
  if (tty && stdin === undefined && env.tty === undefined) stdin = '';

  const pod = attachablePodFor(env, resource, ns, flags.duration('pod-running-timeout', 60_000));
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw plainError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  const container = containerOf(env, pod, flags.str('container'), quiet);
  // SetupTTY: piped input is not a terminal, so the TTY is dropped with this notice.
  if (stdin !== undefined && flags.bool('tty') && !quiet) env.out.err('Unable to use a TTY - input is not a terminal or the right kind of file\n');

  const exec = (cmd: string[], input: string | undefined, withTty: boolean, ttyShell?: number, interruptAt?: number): ShellReply => execOnce(env, pod, container, cmd, input, withTty, ttyShell, interruptAt);
  const { viSave } = viSaveOver(env, pod, container);
  if (attach && env.tty) {
    const shell = command[0]!;
    const started = exec([shell], STARTUP_SCRIPT, true);
    if (started.ok && started.exitCode === 0) {
      env.tty.attach({ ...attachment({ pod, container, shell, exec: (script, pid, interruptAt) => exec([shell], script, true, pid, interruptAt), ...pid1Shell(started) }, started.output), ...(viSave ? { viSave } : {}) });
      return 0;
    }
    return finish(env, started, { pod, container, tty: true });
  }
  // SetupTTY keeps the TTY only for -i and -t with a terminal as stdin (the page's): the command's
  // stdio is then the exec's terminal (tty=true; stderr merged into stdout).
  const withTty = tty && stdin === undefined && env.tty !== undefined;
  // A Ctrl+C (the replay's horizon) reaches the command through its terminal: SIGINT at that moment.
  const reply = execOnce(env, pod, container, command, stdin, withTty, undefined, withTty ? env.sim.horizon : undefined, undefined, withTty);
  // `kubectl exec -it POD -- vi FILE`: vi opened the page's editor (kubectl/container-editor.ts).
  if (reply.ok && reply.editor?.k === 'open' && env.editor && viSave) openContainerEditor(env.editor, { namespace: pod.metadata.namespace ?? 'default', pod: pod.metadata.name ?? '', container }, reply.editor.open, viSave);
  if (withTty && env.tty && reply.ok && reply.shell && !reply.shell.ended) {
    // The command waits at its own prompt (redis-cli): the terminal is its until it exits.
    if (reply.durationMs) env.sim.advance(reply.durationMs);
    if (reply.output) env.out.out(reply.output);
    env.tty.attach(programAttachment(pod, container, reply.shell.pid, reply.shell.prompt ?? '', (line, pid, interruptAt) => exec(command, line, true, pid, interruptAt)));
    return 0;
  }
  return finish(env, reply, { pod, container, tty: withTty });
}

/** The terminal given to a program at its prompt: its lines go to that process (its PID), its prompt is the program's. */
export function programAttachment(pod: Pod, container: string, pid: number, prompt: string, exec: Attachment['exec']): Attachment {
  return { ...attachment({ pod, container, shell: 'sh', exec, ttyShell: pid, prompt }, ''), raw: true };
}

/**
 * Where the page editor's answer to a `vi` on a terminal into `container` goes: to vi over an exec
 * stream (ExecOptions.viSave), as the keys typed into it would. Under an attach (`kubectl run
 * -it`) the keys would travel on the attach stream; an exec reaches the same container's files
 * (approximate: RBAC asks `create pods/exec` for it). None without the page's editor.
 */
export function viSaveOver(env: Env, pod: Pod, container: string): { viSave?: (save: ViSave) => ShellReply } {
  return env.editor ? { viSave: (save) => execOnce(env, pod, container, ['vi'], undefined, true, undefined, undefined, save) } : {};
}

/**
 * One `POST pods/<name>/exec`: how the command ended, or the text kubectl prints for the failure.
 * `keepsTerminal`: stdin is the page's terminal, open for lines typed later (ExecOptions.keepsTerminal).
 */
export function execOnce(env: Env, pod: Pod, container: string, command: string[], stdin: string | undefined, tty: boolean, ttyShell?: number, interruptAt?: number, viSave?: ViSave, keepsTerminal = false): ShellReply {
  const res = env.client.raw({
    verb: 'create',
    resource: 'pods',
    subresource: 'exec',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    execOptions: { container, command, ...(stdin !== undefined ? { stdin } : {}), ...(tty ? { tty } : {}), ...(ttyShell !== undefined ? { ttyShell } : {}), ...(interruptAt !== undefined ? { interruptAt } : {}), ...(viSave ? { viSave } : {}), ...(tty && env.editor ? { editor: true as const } : {}), ...(keepsTerminal ? { keepsTerminal } : {}), ...(tty && env.tty?.columns !== undefined ? { columns: env.tty.columns } : {}) },
  });
  if (!res.ok) return { ok: false, text: fatalText(res.error), exitCode: 1 };
  const outcome = res.exec;
  if (!outcome) return { ok: true, exitCode: 0, output: '' };
  if (outcome.type === 'upgrade-failed') return { ok: false, text: plainError(`unable to upgrade connection: ${outcome.message}`).text, exitCode: 1 };
  // Without a TTY the streams stay apart, as kubectl copies each to its own.
  return shellReply(outcome, !tty);
}

/** The stream a command runs over: a Ctrl+C with a TTY reaches the command, without one it stops kubectl. */
interface ExecStream {
  pod: Pod;
  container: string;
  tty: boolean;
}

/**
 * A Ctrl+C while the command runs. With a TTY the ^C is the remote terminal's: the command dies
 * of SIGINT and its status comes back (`command terminated with exit code 130`). Without one it
 * is kubectl's own: kubectl dies of SIGINT, printing nothing (the shell's `$?` is 130).
 */
function interrupted(stream: ExecStream, e: unknown): never {
  if (e instanceof Interrupted && stream.tty) throw new CmdError(`command terminated with exit code ${INTERRUPTED_EXIT_CODE}\n`, INTERRUPTED_EXIT_CODE);
  throw e;
}

function finish(env: Env, reply: ShellReply, stream?: ExecStream): number {
  if (!reply.ok) throw new CmdError(reply.text, reply.exitCode);
  // What the command writes comes out as the simulation reaches the moment it wrote it
  // (timed-output.ts), while kubectl waits for it to return or, for one that has not ended,
  // keeps the terminal (exec-wait.ts); a Ctrl+C stops the wait, and what it wrote up to then stays.
  const written = TimedOutput.of(env, reply.streams ?? [{ stream: 'stdout', text: reply.output }]);
  const target = stream && { namespace: stream.pod.metadata.namespace ?? 'default', pod: stream.pod.metadata.name ?? '', container: stream.container };
  const file = reply.follow && target ? followReader(env.sim, env.out, target, reply.follow) : undefined;
  // What tail printed before it waited comes before what the file gained since.
  const follow =
    file &&
    ((close: boolean): void => {
      written.upToNow();
      file(close);
    });
  try {
    if (reply.durationMs) {
      const until = env.sim.now + reply.durationMs;
      env.sim.advance(reply.durationMs);
      throwIfCutShort(env.sim, until);
    }
    written.upToNow();
    // A `tail -f` its Ctrl+C ended (-t): what the file gained until then.
    if (!reply.running) follow?.(true);
    if (reply.running && target) {
      const end = waitWhileRunning(env.sim, target.namespace, target.pod, target.container, undefined, follow, reply.startedAt);
      written.upToNow();
      // The runner's bound on a wait: it stops without a word, as `logs -f` does.
      if (end === 'capped') return 0;
      // The container stopped: the runtime killed the exec'd process with it (SIGKILL).
      throw new CmdError('command terminated with exit code 137\n', 137);
    }
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    written.upToNow();
    if (stream) interrupted(stream, e);
    throw e;
  }
  written.rest();
  if (reply.exitCode !== 0) throw new CmdError(`command terminated with exit code ${reply.exitCode}\n`, reply.exitCode);
  return 0;
}
