/**
 * Services (ValidateService / ValidateServiceUpdate): DNS-1035 names, ports, types, session
 * affinity, the clusterIP/clusterIPs pair, and clusterIPs that may not change once allocated.
 */
import type { Service, ServicePort } from '../../../k8s/types';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, notSupported, path, required, type Path } from './field';
import { validateLabels, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidIPv4, isValidPortName, isValidPortNum, nameIsDNS1035Label } from '../../../k8s/string-validation';
import { pushAll } from '../../../k8s/arrays';

function isHeadless(s: Service): boolean {
  const ips = s.spec.clusterIPs ?? [];
  return ips.length === 1 && ips[0] === 'None';
}

function validatePort(sp: ServicePort, requireName: boolean, names: Set<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (requireName && !sp.name) errs.push(required(p.child('name')));
  else if (sp.name) {
    for (const m of isDNS1123Label(sp.name)) errs.push(invalid(p.child('name'), sp.name, m));
    if (names.has(sp.name)) errs.push(duplicate(p.child('name'), sp.name));
    else names.add(sp.name);
  }
  for (const m of isValidPortNum(sp.port ?? 0)) errs.push(invalid(p.child('port'), sp.port ?? 0, m));
  if (!sp.protocol) errs.push(required(p.child('protocol')));
  else if (!['SCTP', 'TCP', 'UDP'].includes(sp.protocol)) errs.push(notSupported(p.child('protocol'), sp.protocol, ['SCTP', 'TCP', 'UDP']));
  const tp = sp.targetPort;
  if (typeof tp === 'string') for (const m of isValidPortName(tp)) errs.push(invalid(p.child('targetPort'), tp, m));
  else for (const m of isValidPortNum(tp ?? 0)) errs.push(invalid(p.child('targetPort'), tp ?? 0, m));
  if (sp.appProtocol !== undefined) for (const m of isQualifiedName(sp.appProtocol)) errs.push(invalid(p.child('appProtocol'), sp.appProtocol, m));
  return errs;
}

function validateClusterIPs(s: Service): FieldError[] {
  if (s.spec.type === 'ExternalName') return [];
  const errs: FieldError[] = [];
  const p = path('spec', 'clusterIPs');
  const ips = s.spec.clusterIPs ?? [];
  if (s.spec.clusterIP) {
    if (!ips.length) errs.push(required(p));
    else if (ips[0] !== s.spec.clusterIP) errs.push(invalid(p, ips, 'first value must match `clusterIP`'));
  } else if (ips.length) errs.push(invalid(p, ips, 'must be empty when `clusterIP` is not specified'));
  ips.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (ips.length > 1) errs.push(invalid(p, ips, "'None' must be the first and only value"));
      return;
    }
    if (!isValidIPv4(ip)) errs.push(invalid(p.index(i), ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  });
  if (ips.length > 2) errs.push(invalid(p, ips, 'may only hold up to 2 values'));
  return errs;
}

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];

export function validateServiceSpec(s: Service): FieldError[] {
  const sp = path('spec');
  const spec = s.spec ?? {};
  const errs: FieldError[] = [];
  const ports = spec.ports ?? [];
  if (ports.length === 0 && !isHeadless(s) && spec.type !== 'ExternalName') errs.push(required(sp.child('ports')));
  switch (spec.type) {
    case 'LoadBalancer':
    case 'NodePort':
      if (isHeadless(s)) errs.push(invalid(sp.child('clusterIPs').index(0), 'None', `may not be set to 'None' for ${spec.type} services`));
      break;
    case 'ExternalName': {
      if (spec.clusterIPs?.length) errs.push(forbidden(sp.child('clusterIPs'), 'may not be set for ExternalName services'));
      if (spec.ipFamilies?.length) errs.push(forbidden(sp.child('ipFamilies'), 'may not be set for ExternalName services'));
      if (spec.ipFamilyPolicy !== undefined) errs.push(forbidden(sp.child('ipFamilyPolicy'), 'may not be set for ExternalName services'));
      const cname = (spec.externalName ?? '').replace(/\.$/, '');
      if (cname) for (const m of isDNS1123Subdomain(cname)) errs.push(invalid(sp.child('externalName'), cname, m));
      else errs.push(required(sp.child('externalName')));
      break;
    }
  }
  const names = new Set<string>();
  ports.forEach((port, i) => pushAll(errs, validatePort(port, ports.length > 1, names, sp.child('ports').index(i))));
  if (spec.selector) pushAll(errs, validateLabels(spec.selector, sp.child('selector')));
  if (!spec.sessionAffinity) errs.push(required(sp.child('sessionAffinity')));
  else if (!['ClientIP', 'None'].includes(spec.sessionAffinity)) errs.push(notSupported(sp.child('sessionAffinity'), spec.sessionAffinity, ['ClientIP', 'None']));
  pushAll(errs, validateClusterIPs(s));
  if (!spec.type) errs.push(required(sp.child('type')));
  else if (!TYPES.includes(spec.type)) errs.push(notSupported(sp.child('type'), spec.type, TYPES));
  if (spec.type === 'ClusterIP') {
    ports.forEach((port, i) => {
      if (port.nodePort) errs.push(forbidden(sp.child('ports').index(i).child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  const pairs = new Set<string>();
  ports.forEach((port, i) => {
    const pp = sp.child('ports').index(i);
    if (port.nodePort) {
      const k = `${port.protocol}/${port.nodePort}`;
      if (nodePorts.has(k)) errs.push(duplicate(pp.child('nodePort'), port.nodePort));
      nodePorts.add(k);
    }
    const k = `${port.protocol}/${port.port}`;
    // The key is an internal core.ServicePort; without json tags it renders with Go names.
    if (pairs.has(k)) errs.push(duplicate(pp, { Name: '', Protocol: port.protocol ?? '', AppProtocol: null, Port: port.port, TargetPort: 0, NodePort: 0 }));
    pairs.add(k);
  });
  const external = spec.type === 'NodePort' || spec.type === 'LoadBalancer';
  if (!external && spec.externalTrafficPolicy) {
    errs.push(invalid(sp.child('externalTrafficPolicy'), spec.externalTrafficPolicy, 'may only be set for externally-accessible services'));
  } else if (external) {
    if (!spec.externalTrafficPolicy) errs.push(required(sp.child('externalTrafficPolicy')));
    else if (!['Cluster', 'Local'].includes(spec.externalTrafficPolicy)) errs.push(notSupported(sp.child('externalTrafficPolicy'), spec.externalTrafficPolicy, ['Cluster', 'Local']));
  }
  if (spec.internalTrafficPolicy === undefined) {
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP') errs.push(required(sp.child('internalTrafficPolicy')));
  } else if (!['Cluster', 'Local'].includes(spec.internalTrafficPolicy)) {
    errs.push(notSupported(sp.child('internalTrafficPolicy'), spec.internalTrafficPolicy, ['Cluster', 'Local']));
  }
  return errs;
}

/** validateUpgradeDowngradeClusterIPs for single-stack clusters. */
function clusterIPsUpdate(s: Service, old: Service): FieldError[] {
  if (s.spec.type === 'ExternalName' || old.spec.type === 'ExternalName') return [];
  if (isHeadless(s) && isHeadless(old)) return [];
  const oldIPs = old.spec.clusterIPs ?? [];
  const ips = s.spec.clusterIPs ?? [];
  const p = path('spec', 'clusterIPs');
  const errs: FieldError[] = [];
  if (oldIPs.length === ips.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== ips[i]) errs.push(invalid(p.index(i), ips, 'may not change once set'));
    });
  } else if (oldIPs.length > ips.length) {
    if (ips.length === 0) errs.push(invalid(p.index(0), ips, 'primary clusterIP can not be unset'));
    else if (ips[0] !== oldIPs[0]) errs.push(invalid(p.index(0), ips, 'may not change once set'));
  } else if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) errs.push(invalid(p.index(0), ips, 'may not change once set'));
  return errs;
}

export function validateService(s: Service, old: Service | undefined): FieldError[] {
  if (!old) return [...validateObjectMeta(s.metadata, true, nameIsDNS1035Label), ...validateServiceSpec(s)];
  return [...validateObjectMetaUpdate(s.metadata, old.metadata), ...clusterIPsUpdate(s, old), ...validateObjectMeta(s.metadata, true, nameIsDNS1035Label), ...validateServiceSpec(s)];
}
