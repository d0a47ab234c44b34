/**
 * Narration of what happens on a node: kubelet's CRI calls, the runtime's CNI calls, CSI
 * volume operations, probe results, container exits, kube-proxy syncs and `sim curl` traffic.
 * Each function reads the record's typed detail; every switch is exhaustive.
 */
import type { TraceRecordOf } from '../../engine/core/trace';
import type { MessageKey } from '../i18n/catalog';
import { actor, localPeer, podPhrase, type Say } from './words';

export function narrateCri(say: Say, r: TraceRecordOf<'cri'>): string {
  const kubelet = actor(say, r.from);
  const d = r.detail;
  // CRI is two gRPC services on one socket: RuntimeService (sandboxes, containers) and ImageService.
  const runtime = say('narr.cri.service', { runtime: localPeer(say, r.from, r.to, 'narr.actor.runtime'), service: d.service });
  switch (d.call) {
    case 'RunPodSandbox':
      return say('narr.cri.sandbox', { kubelet, runtime, pod: podPhrase(d.pod) });
    case 'StopPodSandbox':
      return say('narr.cri.stopSandbox', { kubelet, runtime, pod: podPhrase(d.pod) });
    case 'RemovePodSandbox':
      return say('narr.cri.removeSandbox', { kubelet, runtime, pod: podPhrase(d.pod) });
    case 'CreateContainer':
      return say('narr.cri.create', { kubelet, runtime, container: d.container });
    case 'StartContainer':
      return say('narr.cri.start', { kubelet, runtime, container: d.container });
    case 'StopContainer':
      return say('narr.cri.stop', { kubelet, runtime, container: d.container });
    case 'PullImage':
      return say('narr.cri.pull', { kubelet, runtime, image: d.image });
    case 'UpdateRuntimeConfig':
      return say('narr.cri.podCIDR', { kubelet, runtime, cidr: d.podCIDR });
    case 'Exec':
      return say('narr.cri.exec', { kubelet, runtime, container: d.container, command: d.command.join(' ') });
    case 'Attach':
      return say('narr.cri.attach', { kubelet, runtime, container: d.container });
    case 'PortForward':
      return say('narr.cri.portForward', { kubelet, runtime, pod: podPhrase(d.pod), port: String(d.port) });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

export function narrateCni(say: Say, r: TraceRecordOf<'cni'>): string {
  const from = actor(say, r.from);
  const cni = localPeer(say, r.from, r.to, 'narr.actor.cni');
  const d = r.detail;
  switch (d.op) {
    case 'ADD':
      return 'ip' in d
        ? say('narr.cni.add', { runtime: from, cni, pod: podPhrase(d.pod), ip: d.ip })
        : say('narr.cni.addFailed', { runtime: from, cni, pod: podPhrase(d.pod), error: d.error });
    case 'DEL':
      return d.releasedIp !== undefined
        ? say('narr.cni.delReleased', { runtime: from, cni, pod: podPhrase(d.pod), ip: d.releasedIp })
        : say('narr.cni.del', { runtime: from, cni, pod: podPhrase(d.pod) });
    case 'config':
      return say('narr.cni.config', { from, plugin: d.plugin, subnet: d.subnet });
    case 'policy-sync':
      return say('narr.cni.policySync', { cni: from, policies: String(d.policies), pods: String(d.isolatedPods) });
    case 'drop':
      return say(d.direction === 'ingress' ? 'narr.cni.dropIngress' : 'narr.cni.dropEgress', { cni: from, pod: podPhrase(d.pod), peer: d.peer, port: String(d.port), policies: d.policies.join(', ') });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

/** The runtime below the CRI: `runc create` / `runc start` (`crun` on CRI-O) for a container or the sandbox's pause container. */
export function narrateOci(say: Say, r: TraceRecordOf<'oci'>): string {
  const d = r.detail;
  const params = { runtime: actor(say, r.from), command: `${d.runtime} ${d.op}`, pod: podPhrase(d.pod) };
  return d.container === undefined ? say('narr.oci.sandbox', params) : say('narr.oci.container', { ...params, container: d.container });
}

export function narrateCsi(say: Say, r: TraceRecordOf<'csi'>): string {
  const from = actor(say, r.from);
  const csi = actor(say, r.to);
  const d = r.detail;
  switch (d.call) {
    case 'CreateVolume':
      return d.node !== undefined ? say('narr.csi.create', { csi, volume: d.volume, size: d.size, node: d.node }) : say('narr.csi.createAnywhere', { csi, volume: d.volume, size: d.size });
    case 'DeleteVolume':
      return say('narr.csi.delete', { csi, volume: d.volume });
    case 'NodeStageVolume':
      return say('narr.csi.stage', { from, csi, volume: d.volume, path: d.path });
    case 'NodePublishVolume':
      return say('narr.csi.publish', { from, csi, volume: d.volume, path: d.path });
    case 'NodeUnstageVolume':
      return say('narr.csi.unstage', { from, csi, volume: d.volume });
    case 'NodeUnpublishVolume':
      return say('narr.csi.unpublish', { from, csi, volume: d.volume });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

const PROBE_KINDS: Readonly<Record<TraceRecordOf<'probe'>['detail']['probe'], MessageKey>> = {
  liveness: 'narr.probe.kind.liveness',
  readiness: 'narr.probe.kind.readiness',
  startup: 'narr.probe.kind.startup',
};

export function narrateProbe(say: Say, r: TraceRecordOf<'probe'>): string {
  const d = r.detail;
  const params = { kubelet: actor(say, r.from), probe: say(PROBE_KINDS[d.probe]), pod: podPhrase(d.pod), container: d.container };
  switch (d.result) {
    case 'success':
      return say('narr.probe.success', params);
    case 'failure':
      return d.message ? say('narr.probe.failureWhy', { ...params, reason: d.message }) : say('narr.probe.failure', params);
    default: {
      const never: never = d.result;
      return String(never);
    }
  }
}

export function narrateProcess(say: Say, r: TraceRecordOf<'process'>): string {
  const d = r.detail;
  // Without its sandbox the runtime knows the Pod only by UID.
  const pod = d.pod ? podPhrase(d.pod) : `pod ${d.podUID}`;
  return say('narr.process.exit', { container: d.container, pod, code: d.exitCode, reason: d.reason });
}

export function narratePleg(say: Say, r: TraceRecordOf<'pleg'>): string {
  const d = r.detail;
  const pod = d.pod ? podPhrase(d.pod) : `pod ${d.podUID}`;
  const events = d.events.map((e) => (e.container === undefined ? say('narr.pleg.sandbox', { event: e.type }) : say('narr.pleg.container', { event: e.type, container: e.container })));
  return say('narr.pleg.relist', { kubelet: actor(say, r.from), pod, events: events.join(say('narr.pleg.separator')) });
}

export function narrateProxy(say: Say, r: TraceRecordOf<'proxy'>): string {
  const proxy = actor(say, r.from);
  const d = r.detail;
  switch (d.type) {
    case 'sync':
      return say('narr.proxy.sync', { proxy, services: d.services, endpoints: d.endpoints });
    case 'traffic': {
      // A bare TCP connection (nc -z, telnet) carries no request: it is told as a connection.
      const tcp = d.protocol === 'tcp';
      if (d.pod && d.fromPod) return say(tcp ? 'narr.proxy.connectFromPod' : 'narr.proxy.trafficFromPod', { proxy, from: podPhrase(d.fromPod), url: d.url, endpoint: d.endpoint, pod: podPhrase(d.pod) });
      if (d.pod) return say(tcp ? 'narr.proxy.connect' : 'narr.proxy.traffic', { proxy, url: d.url, endpoint: d.endpoint, pod: podPhrase(d.pod) });
      // A node's own address: its host-network process (kube-apiserver), or nothing that answers.
      if (d.host !== undefined && d.listener !== undefined) return say(tcp ? 'narr.proxy.connectHost' : 'narr.proxy.trafficHost', { proxy, url: d.url, endpoint: d.endpoint, node: d.host, listener: actor(say, d.listener) });
      if (d.host !== undefined) return say(tcp ? 'narr.proxy.connectNode' : 'narr.proxy.trafficNode', { proxy, url: d.url, endpoint: d.endpoint, node: d.host });
      return say(tcp ? 'narr.proxy.connectNoPod' : 'narr.proxy.trafficNoPod', { proxy, url: d.url, endpoint: d.endpoint });
    }
    default: {
      const never: never = d;
      return String(never);
    }
  }
}
