/**
 * `kubectl port-forward TYPE/NAME [LOCAL:]REMOTE …` (kubectl pkg/cmd/portforward v0.35.0, client-go
 * tools/portforward v0.35.0): the object is read, a Service / workload picks its most active Pod
 * (AttachablePodForObject: sort.Reverse(podutils.ActivePods)), a Service's port becomes its
 * targetPort (by number or name), named container ports become numbers; then the Pod is read
 * again and must be Running, one `POST pods/<name>/portforward` is upgraded (kube-apiserver →
 * the kubelet of the Pod's node), and the laptop listens on every address × port, printing
 * `Forwarding from 127.0.0.1:8080 -> 80` per socket.
 *
 * Each connection curl makes (`Handling connection for 8080`) goes down the stream to the Pod's
 * `localhost:REMOTE` (Simulation.portForwardConnection, traced hop by hop). A port nothing
 * listens on is the runtime's error on the stream's error channel: kubectl logs it, closes the
 * stream and exits with `error: lost connection to pod` (curl sees an empty reply). The stream
 * also breaks when its kube-apiserver or the node's kubelet stops. Ctrl+C ends it with status 0
 * (RunPortForwardContext catches os.Interrupt).
 *
 * Approximate: UDP ports are refused as upstream refuses them, by name only.
 */
import type { HttpAnswer, NetAnswer, PortForwardStream, Simulation } from '../../engine/index';
import type { Pod, Service } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { resolveType } from '../builder';
import { CmdError, fatalText, plainError, usageError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { klogError } from '../klog';
import type { LaptopServer, LaptopSocket, ProgramExit } from '../prompt-jobs';
import { serveOnLaptop } from './laptop-serve';
import { attachablePod } from './attachable-pod';

export const PORT_FORWARD_FLAGS: FlagDef[] = [
  { name: 'address', kind: 'strings' },
  { name: 'pod-running-timeout', kind: 'duration' },
];

const PODS = resourceInfo('pods')!;

interface Forward {
  local: number;
  remote: number;
}

function containerPortByName(pod: Pod, name: string): number {
  for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
    const p = (c.ports ?? []).find((x) => x.name === name);
    if (p) return p.containerPort;
  }
  throw plainError(`Pod '${pod.metadata.name ?? ''}' does not have a named port '${name}'`);
}

function splitPort(spec: string): [string, string] {
  const parts = spec.split(':');
  return parts.length === 2 ? [parts[0]!, parts[1]!] : [parts[0]!, parts[0]!];
}

/** translateServicePortToTargetPort: a Service's port (number or name) becomes the container port behind it. */
function serviceTargets(specs: string[], svc: Service, pod: Pod): string[] {
  return specs.map((spec) => {
    const [first, remote] = splitPort(spec);
    let local = first;
    let port = Number(remote);
    if (!/^\d+$/.test(remote)) {
      const named = (svc.spec?.ports ?? []).find((p) => p.name === remote);
      if (!named) throw plainError(`Service '${svc.metadata.name ?? ''}' does not have a named port '${remote}'`);
      port = named.port;
      if (local === remote) local = String(port);
    }
    const sp = (svc.spec?.ports ?? []).find((p) => p.port === port);
    if (!sp) throw plainError(`Service ${svc.metadata.name ?? ''} does not have a service port ${port}`);
    let container: number;
    if (svc.spec?.clusterIP === 'None') container = port;
    else if (sp.targetPort === undefined || typeof sp.targetPort === 'number') container = sp.targetPort || sp.port;
    else if (/^\d+$/.test(sp.targetPort)) container = Number(sp.targetPort);
    else container = containerPortByName(pod, sp.targetPort);
    return local !== String(container) ? `${local}:${container}` : String(container);
  });
}

/** convertPodNamedPortToNumber. */
function podTargets(specs: string[], pod: Pod): string[] {
  return specs.map((spec) => {
    // checkUDPPortInPod looks a non-number up by name before this runs, so `8080:` is a port named '' (recorded, kubectl 1.35.2).
    const [local, remote] = splitPort(spec);
    const number = /^\d+$/.test(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${number}` : number;
  });
}

/** client-go's parsePorts (strconv.ParseUint(…, 10, 16) and its errors). */
function parsePorts(specs: string[]): Forward[] {
  const parse = (s: string, what: 'local' | 'remote'): number => {
    if (!/^\d+$/.test(s)) throw plainError(`error parsing ${what} port '${s}': strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`);
    const n = Number(s);
    if (n > 65535) throw plainError(`error parsing ${what} port '${s}': strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
    return n;
  };
  return specs.map((spec) => {
    const parts = spec.split(':');
    if (parts.length > 2) throw plainError(`invalid port format '${spec}'`);
    const local = parts.length === 1 ? parts[0]! : parts[0] || '0';
    const remote = parts.length === 1 ? parts[0]! : parts[1]!;
    const l = parse(local, 'local');
    const r = parse(remote, 'remote');
    if (r === 0) throw plainError('remote port must be > 0');
    return { local: l, remote: r };
  });
}

/** parseAddresses: localhost is 127.0.0.1 and ::1; sorted as strings. */
function parseAddresses(list: string[]): string[] {
  const out = new Set<string>();
  for (const a of list) {
    if (a === 'localhost') {
      out.add('127.0.0.1');
      out.add('::1');
    } else if (/^\d+\.\d+\.\d+\.\d+$/.test(a) || a.includes(':')) out.add(a);
    else throw plainError(`${a} is not a valid IP`);
  }
  return [...out].sort();
}

/** A free ephemeral port for `:REMOTE`: Linux picks one in 32768–60999; here the first free one, so a replay picks the same. */
function freePort(env: Env, addresses: string[], taken: Set<number>): number {
  for (let p = 32768; p < 61000; p++) if (!taken.has(p) && !addresses.some((a) => env.laptop?.inUse(a, p))) return p;
  return 0;
}

function netAnswer(a: HttpAnswer): NetAnswer {
  if (a.hang) return { kind: 'timeout', ip: '127.0.0.1', connected: true };
  if (a.closed) return { kind: 'empty', ip: '127.0.0.1' };
  if (a.tlsFailure) return { kind: 'tls-failed', ip: '127.0.0.1', failure: a.tlsFailure };
  return { kind: 'reply', ip: '127.0.0.1', status: a.status, body: a.body, ...(a.head ? { head: a.head } : {}), ...(a.contentType !== undefined ? { contentType: a.contentType } : {}) };
}

const LOST: ProgramExit = { status: 1, output: [{ stream: 'stderr', text: 'error: lost connection to pod\n' }] };

/** The listening half: each connection down the stream, and the stream's health between lines. */
function forwarder(sim: Simulation, stream: PortForwardStream, sockets: LaptopSocket[], forwards: Forward[]): LaptopServer {
  return {
    sockets,
    interrupt: { status: 0, output: [] },
    // `sim topology` built another cluster: the stream into this one is gone.
    poll: (now) => (now !== sim || sim.portForwardLost(stream) ? LOST : undefined),
    connect(port, request, url, now) {
      if (now !== sim) return { answer: { kind: 'refused', ip: '127.0.0.1' }, output: [], exit: LOST };
      const f = forwards.find((x) => x.local === port)!;
      const r = sim.portForwardConnection(stream, f.remote, url, request);
      if (r.type === 'lost') return { answer: { kind: 'refused', ip: '127.0.0.1' }, output: [], exit: LOST };
      const handling = { stream: 'stdout' as const, text: `Handling connection for ${port}\n` };
      if (r.type === 'hang') return { answer: { kind: 'timeout', ip: '127.0.0.1', connected: true }, output: [handling] };
      if (r.type === 'answer') return { answer: netAnswer(r.answer), output: [handling] };
      // handleConnection: runtime.HandleError(…), then streamConn.Close(): forward() returns ErrLostConnectionToPod.
      const logged = klogError(sim.now, 'portforward.go:424', 'Unhandled Error', [['err', `an error occurred forwarding ${f.local} -> ${f.remote}: ${r.message}`]]);
      return { answer: { kind: 'empty', ip: '127.0.0.1' }, output: [handling, { stream: 'stderr', text: logged }], exit: LOST };
    },
  };
}

export function runPortForward(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, PORT_FORWARD_FLAGS, 'kubectl port-forward');
  const args = flags.args;
  if (args.length < 2) throw usageError('TYPE/NAME and list of ports are required for port-forward', 'kubectl port-forward');
  const ns = namespaceOf(env, flags);
  const target = args[0]!;
  const slash = target.indexOf('/');
  const info = slash >= 0 ? resolveType(target.slice(0, slash)) : PODS;
  const name = slash >= 0 ? target.slice(slash + 1) : target;
  const got = env.client.get(info, ns, name);
  if (!got.ok) throw new CmdError(fatalText(got.error));
  const chosen = attachablePod(env, got.value, info, ns, flags.duration('pod-running-timeout', 60_000));
  const specs = args.slice(1);
  const ports = info.kind === 'Service' ? serviceTargets(specs, got.value as Service, chosen) : podTargets(specs, chosen);

  // RunPortForwardContext: the Pod as it is now, which must be Running.
  const podName = chosen.metadata.name ?? '';
  const now = env.client.get(PODS, ns, podName);
  if (!now.ok) throw new CmdError(fatalText(now.error));
  const phase = (now.value as Pod).status?.phase ?? '';
  if (phase !== 'Running') throw plainError(`unable to forward port because pod is not running. Current status=${phase}`);

  const addresses = parseAddresses(flags.has('address') ? flags.list('address') : ['localhost']);
  const forwards = parsePorts(ports);
  const upgraded = env.client.raw({ verb: 'create', resource: 'pods', subresource: 'portforward', namespace: ns, name: podName });
  if (!upgraded.ok) throw plainError(`error upgrading connection: ${fatalText(upgraded.error).replace(/^Error from server \([A-Za-z]*\): /, '').trimEnd()}`);
  if (upgraded.code !== 101) throw plainError(`error upgrading connection: unable to upgrade connection: ${upgraded.text ?? ''}`);
  const stream = env.sim.portForwardStream(ns, podName);
  if (!stream) throw plainError('error upgrading connection: the stream closed as it opened');

  // forward(): each port on every address; a port none of whose addresses binds is reported and skipped.
  const sockets: LaptopSocket[] = [];
  const live: Forward[] = [];
  const taken = new Set<number>();
  for (const f of forwards) {
    if (f.local === 0) f.local = freePort(env, addresses, taken);
    const busy = addresses.filter((a) => env.laptop?.inUse(a, f.local) || taken.has(f.local));
    if (busy.length === addresses.length) {
      const errs = addresses.map((a) => `unable to create listener: Error listen ${a.includes(':') ? 'tcp6' : 'tcp4'} ${a.includes(':') ? `[${a}]` : a}:${f.local}: bind: address already in use`).join(' ');
      env.out.err(`Unable to listen on port ${f.local}: Listeners failed to create with the following errors: [${errs}]\n`);
      continue;
    }
    taken.add(f.local);
    for (const a of addresses) {
      if (busy.includes(a)) continue;
      sockets.push({ address: a, port: f.local });
      env.out.out(`Forwarding from ${a.includes(':') ? `[${a}]` : a}:${f.local} -> ${f.remote}\n`);
    }
    live.push(f);
  }
  if (live.length === 0) throw plainError(`unable to listen on any of the requested ports: [${forwards.map((f) => `{${f.local} ${f.remote}}`).join(' ')}]`);
  return serveOnLaptop(env, forwarder(env.sim, stream, sockets, live), 'port-forward');
}
