import { queueLen, type CniPlugin, type ComponentState } from '../../engine/index';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { renderTable } from './table';
import { loadLines } from './load';

/** The CNI card: which plugin, and whether it enforces NetworkPolicy (flannel does not). */
function cniDetails(plugin: CniPlugin, isolated: number): string {
  const here = `${isolated} isolated ${isolated === 1 ? 'pod' : 'pods'} here`;
  switch (plugin) {
    case 'kindnet':
      return `kindnet (ptp), enforces NetworkPolicy: ${here}`;
    case 'calico':
      return `Calico (calico-node), enforces NetworkPolicy: ${here}`;
    case 'flannel':
      return 'flannel: does not enforce NetworkPolicy';
    default: {
      const never: never = plugin;
      return String(never);
    }
  }
}

function details(s: Session, c: ComponentState): string {
  switch (c.kind) {
    case 'etcd': {
      const etcd = s.sim.etcdStatus();
      return etcd.leader === c.id ? `raft leader (term ${etcd.term}), revision ${etcd.revision}` : `follower (term ${etcd.term})`;
    }
    case 'kube-apiserver':
      return `${c.address}, ${c.requestsServed} requests served`;
    case 'kube-controller-manager': {
      const depth = Object.values(c.queues).reduce((n, q) => n + queueLen(q), 0);
      return c.leader.isLeader ? `leader of kube-system/kube-controller-manager, ${depth} queued` : 'standby (not leader)';
    }
    case 'cloud-controller-manager': {
      if (!c.leader.isLeader) return 'standby (not leader)';
      const lbs = s.sim.objects('services').filter((o) => (o.status as { loadBalancer?: { ingress?: unknown[] } } | undefined)?.loadBalancer?.ingress?.length).length;
      return `leader of kube-system/cloud-controller-manager, ${lbs} load balancers`;
    }
    case 'kube-scheduler': {
      if (!c.leader.isLeader) return 'standby (not leader)';
      const q = c.queue.counts;
      return `leader of kube-system/kube-scheduler, queue: ${q.active} active, ${q.backoff} backoff, ${q.unschedulable} unschedulable`;
    }
    case 'kubelet': {
      const node = s.sim.storedObject(`nodes/${c.host}`);
      const ready = (node?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions?.find((x) => x.type === 'Ready')?.status;
      let pods = 0;
      for (const p of s.sim.objects('pods')) if ((p.spec as { nodeName?: string }).nodeName === c.host) pods++;
      return `node ${ready === 'True' ? 'Ready' : 'NotReady'}, ${pods} pods bound`;
    }
    case 'kubectl':
      return 'the student\'s client';
    case 'container-runtime':
      return c.impl === 'cri-o' ? 'CRI-O (CRI)' : 'containerd (CRI)';
    case 'cni':
      return cniDetails(c.plugin, Object.keys(c.policy.pods).length);
    case 'csi':
      return 'hostpath.csi.k8s.io driver';
    case 'kube-proxy':
      return 'Service rules';
    default: {
      const never: never = c;
      return String(never);
    }
  }
}

export function simStatus(session: Session, argv: string[]): CommandResult {
  if (argv.length) return fail(`error: unknown argument "${argv[0]}"\nSee 'sim help' for usage.`);
  const rows = session.sim
    .components()
    .filter((c) => c.kind !== 'kubectl')
    .map((c) => [c.id, c.host, c.running ? 'Running' : 'Stopped', details(session, c)]);
  return ok(renderTable(['COMPONENT', 'NODE', 'STATUS', 'DETAILS'], rows) + loadLines(session));
}
