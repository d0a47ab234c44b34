/**
 * `sim topology basic|ha [--nodes N] [--scale-mode on|off] [--cloud-provider sim] [--leader-elect-lease-duration C=D] …`: rebuilds
 * the cluster with another shape, optionally with a cloud-controller-manager and with a
 * leader-elected component's client-go timings changed (they appear as flags in its static Pod's
 * command, as kubeadm's extraArgs would put them there). The words are read and checked by
 * src/k8s/sim-topology.ts, which the page also uses to know whether a typed line will rebuild.
 */
import { parseTopology } from '../../k8s/sim-topology';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';

export function simTopology(session: Session, argv: string[]): CommandResult {
  const parsed = parseTopology(argv);
  if (typeof parsed === 'string') return fail(parsed);
  const { name, options } = parsed;
  session.rebuild(name, session.seed, Object.keys(options).length ? options : undefined);
  const nodes = session.sim.machines().length;
  const cloud = options.cloudProvider ? `, cloud-controller-manager (--cloud-provider=${options.cloudProvider})` : '';
  const cni = options.cni ? `, CNI plugin ${options.cni}` : '';
  const etcd = options.etcdMembers ? `, ${options.etcdMembers} etcd members (quorum ${Math.floor(options.etcdMembers / 2) + 1})` : '';
  return ok(`cluster rebuilt with topology ${name}: ${nodes} nodes, all Ready${cloud}${cni}${etcd}\n`);
}
