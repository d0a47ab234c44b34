/**
 * kubectl: argv in, kubectl's exact output out. Talks to the cluster only through the
 * Simulation's apiserver client (sim.request / sim.rawRequest) and advances simulated time for
 * waiting commands. Nothing escapes as an exception: command failures are CmdErrors, and a bug
 * here becomes `error: internal error: ...` with exit code 1.
 */
import type { LaptopPort } from './laptop';
import { WORKSTATION_HOME, type Impersonation, type Simulation, type Workstation } from '../engine/index';
import type { CommandResult, FileSource } from './types';
import type { Tty } from './attach';
import type { EditorHost } from './edit-file';
import { Client, KUBECONFIG_USER } from './client';
import { CmdError, plainError } from './errors';
import { INTERRUPTED_EXIT_CODE, Interrupted } from './interrupt';
import { parseFlags, positionalArgs, splitCommand, type FlagDef, type Flags } from './flags';
import { fieldManagerFor } from './field-manager';
import { Output } from './output';
import type { Command, Env } from './env';
import { discoveryFailureLog, readsFiles, requestTimeoutOf } from './discovery-failure';
import { HELP, ROOT_COMMANDS, UNSUPPORTED, notAvailable } from './commands/help';
import { unknownCommandText } from '../k8s/cobra-suggest';
import { asksForHelp, printCommandHelp, runHelp, runOptions } from './help/print';
import { commandFlags, helpTopic } from './help/topics';
import { COMMANDS } from './commands/registry';
import { runAlpha } from './commands/alpha';
import { defaultKubeconfig, type KubeadmPem, type Kubeconfig } from './kubeconfig';
import { loadKubeconfig } from './kubeconfig-load';
import { clientConfig } from './client-config';
import { verbosity } from './klog';
import { startLogging } from './verbose';
import { useAggregatedDiscovery, useDiscovery, useWarnings } from './discovery';

export interface KubectlContext {
  sim: Simulation;
  files: FileSource;
  /** Text piped to `-f -`. */
  stdin?: string;
  /** The learner's kubeconfig (a Session's, so `config use-context` lasts); a fresh admin.conf when absent. */
  kubeconfig?: Kubeconfig;
  /** The terminal is a TTY a shell can attach to (`kubectl exec -it POD -- sh`). */
  tty?: Tty;
  /** The page's YAML editor `kubectl edit` opens (a Session typed into at a TTY). */
  editor?: EditorHost;
  /** The learner's machine `kubectl cp` copies to and from (a Session's). */
  workstation?: Workstation;
  /** The servers whose discovery is cached under ~/.kube/cache (a Session's): none until a command first discovers. */
  discoveryCache?: Set<string>;
  /** The KUBECONFIG variable kubectl runs with (a Session's prompt), if set. */
  kubeconfigVariable?: string;
  /** The laptop's sockets and jobs, for the commands that listen (port-forward, proxy); absent: they hold the foreground. */
  laptop?: LaptopPort;
}

/** A command's own arguments without its help flags (`--` and what follows kept as they are). */
function withoutHelp(argv: readonly string[]): string[] {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  return [...own.filter((a) => a !== '--help' && a !== '-h'), ...(dash < 0 ? [] : argv.slice(dash))];
}

function dispatch(env: Env, argv: string[]): number {
  const { words, rest } = splitCommand(argv, (w) => (Object.hasOwn(COMMANDS, w) ? COMMANDS[w] : undefined));
  const word = words[0];
  if (word === undefined) {
    // Bare `kubectl` (global flags allowed) prints the overview; an unknown flag is an error.
    parseFlags(withoutHelp(rest), [], 'kubectl');
    env.out.out(HELP);
    return 0;
  }
  if (word === 'help') return runHelp(env, rest);
  if (word === 'options') return runOptions(env, rest);
  if (word === 'alpha') return runAlpha(env, rest);
  const cmd: Command | undefined = Object.hasOwn(COMMANDS, word) ? COMMANDS[word]!.run : undefined;
  if (cmd) {
    // Everything after `--` belongs to the command kubectl runs (`exec … -- etcdctl --help`).
    const help = asksForHelp(rest);
    // cobra parses the flags of the command it found before it looks at --help, so an unknown flag
    // is still the answer; and a parent named alone is read with its own table, not the union of
    // its subcommands' (`kubectl config --bogus`). A command named with its subcommand parses its
    // own table when it runs.
    if (help || (COMMANDS[word]!.subcommands && words.length === 1)) {
      const path = helpTopic(argv);
      const table = commandFlags(path);
      if (table) parseFlags(withoutHelp(rest), [...table], `kubectl ${path}`);
    }
    if (help) return printCommandHelp(env, argv);
    const impersonation = impersonationOf(rest, COMMANDS[word]!.flags);
    if (impersonation) env.client.impersonate(impersonation);
    // A subcommand's word leads its arguments, as the commands with subcommands expect.
    return cmd(env, words.length > 1 ? [words[1]!, ...rest] : rest);
  }
  if (UNSUPPORTED.includes(word)) throw notAvailable(word);
  // CheckErr's fatal adds a newline only where the text lacks one (the suggestions end in one).
  const text = `error: ${unknownCommandText(word, 'kubectl', ROOT_COMMANDS)}`;
  throw new CmdError(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * `--as`, `--as-group`, `--as-uid` as client-go's rest config carries them into every request's
 * Impersonate-* headers. A line whose flags do not parse is left to the command, which reports
 * the same error; groups or a uid without a user is clientcmd's configuration error.
 */
function impersonationOf(argv: string[], flags: readonly FlagDef[]): Impersonation | undefined {
  let parsed: Flags;
  try {
    parsed = parseFlags(argv, [...flags], 'kubectl');
  } catch {
    return undefined;
  }
  const user = parsed.str('as');
  const groups = parsed.list('as-group');
  const uid = parsed.str('as-uid');
  if (user === '') {
    if (groups.length || uid) throw plainError(`requesting uid, groups or user-extra for ${KUBECONFIG_USER} without impersonating a user`);
    return undefined;
  }
  return { user, ...(groups.length ? { groups } : {}), ...(uid ? { uid } : {}) };
}

export function runKubectl(ctx: KubectlContext, argv: string[]): CommandResult {
  const out = new Output(() => ctx.sim.now);
  const sessionKubeconfig = ctx.kubeconfig ?? defaultKubeconfig(ctx.sim.serverAddress());
  useDiscovery(ctx.sim.customResources());
  useAggregatedDiscovery(ctx.sim.aggregatedResources());
  // Until this invocation's client exists, a warning has nowhere to go.
  useWarnings(() => {});
  try {
    const { words, rest } = splitCommand(argv, (w) => (Object.hasOwn(COMMANDS, w) ? COMMANDS[w] : undefined));
    const pem = (w: KubeadmPem): string => ctx.sim.kubeadmPem(w);
    const writeFile = ctx.workstation && ((path: string, text: string): void => ctx.workstation!.writeFile(path, text));
    const loaded = loadKubeconfig({ sessionKubeconfig, files: ctx.files, cwd: ctx.workstation?.cwd ?? WORKSTATION_HOME, pem, ...(writeFile ? { writeFile } : {}), ...(ctx.kubeconfigVariable ? { variable: ctx.kubeconfigVariable } : {}) }, argv, words);
    const kubeconfig = loaded.kubeconfig;
    const world = { kubeadmPem: pem, dialFromWorkstation: (h: string, p: number) => ctx.sim.dialFromWorkstation(h, p), readFile: (p: string) => ctx.files.readFile(p) };
    const { context, credentials, unreachable, server } = clientConfig(kubeconfig, argv, words, world);
    const client = new Client(ctx.sim, out, credentials, unreachable);
    client.serverUrl = server;
    client.words = words;
    client.discoveryCache = ctx.discoveryCache;
    const spec = words[0] !== undefined && Object.hasOwn(COMMANDS, words[0]) ? COMMANDS[words[0]] : undefined;
    const command = { words, positionals: spec ? positionalArgs(rest, spec.flags) : [], takesResources: spec?.positional === 'resources' };
    client.failOnDiscovery = command.takesResources && !readsFiles(words, argv);
    client.onDiscoveryFailure = (error) => out.err(discoveryFailureLog(command, argv, server ?? `https://${ctx.sim.serverAddress()}`, requestTimeoutOf(argv), error, ctx.sim.now));
    const level = verbosity(argv);
    const finished = level >= 1 ? startLogging(level, ctx.sim, out, client, argv, words) : undefined;
    useWarnings((text) => client.warn(text));
    client.fieldManager = fieldManagerFor(splitCommand(argv).words[0], argv);
    const env: Env = { sim: ctx.sim, files: ctx.files, stdin: ctx.stdin, out, client, kubeconfig, kubeconfigPath: loaded.path, namespace: context?.namespace || 'default', ...(ctx.tty ? { tty: ctx.tty } : {}), ...(ctx.editor ? { editor: ctx.editor } : {}), ...(ctx.workstation ? { workstation: ctx.workstation } : {}), ...(ctx.laptop ? { laptop: ctx.laptop } : {}) };
    const code = dispatch(env, argv);
    loaded.save();
    finished?.(code);
    return out.result(code);
  } catch (e) {
    if (e instanceof Interrupted) return out.result(INTERRUPTED_EXIT_CODE, true);
    if (e instanceof CmdError) {
      out.out(e.stdout);
      out.err(e.text);
      return out.result(e.exitCode);
    }
    out.err(`error: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return out.result(1);
  }
}
