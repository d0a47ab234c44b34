/**
 * Container validation (validateContainerCommon and friends in core validation.go): name and
 * image, ports, env, mounts, resources, probes — in upstream's order, so a container with
 * several mistakes lists them the way kube-apiserver does.
 */
import type { Container, ContainerPort, EnvVar, IntOrString, Probe, VolumeMount } from '../../../k8s/types';
import type { FieldError } from '../status';
import { duplicate, forbidden, invalid, nonNegative, notFound, notSupported, required, type Path } from './field';
import { isConfigMapKey, isDNS1123Label, isRelaxedEnvVarName, isValidPortName, isValidPortNum, nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validateResourceRequirements } from './resources';
import { pushAll } from '../../../k8s/arrays';

function validatePorts(ports: ContainerPort[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const ip = p.index(i);
    if (port.name) {
      const msgs = isValidPortName(port.name);
      if (msgs.length) for (const m of msgs) errs.push(invalid(ip.child('name'), port.name, m));
      else if (names.has(port.name)) errs.push(duplicate(ip.child('name'), port.name));
      else names.add(port.name);
    }
    if (!port.containerPort) errs.push(required(ip.child('containerPort')));
    else for (const m of isValidPortNum(port.containerPort)) errs.push(invalid(ip.child('containerPort'), port.containerPort, m));
    if (port.hostPort) for (const m of isValidPortNum(port.hostPort)) errs.push(invalid(ip.child('hostPort'), port.hostPort, m));
    if (!port.protocol) errs.push(required(ip.child('protocol')));
    else if (!['SCTP', 'TCP', 'UDP'].includes(port.protocol)) errs.push(notSupported(ip.child('protocol'), port.protocol, ['SCTP', 'TCP', 'UDP']));
  });
  return errs;
}

const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];

function validateKeyRef(ref: { name?: string; key?: string }, p: Path): FieldError[] {
  const errs = nameIsDNSSubdomain(ref.name ?? '', false).map((m) => invalid(p.child('name'), ref.name ?? '', m));
  if (!ref.key) errs.push(required(p.child('key')));
  else for (const m of isConfigMapKey(ref.key)) errs.push(invalid(p.child('key'), ref.key, m));
  return errs;
}

function validateEnv(env: EnvVar[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (env ?? []).forEach((ev, i) => {
    const ip = p.index(i);
    if (!ev.name) errs.push(required(ip.child('name')));
    else for (const m of isRelaxedEnvVarName(ev.name)) errs.push(invalid(ip.child('name'), ev.name, m));
    const from = ev.valueFrom;
    if (!from) return;
    const vp = ip.child('valueFrom');
    let sources = 0;
    if (from.fieldRef) {
      sources++;
      const fp = vp.child('fieldRef');
      if (!from.fieldRef.apiVersion) errs.push(required(fp.child('apiVersion')));
      else if (!from.fieldRef.fieldPath) errs.push(required(fp.child('fieldPath')));
      else if (!ENV_FIELD_PATHS.includes(from.fieldRef.fieldPath) && !/^metadata\.(labels|annotations)\['.+'\]$/.test(from.fieldRef.fieldPath)) {
        errs.push(notSupported(fp.child('fieldPath'), from.fieldRef.fieldPath, ENV_FIELD_PATHS));
      }
    }
    if ((from as { resourceFieldRef?: unknown }).resourceFieldRef) sources++;
    if (from.configMapKeyRef) {
      sources++;
      pushAll(errs, validateKeyRef(from.configMapKeyRef, vp.child('configMapKeyRef')));
    }
    if (from.secretKeyRef) {
      sources++;
      pushAll(errs, validateKeyRef(from.secretKeyRef, vp.child('secretKeyRef')));
    }
    if (sources === 0) errs.push(invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
    else if (ev.value) errs.push(invalid(vp, '', 'may not be specified when `value` is not empty'));
    else if (sources > 1) errs.push(invalid(vp, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

interface EnvFrom {
  prefix?: string;
  configMapRef?: { name?: string };
  secretRef?: { name?: string };
}

function validateEnvFrom(list: EnvFrom[] | undefined, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  (list ?? []).forEach((ef, i) => {
    const ip = p.index(i);
    if (ef.prefix) for (const m of isRelaxedEnvVarName(ef.prefix)) errs.push(invalid(ip.child('prefix'), ef.prefix, m));
    let sources = 0;
    for (const k of ['configMapRef', 'secretRef'] as const) {
      const ref = ef[k];
      if (!ref) continue;
      sources++;
      if (!ref.name) errs.push(required(ip.child(k, 'name')));
      else for (const m of nameIsDNSSubdomain(ref.name, true)) errs.push(invalid(ip.child(k, 'name'), ref.name, m));
    }
    if (sources === 0) errs.push(invalid(p, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (sources > 1) errs.push(invalid(p, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

function validateMounts(mounts: VolumeMount[] | undefined, volumes: ReadonlySet<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const points = new Set<string>();
  (mounts ?? []).forEach((m, i) => {
    const ip = p.index(i);
    if (!m.name) errs.push(required(ip.child('name')));
    if (!volumes.has(m.name ?? '')) errs.push(notFound(ip.child('name'), m.name ?? ''));
    if (!m.mountPath) errs.push(required(ip.child('mountPath')));
    if (points.has(m.mountPath)) errs.push(invalid(ip.child('mountPath'), m.mountPath, 'must be unique'));
    points.add(m.mountPath);
  });
  return errs;
}

function validatePortNumOrName(port: IntOrString | undefined, p: Path): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((m) => invalid(p, port, m));
  const n = port ?? 0;
  return isValidPortNum(n).map((m) => invalid(p, n, m));
}

function validateProbe(probe: Probe, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  let handlers = 0;
  const handler = (name: 'exec' | 'httpGet' | 'tcpSocket' | 'grpc', check: () => FieldError[]): void => {
    if (!probe[name]) return;
    if (handlers > 0) errs.push(forbidden(p.child(name), 'may not specify more than 1 handler type'));
    else {
      handlers++;
      pushAll(errs, check());
    }
  };
  handler('exec', () => (probe.exec?.command?.length ? [] : [required(p.child('exec', 'command'))]));
  handler('httpGet', () => {
    const h = probe.httpGet!;
    const out: FieldError[] = [];
    if (!h.path) out.push(required(p.child('httpGet', 'path')));
    pushAll(out, validatePortNumOrName(h.port, p.child('httpGet', 'port')));
    if (!['HTTP', 'HTTPS'].includes(h.scheme ?? '')) out.push(notSupported(p.child('httpGet', 'scheme'), h.scheme ?? '', ['HTTP', 'HTTPS']));
    return out;
  });
  handler('tcpSocket', () => validatePortNumOrName(probe.tcpSocket!.port, p.child('tcpSocket', 'port')));
  handler('grpc', () => validatePortNumOrName(probe.grpc!.port, p.child('grpc', 'port')));
  if (handlers === 0) errs.push(required(p, 'must specify a handler type'));
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    pushAll(errs, nonNegative(probe[f], p.child(f)));
  }
  if (probe.terminationGracePeriodSeconds !== undefined && probe.terminationGracePeriodSeconds <= 0) {
    errs.push(invalid(p.child('terminationGracePeriodSeconds'), probe.terminationGracePeriodSeconds, 'must be greater than 0'));
  }
  return errs;
}

/** Liveness and startup probes may only succeed once: successThreshold must be 1. */
export function validateProbes(c: Container, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const probe = c[kind];
    if (!probe) continue;
    const pp = p.child(kind);
    pushAll(errs, validateProbe(probe, pp));
    if (kind !== 'readinessProbe' && (probe.successThreshold ?? 1) !== 1) errs.push(invalid(pp.child('successThreshold'), probe.successThreshold ?? 0, 'must be 1'));
    if (kind === 'readinessProbe' && probe.terminationGracePeriodSeconds !== undefined) {
      errs.push(invalid(pp.child('terminationGracePeriodSeconds'), probe.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
    }
  }
  return errs;
}

/** validateContainerCommon: what every container kind must satisfy. */
export function validateContainerCommon(c: Container, volumes: ReadonlySet<string>, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(required(p.child('name')));
  else for (const m of isDNS1123Label(c.name)) errs.push(invalid(p.child('name'), c.name, m));
  if (!c.image) errs.push(required(p.child('image')));
  const tmp = c.terminationMessagePolicy;
  if (!tmp) errs.push(required(p.child('terminationMessagePolicy')));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') errs.push(notSupported(p.child('terminationMessagePolicy'), tmp, ['File', 'FallbackToLogsOnError']));
  pushAll(errs, validatePorts(c.ports, p.child('ports')));
  pushAll(errs, validateEnv(c.env, p.child('env')));
  pushAll(errs, validateEnvFrom((c as { envFrom?: EnvFrom[] }).envFrom, p.child('envFrom')));
  pushAll(errs, validateMounts(c.volumeMounts, volumes, p.child('volumeMounts')));
  const pull = c.imagePullPolicy;
  if (!pull) errs.push(required(p.child('imagePullPolicy')));
  else if (!['Always', 'IfNotPresent', 'Never'].includes(pull)) errs.push(notSupported(p.child('imagePullPolicy'), pull, ['Always', 'IfNotPresent', 'Never']));
  pushAll(errs, validateResourceRequirements(c.resources, p.child('resources')));
  return errs;
}

/** AccumulateUniqueHostPorts: the same protocol/hostIP/hostPort twice is a Duplicate. */
export function hostPortConflicts(containers: Container[], p: Path): FieldError[] {
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  containers.forEach((c, ci) => {
    (c.ports ?? []).forEach((port, pi) => {
      if (!port.hostPort) return;
      const key = `${port.protocol ?? ''}/${(port as { hostIP?: string }).hostIP ?? ''}/${port.hostPort}`;
      if (seen.has(key)) errs.push(duplicate(p.index(ci).child('ports').index(pi).child('hostPort'), key));
      else seen.add(key);
    });
  });
  return errs;
}
