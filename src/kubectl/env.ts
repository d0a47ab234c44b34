/** What every command receives: the simulation, the output stream and the REST client. */
import type { LaptopPort } from './laptop';
import type { Simulation, Workstation } from '../engine/index';
import type { Client } from './client';
import type { Flags } from './flags';
import type { Output } from './output';
import type { FileSource } from './types';
import type { Kubeconfig } from './kubeconfig';
import type { Tty } from './attach';
import type { EditorHost } from './edit-file';

export interface Env {
  sim: Simulation;
  files: FileSource;
  stdin: string | undefined;
  out: Output;
  client: Client;
  /** The learner's kubeconfig: `kubectl config use-context` changes it for later commands. */
  kubeconfig: Kubeconfig;
  /** Its file as kubectl's messages name it: ~/.kube/config's full path, or `--kubeconfig` as typed. */
  kubeconfigPath: string;
  /**
   * The namespace of the context this invocation runs in (the current one, or `--context`'s),
   * `default` when it names none: what `-n` falls back to. It lives on the Env rather than in a
   * module-level setter so a command never reads another invocation's context.
   */
  namespace: string;
  /** The terminal is a TTY (the browser's, SessionOptions.interactive); absent: stdin is not a terminal. */
  tty?: Tty;
  /** The page's YAML editor, for `kubectl edit` typed at a TTY's prompt; absent: no editor can be launched. */
  editor?: EditorHost;
  /** The learner's machine, which `kubectl cp` reads and writes; absent: no local disk to copy to or from. */
  workstation?: Workstation;
  /** The laptop's sockets and jobs (a Session's): where port-forward and proxy listen. */
  laptop?: LaptopPort;
}

/** A command takes its arguments (after the command words) and returns the exit code. */
export type Command = (env: Env, argv: string[]) => number;

/**
 * The namespace a command works in: `-n`, else the kubeconfig context's (clientcmd's
 * Namespace()). Only `-n` enforces it (`flags.has('namespace')`): a manifest naming another
 * namespace is refused against the flag, never against the context.
 */
export function namespaceOf(env: Env, flags: Flags): string {
  return flags.str('namespace') || env.namespace;
}

/** `--request-timeout` in ms; 0 means none. */
export function requestTimeout(flags: Flags): number {
  return parseRequestTimeout(flags.str('request-timeout'));
}

/** A `--request-timeout` value (`5s`, `1m`, `30`: seconds) in ms; 0 for none or one kubectl would refuse. */
export function parseRequestTimeout(raw: string): number {
  if (raw === '' || raw === '0') return 0;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : undefined;
  if (ms !== undefined) return ms;
  const m = raw.match(/^(\d+(?:\.\d+)?)(ms|s|m|h)$/);
  if (!m) return 0;
  const v = Number(m[1]);
  return m[2] === 'ms' ? v : m[2] === 's' ? v * 1000 : m[2] === 'm' ? v * 60000 : v * 3600000;
}
