/**
 * Narration of what happens on a node: kubelet's CRI calls, the runtime's CNI calls, CSI
 * volume operations, probe results, container exits and kube-proxy syncs. Summaries come from
 * src/engine/kubelet/pod-worker.ts, node-status.ts, probes.ts and src/engine/node/*.
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { MessageKey } from '../i18n/catalog';
import { actor, localPeer, podPhrase, type Say } from './words';

/** CRI calls that name a container (`CreateContainer api`). */
const CONTAINER_CALLS: Readonly<Record<string, MessageKey>> = {
  CreateContainer: 'narr.cri.create',
  StartContainer: 'narr.cri.start',
  StopContainer: 'narr.cri.stop',
};

/** CRI calls that name a Pod's sandbox (`RunPodSandbox default/go-api-x`). */
const SANDBOX_CALLS: Readonly<Record<string, MessageKey>> = {
  RunPodSandbox: 'narr.cri.sandbox',
  StopPodSandbox: 'narr.cri.stopSandbox',
  RemovePodSandbox: 'narr.cri.removeSandbox',
};

export function narrateCri(say: Say, r: TraceRecord): string {
  const kubelet = actor(say, r.from);
  const runtime = localPeer(say, r.from, r.to, 'narr.actor.runtime');
  const m = /^(\S+) (.+)$/.exec(r.summary);
  const call = m?.[1] ?? '';
  const arg = m?.[2] ?? '';
  const container = CONTAINER_CALLS[call];
  if (container) return say(container, { kubelet, runtime, container: arg });
  const sandbox = SANDBOX_CALLS[call];
  if (sandbox) return say(sandbox, { kubelet, runtime, pod: podPhrase(arg) });
  if (call === 'PullImage') return say('narr.cri.pull', { kubelet, runtime, image: arg });
  const cidr = /^podCIDR=(\S+)$/.exec(arg);
  if (call === 'UpdateRuntimeConfig' && cidr) return say('narr.cri.podCIDR', { kubelet, runtime, cidr: cidr[1]! });
  return say('narr.cri.other', { kubelet, runtime, call: r.summary });
}

export function narrateCni(say: Say, r: TraceRecord): string {
  const from = actor(say, r.from);
  const cni = localPeer(say, r.from, r.to, 'narr.actor.cni');
  let m = /^CNI ADD (\S+) → (\S+)$/.exec(r.summary);
  if (m) return say('narr.cni.add', { runtime: from, cni, pod: podPhrase(m[1]!), ip: m[2]! });
  m = /^CNI ADD (\S+) failed: (.*)$/s.exec(r.summary);
  if (m) return say('narr.cni.addFailed', { runtime: from, cni, pod: podPhrase(m[1]!), error: m[2]! });
  m = /^CNI DEL (\S+)(?: \((\S+)\))?$/.exec(r.summary);
  if (m) return m[2] ? say('narr.cni.delReleased', { runtime: from, cni, pod: podPhrase(m[1]!), ip: m[2] }) : say('narr.cni.del', { runtime: from, cni, pod: podPhrase(m[1]!) });
  m = /^write CNI config: (.*)$/.exec(r.summary);
  if (m) return say('narr.cni.config', { from, config: m[1]! });
  return say('narr.cni.other', { from, cni, call: r.summary });
}

export function narrateCsi(say: Say, r: TraceRecord): string {
  const from = actor(say, r.from);
  const csi = actor(say, r.to);
  let m = /^CreateVolume (\S+) \((\S+)\) on (.+)$/.exec(r.summary);
  if (m) return m[3] === 'any node' ? say('narr.csi.createAnywhere', { csi, volume: m[1]!, size: m[2]! }) : say('narr.csi.create', { csi, volume: m[1]!, size: m[2]!, node: m[3]! });
  m = /^DeleteVolume (\S+)$/.exec(r.summary);
  if (m) return say('narr.csi.delete', { csi, volume: m[1]! });
  m = /^Node(Stage|Publish)Volume (\S+) → (\S+)$/.exec(r.summary);
  if (m) return say(m[1] === 'Stage' ? 'narr.csi.stage' : 'narr.csi.publish', { from, csi, volume: m[2]!, path: m[3]! });
  m = /^Node(Unstage|Unpublish)Volume (\S+)$/.exec(r.summary);
  if (m) return say(m[1] === 'Unstage' ? 'narr.csi.unstage' : 'narr.csi.unpublish', { from, csi, volume: m[2]! });
  return say('narr.csi.other', { from, csi, call: r.summary });
}

const PROBE_KINDS: Readonly<Record<string, MessageKey>> = {
  Liveness: 'narr.probe.kind.liveness',
  Readiness: 'narr.probe.kind.readiness',
  Startup: 'narr.probe.kind.startup',
};

export function narrateProbe(say: Say, r: TraceRecord): string {
  const kubelet = actor(say, r.from);
  const m = /^(Liveness|Readiness|Startup) probe (\S+) (\S+): (success|failure)(?: \((.*)\))?$/s.exec(r.summary);
  if (!m) return say('narr.probe.other', { kubelet, detail: r.summary });
  const params = { kubelet, probe: say(PROBE_KINDS[m[1]!]!), pod: podPhrase(m[2]!), container: m[3]! };
  if (m[4] === 'success') return say('narr.probe.success', params);
  return m[5] ? say('narr.probe.failureWhy', { ...params, reason: m[5] }) : say('narr.probe.failure', params);
}

export function narrateProcess(say: Say, r: TraceRecord): string {
  const m = /^container (\S+) in (\S+) exited with code (-?\d+) \((.*)\)$/.exec(r.summary);
  if (!m) return say('narr.process.other', { from: actor(say, r.from), detail: r.summary });
  return say('narr.process.exit', { container: m[1]!, pod: podPhrase(m[2]!), code: m[3]!, reason: m[4]! });
}

export function narrateProxy(say: Say, r: TraceRecord): string {
  const proxy = actor(say, r.from);
  const m = /^sync proxy rules: (\d+) services, (\d+) endpoints$/.exec(r.summary);
  if (!m) return say('narr.proxy.other', { proxy, detail: r.summary });
  return say('narr.proxy.sync', { proxy, services: m[1]!, endpoints: m[2]! });
}
