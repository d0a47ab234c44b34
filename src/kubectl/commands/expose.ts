/**
 * `kubectl expose` (a Service selecting a Deployment's, ReplicaSet's or Pod's pods) and
 * `kubectl run` (a bare Pod labelled run=<name>). Both print the typed object (a Service, a Pod:
 * Go field order for -o json) and write --save-config's annotation only on a request the server
 * sees, as upstream does.
 */
import type { Container, Deployment, KObject, Pod, ReplicaSet, ReplicationController, Service, ServicePort } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { parseResourceArgs } from '../builder';
import { CmdError, failureText, plainError, usageError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { changeCause, RECORD_FLAG, recordInto } from '../record';
import { namespaceOf, type Env } from '../env';
import { DRY_RUN_FLAG, FILENAME_FLAG, OUTPUT_FLAG, TEMPLATE_FLAGS, dryRunOf, printResult, withDryRun } from './common';
import { runAttached } from './run-attach';
import { typedService } from './create-service';
import { typedObject } from './typed-kinds';
import { withTypedLastApplied } from '../apply/objects';
import { envVarNameError } from '../env-var-name';
import { setOwn } from '../../k8s/own';
import { applyOverrides, OVERRIDE_FLAGS } from './overrides';
import { KUSTOMIZE_FLAG } from '../file-inputs';

export const EXPOSE_FLAGS: FlagDef[] = [
  { name: 'port', kind: 'string' },
  { name: 'target-port', kind: 'string' },
  { name: 'protocol', kind: 'string', values: ['SCTP', 'TCP', 'UDP'] },
  { name: 'type', kind: 'string', values: ['ClusterIP', 'LoadBalancer', 'NodePort'] },
  { name: 'name', kind: 'string' },
  { name: 'selector', kind: 'string' },
  { name: 'labels', short: 'l', kind: 'string' },
  { name: 'external-ip', kind: 'string' },
  { name: 'cluster-ip', kind: 'string' },
  { name: 'session-affinity', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  ...OVERRIDE_FLAGS,
  { name: 'save-config', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  RECORD_FLAG,
];

function parseKV(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (!part) continue;
    const i = part.indexOf('=');
    if (i <= 0) throw plainError(`invalid label spec: ${part}`);
    out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

export function runExpose(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EXPOSE_FLAGS, 'kubectl expose');
  const cause = changeCause(env, ['expose'], flags);
  const ns = namespaceOf(env, flags);
  if (flags.args.length === 0) throw new CmdError(`error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n`);
  const groups = parseResourceArgs(flags.args);
  const g = groups[0]!;
  if (g.names.length !== 1 || groups.length !== 1) throw plainError('resource(s) were provided, but no name was specified');
  const r = env.client.get(g.info, ns, g.names[0]!);
  if (!r.ok) throw new CmdError(failureText([{ api: r.error }]));
  const obj = r.value;
  let selector: Record<string, string>;
  let containers: Container[];
  let labels: Record<string, string> | undefined;
  switch (g.info.resource) {
    case 'deployments':
    case 'replicasets': {
      const w = obj as Deployment | ReplicaSet;
      if ((w.spec.selector.matchExpressions ?? []).length) throw plainError(`couldn't convert expressions - "${JSON.stringify(w.spec.selector.matchExpressions)}" to map-based selector format`);
      selector = { ...(w.spec.selector.matchLabels ?? {}) };
      containers = w.spec.template?.spec.containers ?? [];
      labels = obj.metadata.labels;
      break;
    }
    case 'replicationcontrollers': {
      // mapBasedSelectorForObject: an RC's selector is a plain label map (defaulted from its template's labels).
      const rc = obj as ReplicationController;
      selector = { ...(rc.spec?.selector ?? {}) };
      containers = rc.spec?.template?.spec.containers ?? [];
      labels = obj.metadata.labels;
      break;
    }
    case 'pods':
      selector = { ...((obj as Pod).metadata.labels ?? {}) };
      containers = (obj as Pod).spec.containers;
      labels = obj.metadata.labels;
      break;
    case 'services':
      selector = { ...((obj as Service).spec.selector ?? {}) };
      containers = [];
      labels = obj.metadata.labels;
      break;
    default:
      throw plainError(`cannot expose a ${g.info.kind}`);
  }
  if (flags.str('selector')) selector = parseKV(flags.str('selector'));
  if (Object.keys(selector).length === 0) throw plainError(`couldn't retrieve selectors via --selector flag or introspection: the ${g.info.kind} has no labels`);
  const protocol = (flags.str('protocol') || 'TCP') as ServicePort['protocol'];
  let ports: ServicePort[];
  if (flags.str('port')) {
    ports = flags.str('port').split(',').map((p) => ({ port: Number(p), protocol }));
  } else {
    const fromContainers = containers.flatMap((c) => c.ports ?? []);
    if (fromContainers.length === 0 && g.info.resource !== 'services') throw plainError("couldn't find port via --port flag or introspection");
    ports = g.info.resource === 'services' ? ((obj as Service).spec.ports ?? []).map((p) => ({ port: p.port, protocol: p.protocol ?? 'TCP' })) : fromContainers.map((p) => ({ port: p.containerPort, protocol: p.protocol ?? protocol }));
  }
  const target = flags.str('target-port');
  ports = ports.map((p, i) => ({
    ...(ports.length > 1 ? { name: `port-${i + 1}` } : {}),
    port: p.port,
    protocol: p.protocol,
    targetPort: target ? (/^\d+$/.test(target) ? Number(target) : target) : p.port,
  }));
  const name = flags.str('name') || obj.metadata.name || '';
  const dry = dryRunOf(flags);
  const generated: KObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name,
      ...(flags.str('labels') ? { labels: parseKV(flags.str('labels')) } : labels ? { labels: { ...labels } } : {}),
    },
    spec: {
      ports,
      selector,
      ...(flags.str('type') ? { type: flags.str('type') } : {}),
      ...(flags.str('cluster-ip') ? { clusterIP: flags.str('cluster-ip') } : {}),
      ...(flags.str('session-affinity') ? { sessionAffinity: flags.str('session-affinity') } : {}),
      ...(flags.str('external-ip') ? { externalIPs: [flags.str('external-ip')] } : {}),
    },
  };
  const svc = applyOverrides(flags, generated, typedService);
  recordInto(svc, cause);
  // The generated Service has no namespace; a client dry run shows the one -n enforced.
  if (dry === 'client' && flags.has('namespace')) svc.metadata.namespace = ns;
  const info = resourceInfo('services')!;
  if (dry === 'client') {
    printResult(env, flags, info, svc, withDryRun('exposed', dry), typedService);
    return 0;
  }
  const body = typedService(flags.bool('save-config') ? withTypedLastApplied(svc, typedService) : svc);
  const res = env.client.create(info, ns, body, dry === 'server');
  if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
  printResult(env, flags, info, res.value, withDryRun('exposed', dry), typedService);
  return 0;
}

/** `--restart`'s values, in kubectl's order. */
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];

export const RUN_FLAGS: FlagDef[] = [
  { name: 'image', kind: 'string' },
  { name: 'port', kind: 'string' },
  { name: 'labels', short: 'l', kind: 'string' },
  { name: 'env', kind: 'stringArray' },
  { name: 'restart', kind: 'string', values: RESTART_POLICIES },
  { name: 'command', kind: 'bool' },
  { name: 'image-pull-policy', kind: 'string' },
  { name: 'annotations', kind: 'stringArray' },
  { name: 'rm', kind: 'bool' },
  { name: 'stdin', short: 'i', kind: 'bool' },
  { name: 'tty', short: 't', kind: 'bool' },
  { name: 'attach', kind: 'bool' },
  { name: 'leave-stdin-open', kind: 'bool' },
  { name: 'quiet', short: 'q', kind: 'bool' },
  { name: 'pod-running-timeout', kind: 'duration' },
  { name: 'expose', kind: 'bool' },
  { name: 'privileged', kind: 'bool' },
  // kubectl 1.36 (run.go): a raw TTY session's detach keys; the page's terminal detaches on the default ctrl-p,ctrl-q only (k8s/end-of-input.ts).
  { name: 'detach-keys', kind: 'string' },
  ...OVERRIDE_FLAGS,
  { name: 'save-config', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  RECORD_FLAG,
];

export function runRun(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, RUN_FLAGS, 'kubectl run');
  const cause = changeCause(env, ['run'], flags);
  const dash = flags.afterDash ?? [];
  const positional = flags.args.slice(0, flags.args.length - dash.length);
  const name = positional[0];
  if (!name) throw new CmdError(`error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n`);
  const image = flags.str('image');
  if (!image) throw new CmdError(`error: required flag(s) "image" not set\n`);
  const stdin = flags.bool('stdin');
  const tty = flags.bool('tty');
  // Complete: -i attaches unless --attach says otherwise.
  const attach = flags.has('attach') ? flags.bool('attach') : stdin;
  const dry = dryRunOf(flags);
  // Validate's checks, in its order.
  if (tty && !stdin) throw plainError('-i/--stdin is required for containers with -t/--tty=true');
  if (!attach && flags.bool('rm')) throw plainError('--rm should only be used for attached containers');
  if (attach && dry !== 'none') throw plainError("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  const labels = flags.str('labels') ? parseKV(flags.str('labels')) : { run: name };
  const annotations = parseAnnotations(flags.list('annotations'));
  const container: Container = { name, image, resources: {} };
  if (dash.length) {
    if (flags.bool('command')) container.command = dash;
    else container.args = dash;
  }
  if (flags.list('env').length) container.env = parseEnvs(flags.list('env'));
  if (flags.str('image-pull-policy')) container.imagePullPolicy = flags.str('image-pull-policy') as Container['imagePullPolicy'];
  const port = runPort(flags.str('port'));
  if (typeof port === 'number') container.ports = [{ containerPort: port }];
  if (stdin) {
    container.stdin = true;
    if (!flags.bool('leave-stdin-open')) container.stdinOnce = true;
  }
  if (tty) container.tty = true;
  if (flags.bool('privileged')) container.securityContext = { privileged: true };
  const restart = flags.str('restart') || 'Always';
  if (!RESTART_POLICIES.includes(restart)) throw usageError(`invalid restart policy: ${restart}`, 'kubectl run');
  // The generator reads --port after the restart policy (updatePodPorts' strconv.Atoi).
  if (port instanceof CmdError) throw port;
  const generated: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels, ...(annotations ? { annotations } : {}) },
    spec: { containers: [container], restartPolicy: restart, dnsPolicy: 'ClusterFirst' },
  };
  const pod = applyOverrides(flags, generated, typedObject);
  recordInto(pod, cause);
  // BasicPod: no namespace of its own; a client dry run shows the one -n enforced.
  if (dry === 'client' && flags.has('namespace')) pod.metadata.namespace = namespaceOf(env, flags);
  const info = resourceInfo('pods')!;
  if (dry === 'client') {
    printResult(env, flags, info, pod, withDryRun('created', dry), typedObject);
    return 0;
  }
  // The last-applied annotation is written only for a request the server sees.
  const body = typedObject(flags.bool('save-config') ? withTypedLastApplied(pod, typedObject) : pod);
  const res = env.client.create(info, namespaceOf(env, flags), body, dry === 'server');
  if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
  if (attach) {
    // What the container runs is the overridden Pod's, not the flags'.
    const first = (pod as Pod).spec?.containers?.[0];
    return runAttached(env, res.value as Pod, {
      tty,
      quiet: flags.bool('quiet'),
      remove: flags.bool('rm'),
      restart,
      leaveStdinOpen: flags.bool('leave-stdin-open'),
      timeoutMs: flags.duration('pod-running-timeout', 60_000),
      argv: first?.command ?? first?.args ?? [],
    });
  }
  printResult(env, flags, info, res.value, withDryRun('created', dry), typedObject);
  return 0;
}

/** cmdutil.ParsePairs of --annotations: `key=value` each, the bad ones listed together. */
function parseAnnotations(pairs: string[]): Record<string, string> | undefined {
  if (pairs.length === 0) return undefined;
  const out: Record<string, string> = {};
  const bad = pairs.filter((p) => !p.includes('=') || p.startsWith('='));
  if (bad.length) throw plainError(`invalid annotations format: ${bad.join(', ')}`);
  for (const p of pairs) setOwn(out, p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1));
  return out;
}

/** parseEnvs: `NAME=value` with a valid variable name, else `invalid env`. */
function parseEnvs(envs: string[]): { name: string; value: string }[] {
  return envs.map((e) => {
    const i = e.indexOf('=');
    if (i <= 0 || envVarNameError(e.slice(0, i))) throw plainError(`invalid env: ${e}`);
    return { name: e.slice(0, i), value: e.slice(i + 1) };
  });
}

/**
 * `kubectl run --port` as versioned.updatePodPorts reads it: strconv.Atoi of the text, its error
 * printed as is; a negative number adds no port (only `port > -1` does); a number the int32 field
 * cannot hold wraps as Go's int32(port) conversion does. The error is returned, not thrown, so it
 * comes after the checks kubectl makes first.
 */
function runPort(text: string): number | CmdError | undefined {
  if (text === '') return undefined;
  const digits = /^[+-]?\d+$/.test(text);
  if (!digits) return plainError(`strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`);
  const v = BigInt(text);
  if (v < -(2n ** 63n) || v >= 2n ** 63n) return plainError(`strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`);
  return v > -1n ? Number(BigInt.asIntN(32, v)) : undefined;
}
