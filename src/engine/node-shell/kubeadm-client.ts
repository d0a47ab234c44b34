/**
 * What the kubeadm commands share: their clientset from admin.conf (kubernetes-admin through the
 * cluster's endpoint, as kubeconfigutil.ClientSetFromFile builds it), kubeadm's error exit
 * (cmd/kubeadm/app/util/errors HandleError: the message, then the stack-trace hint, exit 1), its
 * flag parsing (pflag's words and errors) and Go's duration texts kubeadm prints.
 */
import { civil, EPOCH_MS } from '../../k8s/time';
import { ADMIN } from '../apiserver/auth';
import { handleRequest, lbAddress, pickServer, type ApiRequest, type ApiResponse } from '../apiserver/handler';
import { componentId } from '../core/ids';
import type { World } from '../world';
import type { ShellIo } from './io';

/** kubeadm's HandleError: the error, the hint klog's -v=5 would replace with a stack, exit 1. */
export function kubeadmError(io: ShellIo, message: string): number {
  io.err(`${message}\nTo see the stack trace of this error execute with --v=5 or higher\n`);
  return 1;
}

/** A file on the node's disk as kubeadm opens it (host-fs.ts's merged view), undefined when absent. */
export type FileReader = (path: string) => string | undefined;

/** The kubeconfig kubeadm's token commands find (GetKubeConfigPath: ~/.kube/config, then admin.conf, else the first). */
export function tokenKubeconfig(read: FileReader): string {
  return read('/root/.kube/config') === undefined && read('/etc/kubernetes/admin.conf') !== undefined ? '/etc/kubernetes/admin.conf' : '/root/.kube/config';
}

/** clientcmd.LoadFromFile's failure for a missing kubeconfig, wrapped as ClientSetFromFile wraps it. */
export function missingKubeconfig(path: string): string {
  return `failed to load admin kubeconfig: open ${path}: no such file or directory`;
}

/**
 * A request as kubeadm's clientset sends it: as admin.conf's user, to the endpoint admin.conf
 * names (a machine cut off from the network reaches none). Traced as the learner's own action,
 * like kubectl's: the terminal typed it.
 */
export function kubeadmRequest(w: World, node: string, req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse {
  const kubectl = w.components.get(componentId('kubectl'));
  if (!kubectl) return { ok: false, error: { network: true, server: lbAddress(w), message: `dial tcp ${lbAddress(w)}: connect: connection refused` } };
  const server = pickServer(w, { ...kubectl, host: node as typeof kubectl.host });
  if ('network' in server) return { ok: false, error: server };
  return handleRequest(w, server.id, { fieldManager: 'kubeadm', ...req, user: ADMIN, from: kubectl.id });
}

/** A failed request's text as client-go's error prints it: the server's message, or `Verb "URL": dial …`. */
export function requestError(w: World, res: Extract<ApiResponse, { ok: false }>, method: string, path: string): string {
  return 'network' in res.error ? `${method} "https://${lbAddress(w)}${path}": ${res.error.message}` : res.error.message;
}

/**
 * pflag over kubeadm's flags: `--name value`, `--name=value`, `-o value`, `-ovalue`; booleans
 * alone or `=true|false`. Unknown flags fail as pflag words it.
 */
export function parseFlags(args: readonly string[], valued: readonly string[], bools: readonly string[], short: Readonly<Record<string, string>> = {}): { flags: Map<string, string>; rest: string[] } | { error: string } {
  const flags = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (bools.includes(name)) flags.set(name, eq < 0 ? 'true' : a.slice(eq + 1));
      else if (valued.includes(name)) {
        const v = eq < 0 ? args[++i] : a.slice(eq + 1);
        if (v === undefined) return { error: `flag needs an argument: --${name}` };
        flags.set(name, v);
      } else return { error: `unknown flag: --${name}` };
    } else if (a.startsWith('-') && a.length > 1) {
      const name = short[a[1]!];
      if (name === undefined) return { error: `unknown shorthand flag: '${a[1]}' in ${a}` };
      const v = a.length > 2 ? a.slice(a[2] === '=' ? 3 : 2) : args[++i];
      if (v === undefined) return { error: `flag needs an argument: '${a[1]}' in -${a[1]}` };
      flags.set(name, v);
    } else rest.push(a);
  }
  return { flags, rest };
}

/** apimachinery's duration.ShortHumanDuration (RESIDUAL TIME, TTL). */
export function shortHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / 3_600_000);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(ms / 3_600_000 / 24 / 365)}y`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** Go's `Jan 02, 2006 15:04 MST` in UTC (the node's zone), for a Unix time in ms. */
export function expiryDate(unixMs: number): string {
  const c = civil(unixMs);
  return `${MONTHS[c.mo - 1]} ${pad(c.d)}, ${c.y} ${pad(c.h)}:${pad(c.mi)} UTC`;
}

/** The simulated wall clock as Unix ms. */
export const unixNow = (w: World): number => EPOCH_MS + w.now;
