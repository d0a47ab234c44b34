/**
 * `GET pods/<name>/log?follow=true` (`kubectl logs -f`): the log so far, then a chunked response
 * that stays open and grows as the simulation writes lines, and ends when the container stops
 * (or the Pod goes), as the kubelet's follow ends when the container exits. The first read is
 * the traced request; later reads are the same stream (Simulation.followLog), so the trace shows
 * one GET, as kube-apiserver's does.
 */
import type { ServerResponse } from 'node:http';
import type { LogOptions } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import type { ServedCluster } from '../cluster';

export interface FollowSpec {
  namespace: string;
  name: string;
  options: LogOptions;
  /** What the traced request returned (tailLines applied). */
  first: string;
}

function stopped(pod: Pod | undefined, container: string): boolean {
  if (!pod) return true;
  return (pod.status?.containerStatuses ?? []).some((c) => c.name === container && c.state?.terminated !== undefined);
}

export function serveLogFollow(res: ServerResponse, cluster: ServedCluster, spec: FollowSpec): void {
  const { sim, feed } = cluster;
  const key = `pods/${spec.namespace}/${spec.name}`;
  const pod = sim.objects('pods').find((p) => p.metadata.namespace === spec.namespace && p.metadata.name === spec.name) as Pod | undefined;
  const container = spec.options.container ?? pod?.spec.containers[0]?.name ?? '';
  // Later reads take the whole log and send what it grew by; tail and byte limits shaped the first read only.
  const { tailLines: _tail, limitBytes: _limit, ...whole } = spec.options;
  let seen = sim.followLog(spec.namespace, spec.name, whole) ?? '';
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  res.write(spec.first);
  if (stopped(pod, container)) return void res.end();

  let ended = false;
  let readAt: number = sim.now;
  const readMore = (): void => {
    // Lines appear only as simulated time passes: a pump without an advance has nothing new.
    if (sim.now === readAt) return;
    readAt = sim.now;
    const next = sim.followLog(spec.namespace, spec.name, whole);
    if (next === undefined) return;
    // A restarted container starts a new log: the stream was of the old one, which has ended.
    if (next.length > seen.length && next.startsWith(seen)) res.write(next.slice(seen.length));
    seen = next;
  };
  const end = (): void => {
    if (ended) return;
    ended = true;
    offDiffs();
    offCommits();
    res.end();
  };
  const offDiffs = feed.subscribeDiffs(() => {
    if (!ended) readMore();
  });
  const offCommits = feed.subscribe((entries) => {
    for (const e of entries) {
      if (e.key !== key) continue;
      if (stopped(e.object as Pod | undefined, container)) {
        readAt = -1;
        readMore();
        return end();
      }
    }
  });
  res.on('close', end);
}
