/**
 * NetworkPolicies (pkg/apis/networking/validation: ValidateNetworkPolicy and its parts): label
 * selectors, ports (number or IANA name, endPort only after a numeric port), peers (at least one
 * selector or an ipBlock alone), ipBlock CIDRs with strict-subset excepts, at most two known
 * policyTypes. An update may keep any CIDR the old object already had (ValidateNetworkPolicyUpdate).
 */
import type { IPBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from '../../../k8s/types';
import { parseCidr } from '../../../k8s/network-policy';
import { pushAll } from '../../../k8s/arrays';
import type { FieldError } from '../status';
import { forbidden, invalid, notSupported, path, required, type Path } from './field';
import { validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isValidPortName, isValidPortNum, nameIsDNSSubdomain } from '../../../k8s/string-validation';

const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];
const POLICY_TYPES = ['Ingress', 'Egress'];
const CIDR_EXAMPLE = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

function validatePort(port: NetworkPolicyPort, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (port.protocol !== undefined && !PROTOCOLS.includes(port.protocol)) errs.push(notSupported(p.child('protocol'), port.protocol, PROTOCOLS));
  if (port.port !== undefined) {
    if (typeof port.port === 'number') {
      for (const m of isValidPortNum(port.port)) errs.push(invalid(p.child('port'), port.port, m));
      if (port.endPort !== undefined) {
        if (port.endPort < port.port) errs.push(invalid(p.child('endPort'), port.endPort, 'must be greater than or equal to `port`'));
        for (const m of isValidPortNum(port.endPort)) errs.push(invalid(p.child('endPort'), port.endPort, m));
      }
    } else {
      if (port.endPort !== undefined) errs.push(invalid(p.child('endPort'), port.endPort, 'may not be specified when `port` is non-numeric'));
      for (const m of isValidPortName(port.port)) errs.push(invalid(p.child('port'), port.port, m));
    }
  } else if (port.endPort !== undefined) {
    errs.push(invalid(p.child('endPort'), port.endPort, 'may not be specified when `port` is not specified'));
  }
  return errs;
}

function validateCidr(value: string, p: Path, allowed: readonly string[]): FieldError[] {
  if (allowed.includes(value)) return [];
  return parseCidr(value) ? [] : [invalid(p, value, CIDR_EXAMPLE)];
}

function validateIPBlock(b: IPBlock, p: Path, allowed: readonly string[]): FieldError[] {
  if (!b.cidr) return [required(p.child('cidr'))];
  const errs = validateCidr(b.cidr, p.child('cidr'), allowed);
  const cidr = parseCidr(b.cidr);
  if (!cidr) return errs;
  (b.except ?? []).forEach((ex, i) => {
    const ep = p.child('except').index(i);
    pushAll(errs, validateCidr(ex, ep, allowed));
    const e = parseCidr(ex);
    if (!e) return;
    const inside = e.base >= cidr.base && e.base < cidr.base + 2 ** (32 - cidr.bits);
    if (!inside || cidr.bits >= e.bits) errs.push(invalid(ep, ex, 'must be a strict subset of `cidr`'));
  });
  return errs;
}

function validatePeer(peer: NetworkPolicyPeer, p: Path, allowed: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  let peers = 0;
  if (peer.podSelector) {
    peers++;
    pushAll(errs, validateLabelSelector(peer.podSelector, p.child('podSelector')));
  }
  if (peer.namespaceSelector) {
    peers++;
    pushAll(errs, validateLabelSelector(peer.namespaceSelector, p.child('namespaceSelector')));
  }
  if (peer.ipBlock) {
    peers++;
    pushAll(errs, validateIPBlock(peer.ipBlock, p.child('ipBlock'), allowed));
  }
  if (peers === 0) errs.push(required(p, 'must specify a peer'));
  else if (peers > 1 && peer.ipBlock) errs.push(forbidden(p, 'may not specify both ipBlock and another peer'));
  return errs;
}

function validateSpec(np: NetworkPolicy, allowed: readonly string[]): FieldError[] {
  const spec = np.spec ?? { podSelector: {} };
  const p = path('spec');
  const errs = validateLabelSelector(spec.podSelector, p.child('podSelector'));
  (spec.ingress ?? []).forEach((rule, i) => {
    const rp = p.child('ingress').index(i);
    (rule.ports ?? []).forEach((port, j) => pushAll(errs, validatePort(port, rp.child('ports').index(j))));
    (rule.from ?? []).forEach((peer, j) => pushAll(errs, validatePeer(peer, rp.child('from').index(j), allowed)));
  });
  (spec.egress ?? []).forEach((rule, i) => {
    const rp = p.child('egress').index(i);
    (rule.ports ?? []).forEach((port, j) => pushAll(errs, validatePort(port, rp.child('ports').index(j))));
    (rule.to ?? []).forEach((peer, j) => pushAll(errs, validatePeer(peer, rp.child('to').index(j), allowed)));
  });
  const types = spec.policyTypes ?? [];
  if (types.length > POLICY_TYPES.length) {
    errs.push(invalid(p.child('policyTypes'), types, 'may not specify more than two policyTypes'));
    return errs;
  }
  types.forEach((t, i) => {
    if (!POLICY_TYPES.includes(t)) errs.push(notSupported(p.child('policyTypes').index(i), t, POLICY_TYPES));
  });
  return errs;
}

/** Every CIDR the stored policy already has: an update may keep them unvalidated. */
function existingCidrs(old: NetworkPolicy): string[] {
  const peers = [...(old.spec?.ingress ?? []).flatMap((r) => r.from ?? []), ...(old.spec?.egress ?? []).flatMap((r) => r.to ?? [])];
  return peers.flatMap((peer) => (peer.ipBlock ? [peer.ipBlock.cidr, ...(peer.ipBlock.except ?? [])] : []));
}

export function validateNetworkPolicy(np: NetworkPolicy, old: NetworkPolicy | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(np.metadata, old.metadata) : validateObjectMeta(np.metadata, true, nameIsDNSSubdomain);
  pushAll(errs, validateSpec(np, old ? existingCidrs(old) : []));
  return errs;
}
