/**
 * The containers of a Pod share one network namespace (the sandbox's): `localhost:80` from a
 * sidecar, or from a `kubectl debug --target` container, is the nginx of the Pod's main
 * container. A container's own apps answer its loopback first (container-net.ts); this view
 * answers for the others, skipping the container making the request (its process is the one
 * running). Nothing here passes kube-proxy or NetworkPolicy: loopback traffic never leaves the
 * namespace.
 */
import type { HttpAnswer, HttpRequest, PodLoopback, RedisWire } from '../images/types';
import { markComponentChanged } from '../runtime';
import type { World } from '../world';
import { listensOn, serveMysql, serveRedis, serveRequest } from './app';
import type { MysqlRequest, MysqlWire } from '../images/mysql-wire';
import { feedReplicas } from './traffic';
import type { ContainerRecord, RuntimeState } from './runtime-state';

function siblings(rt: RuntimeState, sandboxId: string, caller: string): ContainerRecord[] {
  const out: ContainerRecord[] = [];
  for (const c of rt.containers.values()) if (c.sandboxId === sandboxId && c.id !== caller && c.state === 'CONTAINER_RUNNING' && c.process) out.push(c);
  return out;
}

export function podLoopback(w: World, rt: RuntimeState, caller: ContainerRecord): PodLoopback {
  return {
    http(port: number, req: HttpRequest): HttpAnswer | 'hang' | undefined {
      for (const c of siblings(rt, caller.sandboxId, caller.id)) {
        const a = serveRequest(c.process!, w.now, port, req, req.path, req.loopbackIpv6 ? '::1' : '127.0.0.1');
        if (!a) continue;
        markComponentChanged(w, rt.id);
        return a.hang ? 'hang' : a;
      }
      return undefined;
    },
    redis(port: number, commands: string[][]): RedisWire {
      for (const c of siblings(rt, caller.sandboxId, caller.id)) {
        const a = serveRedis(c.process!, w.now, port, commands);
        if (a.kind === 'refused') continue;
        markComponentChanged(w, rt.id);
        feedReplicas(w, c);
        return a;
      }
      return { kind: 'refused' };
    },
    mysql(port: number, req: MysqlRequest): MysqlWire {
      for (const c of siblings(rt, caller.sandboxId, caller.id)) {
        const a = serveMysql(c.process!, w.now, port, req, '127.0.0.1');
        if (a.kind === 'refused') continue;
        markComponentChanged(w, rt.id);
        return a;
      }
      return { kind: 'refused' };
    },
    connect(port: number): boolean {
      return siblings(rt, caller.sandboxId, caller.id).some((c) => listensOn(c.process!, w.now, port));
    },
  };
}
