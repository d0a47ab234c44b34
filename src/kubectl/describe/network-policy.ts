/**
 * describeNetworkPolicy (kubectl pkg/describe/describe.go): the policy's Spec spelled out rule by
 * rule — what each allows ingress from and egress to, on which ports — or that the selected Pods
 * are isolated, or that a direction is not affected. NetworkPolicies have no Events section.
 */
import type { NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from '../../k8s/types';
import { formatLabelSelector } from '../../k8s/labels';
import { annotationsMultiline, labelsMultiline } from './common';
import { DescribeWriter } from './writer';

const INDENT = '    ';

/** metav1.Time printed with %s: time.Time's String() in kubectl's (UTC) local zone. */
function goTimeString(ts: string | undefined): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(ts ?? '');
  return m ? `${m[1]} ${m[2]} +0000 UTC` : '0001-01-01 00:00:00 +0000 UTC';
}

function ports(w: DescribeWriter, list: NetworkPolicyPort[] | undefined): void {
  if (!list || list.length === 0) {
    w.write(0, `${INDENT}To Port: <any> (traffic allowed to all ports)\n`);
    return;
  }
  for (const port of list) {
    const proto = port.protocol ?? 'TCP';
    // *intstr.IntOrString with %s: a nil pointer prints <nil>.
    const num = port.port === undefined ? '<nil>' : String(port.port);
    if (port.endPort === undefined) w.write(0, `${INDENT}To Port: ${num}/${proto}\n`);
    else w.write(0, `${INDENT}To Port Range: ${num}-${port.endPort}/${proto}\n`);
  }
}

function peers(w: DescribeWriter, list: NetworkPolicyPeer[] | undefined, title: 'From' | 'To', any: string): void {
  if (!list || list.length === 0) {
    w.write(0, `${INDENT}${title}: ${any}\n`);
    return;
  }
  for (const peer of list) {
    w.write(0, `${INDENT}${title}:\n`);
    if (peer.podSelector && peer.namespaceSelector) {
      w.write(1, `${INDENT}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
      w.write(1, `${INDENT}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    } else if (peer.podSelector) w.write(1, `${INDENT}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    else if (peer.namespaceSelector) w.write(1, `${INDENT}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
    else if (peer.ipBlock) {
      w.write(1, `${INDENT}IPBlock:\n`);
      w.write(2, `${INDENT}CIDR: ${peer.ipBlock.cidr}\n`);
      w.write(2, `${INDENT}Except: ${(peer.ipBlock.except ?? []).join(', ')}\n`);
    }
  }
}

function rules(w: DescribeWriter, list: { ports?: NetworkPolicyPort[]; peers?: NetworkPolicyPeer[] }[], dir: 'ingress' | 'egress'): void {
  if (list.length === 0) {
    w.write(0, `${INDENT}<none> (Selected pods are isolated for ${dir} connectivity)\n`);
    return;
  }
  list.forEach((r, i) => {
    ports(w, r.ports);
    if (dir === 'ingress') peers(w, r.peers, 'From', '<any> (traffic not restricted by source)');
    else peers(w, r.peers, 'To', '<any> (traffic not restricted by destination)');
    if (i !== list.length - 1) w.write(0, `${INDENT}----------\n`);
  });
}

export function describeNetworkPolicy(np: NetworkPolicy): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${np.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${np.metadata.namespace ?? ''}\n`);
  w.write(0, `Created on:\t${goTimeString(np.metadata.creationTimestamp)}\n`);
  labelsMultiline(w, 'Labels', np.metadata.labels);
  annotationsMultiline(w, 'Annotations', np.metadata.annotations);
  const spec = np.spec ?? { podSelector: {} };
  w.write(0, 'Spec:\n');
  w.write(1, 'PodSelector: ');
  const sel = spec.podSelector ?? {};
  if (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0) w.write(2, '<none> (Allowing the specific traffic to all pods in this namespace)\n');
  else w.write(2, `${formatLabelSelector(sel)}\n`);
  const types = spec.policyTypes ?? [];
  if (types.includes('Ingress')) {
    w.write(1, 'Allowing ingress traffic:\n');
    rules(w, (spec.ingress ?? []).map((r) => ({ ports: r.ports, peers: r.from })), 'ingress');
  } else w.write(1, 'Not affecting ingress traffic\n');
  if (types.includes('Egress')) {
    w.write(1, 'Allowing egress traffic:\n');
    rules(w, (spec.egress ?? []).map((r) => ({ ports: r.ports, peers: r.to })), 'egress');
  } else w.write(1, 'Not affecting egress traffic\n');
  w.write(1, `Policy Types: ${types.length ? types.join(', ') : '<none>'}\n`);
  return w.toString();
}
