/**
 * `sim` directives: what a kubectl user cannot express — moving simulated time, reading the
 * trace, component health, topology. Lessons and scripts use the same lines a student types.
 * Each directive is registered with the flags it reads and its arguments' kind, like kubectl's
 * commands (../commands/registry.ts).
 */
import { TOPOLOGIES } from '../../engine/index';
import type { CommandSpec } from '../command-spec';
import type { Session } from '../session';
import type { Tty } from '../attach';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simAdvance } from './advance';
import { AUDIT_FLAGS, simAudit } from './audit';
import { CURL_FLAGS, simCurl } from './curl';
import { simEtcd } from './etcd';
import { CONTROLLER_VERBS, simController } from './controller';
import { FAIL_FLAGS, simFail, simRecover } from './faults';
import { LOAD_FLAGS, simLoad } from './load';
import { simSsh } from './ssh';
import { simStatus } from './status';
import { simTrace, TRACE_FLAGS } from './trace';
import { TOPOLOGY_FLAGS } from '../../k8s/sim-topology';
import { simTopology } from './topology';
import { simWhy, WHY_FLAGS } from './why';

export const SIM_HELP = `sim directives:
  sim advance <duration>          let simulated time pass (e.g. 30s, 5m, 1h30m)
  sim audit [--tail N] [--user U] [--verb V]
                                  kube-apiserver's audit log (audit.k8s.io/v1 Events, JSON lines)
  sim trace [--last N] [--all] [--kind K,...] [--object KIND/NAME]...
                                  print the messages between components
  sim status                      every component, where it runs and its health
  sim why pod/<name> [-n NS]      why a Pod is on its node, or still Pending: each node's verdict
  sim topology basic|ha           rebuild the cluster with another shape
    [--nodes N]                   … with N workers (3 by default, up to 5000)
    [--scale-mode on|off]         … keep a window of the trace and exact counts beyond it
                                  (on by default past 100 workers)
                                  (ha --etcd-members 5: five control planes, quorum 3)
    [--cloud-provider sim]        … with a cloud-controller-manager (LoadBalancer IPs, node init)
    [--runtime containerd|cri-o|mixed]
                                  … with CRI-O on every node, or on the last worker only (mixed)
    [--proxy-mode iptables|nftables]
                                  … with kube-proxy in nftables mode
    [--leader-elect-lease-duration|--leader-elect-renew-deadline|--leader-elect-retry-period C=D]
                                  … with a component's leader-election timings (e.g. kube-scheduler=5s)
  sim fail <target>               stop a component, an instance or a node part; power off (node/N)
                                  or cut off (network/N) a node
  sim fail latency/<component|node> [--delay 2s]
                                  delay every watch event kube-apiserver sends to kube-scheduler,
                                  kube-controller-manager or a node's processes (latency/kube-apiserver:
                                  to everyone); default 2s
  sim fail watch-drop/<component> kube-apiserver silently stops delivering watch events to
                                  kube-scheduler, kube-controller-manager, kubelet/<node> or
                                  kube-proxy/<node>; the watches stay open, the caches go stale;
                                  recover closes them and the Reflectors relist
  sim fail disk-latency/<etcd member> [--delay 500ms]
                                  slow an etcd member's WAL fsync (disk-latency/etcd: every member);
                                  writes wait for the slowest disk a quorum needs
  sim fail --list                 every fault target and its state
  sim recover <target>            let a failed target start again
  sim etcd restore <snapshot>     roll the cluster's stored state back to an etcdctl snapshot
  sim curl <service>[:port][/path] --from <node> [-n NS]
                                  an HTTP GET from a node through its kube-proxy rules
  sim load <service> --rps N [-n NS]
                                  steady traffic to a Service through the nodes' kube-proxy
                                  rules: its Pods share it and their CPU rises (kubectl top, HPA);
                                  --off (or --rps 0) stops it
  sim ssh <node> [-- <command>]   run a command on a node as root: crictl ps|pods|images|logs,
                                  journalctl -u kubelet, systemctl, kubeadm, ip, iptables-save,
                                  ls/cat/mv/sed -i under /etc/kubernetes/manifests, …; without a
                                  command, log in to the node's shell (exit to leave)
  sim controller start|stop sample
                                  run or stop kubernetes/sample-controller (Foo -> Deployment)
  sim help                        this list
`;

export type SimDirective = CommandSpec<(session: Session, argv: string[], tty?: Tty) => CommandResult>;

export const SIM_DIRECTIVES: Record<string, SimDirective> = {
  advance: { run: simAdvance, flags: [], positional: 'none', aliases: ['wait'] },
  audit: { run: simAudit, flags: AUDIT_FLAGS, positional: 'none' },
  controller: { run: simController, flags: [], positional: 'none', subcommands: CONTROLLER_VERBS },
  curl: { run: simCurl, flags: CURL_FLAGS, positional: 'service' },
  etcd: { run: simEtcd, flags: [], positional: 'none', subcommands: ['restore'] },
  fail: { run: simFail, flags: FAIL_FLAGS, positional: 'fault-target' },
  help: { run: () => ok(SIM_HELP), flags: [], positional: 'none', aliases: ['--help', '-h'] },
  load: { run: simLoad, flags: LOAD_FLAGS, positional: 'service' },
  recover: { run: simRecover, flags: [], positional: 'fault-target' },
  ssh: { run: simSsh, flags: [], positional: 'nodes' },
  status: { run: simStatus, flags: [], positional: 'none' },
  topology: { run: simTopology, flags: TOPOLOGY_FLAGS, positional: 'none', subcommands: TOPOLOGIES },
  trace: { run: simTrace, flags: TRACE_FLAGS, positional: 'none' },
  why: { run: simWhy, flags: WHY_FLAGS, positional: 'pod' },
};

function directive(word: string): SimDirective | undefined {
  for (const [name, d] of Object.entries(SIM_DIRECTIVES)) if (name === word || d.aliases?.includes(word)) return d;
  return undefined;
}

/** `tty`: the terminal, when the line was typed at it (an interactive `sim ssh NODE` takes it over). */
export function runSim(session: Session, argv: string[], tty?: Tty): CommandResult {
  const [sub, ...rest] = argv;
  if (sub === undefined) return fail(`error: a sim directive is required\n${SIM_HELP}`);
  const d = directive(sub);
  return d ? d.run(session, rest, tty) : fail(`error: unknown sim directive "${sub}"\n${SIM_HELP}`);
}
