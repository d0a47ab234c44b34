/**
 * Which steps of a container's own script reach the network beyond its Pod (or the node under it). A container's main
 * process runs lazily, ahead of the cluster, from its inputs alone; a `wget http://web` in it
 * must instead run at its moment against the cluster as it then is (kube-proxy's rules, the
 * Service's endpoints, NetworkPolicy). The machine parks before such a step and the runtime wakes
 * it at that time with the live network (node/process-net.ts).
 *
 * The scan is static and errs towards parking: a word that names wget or curl anywhere in the
 * step (its argv, a `$(…)`, an `sh -c` script's text, a compound's body) parks it. A step parked
 * needlessly costs one wake-up at the same simulated time and nothing else; a step missed runs
 * without the cluster (a Service refuses), as every step did before.
 */
import type { ShellNode, Word } from './shell-ast';

/**
 * The tools whose requests go through the cluster's network (net-tools.ts, curl.ts, tools-nc.ts,
 * tools-ping.ts), and chroot, whose program in a hostPath mount of the node's `/` is the node's own
 * (tools-chroot.ts): it too runs at its moment against the node as it then is. redis-cli (redis-cli.ts)
 * and the mysql client (mysql-client.ts) reach other Pods' servers the same way, as does ncat
 * (ncat-clone.ts).
 */
const TOOL = /(?:^|[\s;&|(`'"/=])(?:wget|curl|nc|telnet|ping|apk|apt-get|apt|chroot|redis-cli|mysql|ncat)(?=$|[\s;&|)`'"])/;

const memo = new WeakMap<ShellNode, boolean>();

function wordNames(nodes: readonly ShellNode[], w: Word, seen: Set<number>): boolean {
  let text = '';
  for (const s of w) {
    if (s.t === 'lit') text += s.v;
    else if ((s.t === 'cmd' || s.t === 'procsub') && reaches(nodes, s.root, seen)) return true;
    else if (s.t === 'var' && s.arg && wordNames(nodes, s.arg, seen)) return true;
  }
  return TOOL.test(text);
}

function reaches(nodes: readonly ShellNode[], i: number, seen: Set<number>): boolean {
  const n = nodes[i];
  if (!n || seen.has(i)) return false;
  seen.add(i);
  const cached = memo.get(n);
  if (cached !== undefined) return cached;
  let r: boolean;
  switch (n.t) {
    case 'cmd':
      r = n.words.some((w) => wordNames(nodes, w, seen)) || n.assigns.some((a) => wordNames(nodes, a.value, seen)) || n.redirs.some((x) => wordNames(nodes, x.target, seen));
      break;
    case 'pipe':
      r = n.cmds.some((c) => reaches(nodes, c, seen));
      break;
    case 'and':
    case 'or':
      r = reaches(nodes, n.l, seen) || reaches(nodes, n.r, seen);
      break;
    case 'seq':
      r = n.items.some((c) => reaches(nodes, c, seen));
      break;
    case 'loop':
      r = reaches(nodes, n.cond, seen) || reaches(nodes, n.body, seen);
      break;
    case 'for':
      r = (n.words ?? []).some((w) => wordNames(nodes, w, seen)) || reaches(nodes, n.body, seen);
      break;
    case 'if':
      r = reaches(nodes, n.cond, seen) || reaches(nodes, n.then, seen) || (n.else !== null && reaches(nodes, n.else, seen));
      break;
    case 'group':
      r = reaches(nodes, n.body, seen);
      break;
    case 'case':
      r = wordNames(nodes, n.word, seen) || n.arms.some((a) => a.patterns.some((w) => wordNames(nodes, w, seen)) || reaches(nodes, a.body, seen));
      break;
    case 'cond':
      r = n.items.some((it) => it.k === 'word' && wordNames(nodes, it.word, seen));
      break;
    case 'fndef':
    case 'arith':
      r = false;
      break;
  }
  memo.set(n, r);
  return r;
}

/** Whether running node `i` (with everything inside it) may make a request through the cluster. */
export function usesNetwork(nodes: readonly ShellNode[], i: number): boolean {
  const n = nodes[i];
  if (!n) return false;
  const cached = memo.get(n);
  return cached ?? reaches(nodes, i, new Set());
}
