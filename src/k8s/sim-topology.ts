/**
 * `sim topology basic|ha [--nodes N] [--scale-mode on|off] [--cloud-provider sim] [--leader-elect-lease-duration C=D] …`
 * read and checked: the words after `sim topology` become the shape and options to build, or the
 * error the command prints instead of rebuilding anything. The Session's `sim topology`
 * (src/kubectl/sim/topology.ts) rebuilds with what this returns; the page asks "Leave the
 * lesson?" only for a line whose words this accepts (src/ui/terminal/rebuild.ts), so a line that
 * would only print its usage error runs as it would anywhere else. One reading for both.
 */
import { CNI_PLUGINS, DEFAULT_CNI, electionTimingsError, LEADER_ELECTED, MAX_WORKERS, PROXY_MODES, RUNTIME_CHOICES, TOPOLOGIES } from './cluster-options';
import type { ClusterOptions, CniPlugin, LeaderElectedComponent, LeaderElectionTimings, ProxyMode, RuntimeChoice, TopologyName } from './cluster-options';
import { simFlag, type SimFlagDef } from './sim-flags';
import { parseDuration } from './time';

/** The flags `sim topology` reads (and registers, for completion: src/kubectl/sim/index.ts). */
export const TOPOLOGY_FLAGS = [
  { name: 'nodes', kind: 'string' },
  { name: 'scale-mode', kind: 'string' },
  { name: 'cloud-provider', kind: 'string' },
  { name: 'identity-lease-renewal', kind: 'bool' },
  { name: 'runtime', kind: 'string' },
  { name: 'proxy-mode', kind: 'string' },
  { name: 'cni', kind: 'string' },
  { name: 'etcd-members', kind: 'string' },
  { name: 'leader-elect-lease-duration', kind: 'stringArray' },
  { name: 'leader-elect-renew-deadline', kind: 'stringArray' },
  { name: 'leader-elect-retry-period', kind: 'stringArray' },
] as const satisfies readonly SimFlagDef[];

const TIMING_FIELD: Record<string, keyof LeaderElectionTimings> = {
  'leader-elect-lease-duration': 'leaseDuration',
  'leader-elect-renew-deadline': 'renewDeadline',
  'leader-elect-retry-period': 'retryPeriod',
};

const DEFAULTS = { leaseDuration: 15_000, renewDeadline: 10_000, retryPeriod: 2_000 };

function usage(): string {
  return `error: usage: sim topology ${TOPOLOGIES.join('|')} [--nodes N] [--cloud-provider sim] [--identity-lease-renewal] [--runtime containerd|cri-o|mixed] [--proxy-mode iptables|nftables] [--cni kindnet|calico|flannel] [--etcd-members 3|5] [--leader-elect-lease-duration COMPONENT=DURATION] [--leader-elect-renew-deadline COMPONENT=DURATION] [--leader-elect-retry-period COMPONENT=DURATION]`;
}

/** The cluster a `sim topology` line asks for. */
export interface TopologyRequest {
  name: TopologyName;
  options: ClusterOptions;
}

/** The words after `sim topology` as the cluster to build, or the error line the command prints instead. */
export function parseTopology(argv: readonly string[]): TopologyRequest | string {
  let name: TopologyName | undefined;
  const options: ClusterOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(TOPOLOGY_FLAGS, a);
    if (!f) {
      if (a.startsWith('-')) return `error: unknown flag: ${a}`;
      if (name !== undefined || !TOPOLOGIES.includes(a as TopologyName)) return usage();
      name = a as TopologyName;
      continue;
    }
    if (f.def.name === 'identity-lease-renewal') {
      // The apiservers renew their identity Leases every 10 s (off by default: src/engine/apiserver/identity-lease.ts).
      options.identityLeaseRenewal = true;
      continue;
    }
    const v = f.inline ?? argv[++i];
    if (v === undefined) return `error: flag needs an argument: ${a}`;
    // How many workers: the classroom's 3 up to Kubernetes' 5,000-node envelope.
    if (f.def.name === 'nodes') {
      const n = /^\d+$/.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= MAX_WORKERS)) return `error: invalid --nodes "${v}": a whole number of worker nodes from 1 to ${MAX_WORKERS}`;
      if (n !== 3) options.workers = n;
      continue;
    }
    // Scale mode (a bounded trace window with exact counts beyond it): on by default past 100 workers.
    if (f.def.name === 'scale-mode') {
      if (v !== 'on' && v !== 'off') return `error: invalid --scale-mode "${v}": on or off`;
      options.scaleMode = v === 'on';
      continue;
    }
    // The nodes' CRI runtime (mixed: the last worker runs CRI-O) and kube-proxy's mode.
    if (f.def.name === 'runtime') {
      if (!RUNTIME_CHOICES.includes(v as RuntimeChoice)) return `error: unknown runtime "${v}": one of ${RUNTIME_CHOICES.join(', ')}`;
      if (v !== 'containerd') options.runtime = v as RuntimeChoice;
      continue;
    }
    if (f.def.name === 'proxy-mode') {
      if (!PROXY_MODES.includes(v as ProxyMode)) return `error: unknown proxy mode "${v}": one of ${PROXY_MODES.join(', ')}`;
      if (v !== 'iptables') options.proxyMode = v as ProxyMode;
      continue;
    }
    // The pod network's plugin: kindnet (the default) and calico enforce NetworkPolicy, flannel does not.
    if (f.def.name === 'cni') {
      if (!CNI_PLUGINS.includes(v as CniPlugin)) return `error: unknown CNI plugin "${v}": one of ${CNI_PLUGINS.join(', ')}`;
      if (v !== DEFAULT_CNI) options.cni = v as CniPlugin;
      continue;
    }
    // Stacked etcd: one member per control-plane machine, so 5 members means 5 control planes.
    if (f.def.name === 'etcd-members') {
      if (v !== '3' && v !== '5') return `error: invalid --etcd-members "${v}": 3 or 5 (stacked on as many control-plane nodes; ha only)`;
      if (v === '5') options.etcdMembers = 5;
      continue;
    }
    if (f.def.name === 'cloud-provider') {
      if (v !== 'sim') return `error: unknown cloud provider "${v}": the simulated cloud is "sim"`;
      options.cloudProvider = v;
      continue;
    }
    const eq = v.indexOf('=');
    const component = v.slice(0, eq) as LeaderElectedComponent;
    const ms = eq < 0 ? undefined : parseDuration(v.slice(eq + 1));
    if (eq < 0 || !LEADER_ELECTED.includes(component)) return `error: --${f.def.name} takes COMPONENT=DURATION, COMPONENT one of ${LEADER_ELECTED.join(', ')}`;
    if (ms === undefined || ms <= 0) return `error: invalid duration "${v.slice(eq + 1)}" for --${f.def.name}`;
    const le = (options.leaderElection ??= {});
    (le[component] ??= {})[TIMING_FIELD[f.def.name]!] = ms;
  }
  if (!name) return usage();
  if (options.etcdMembers !== undefined && name !== 'ha') return 'error: --etcd-members applies to the ha topology';
  for (const [component, t] of Object.entries(options.leaderElection ?? {})) {
    if (component === 'cloud-controller-manager' && !options.cloudProvider) return 'error: cloud-controller-manager runs only with --cloud-provider sim';
    const err = electionTimingsError({ ...DEFAULTS, ...t });
    if (err) return `error: ${component}: ${err}`;
  }
  return { name, options };
}
