/**
 * What the learner's kubectl meets when it dials a kubeconfig's `server` from the workstation
 * (10.0.0.1, on the machines' network): kube-apiserver's secure port — an instance's address or
 * the HA load balancer's — with the names its serving certificate holds; a cluster machine (or
 * the load balancer) where nothing listens on that port, which refuses the connection; or an
 * address no machine holds, where the SYN goes unanswered and the dial times out. Only the
 * address decides: which instance serves the request is still handler.ts pickServer's choice.
 */
import { apiServerCertNames } from './cluster-ca';
import { lbAddress } from './handler';
import type { ApiServerState } from './state';
import type { World } from '../world';

export type ApiDial = { kind: 'apiserver'; certNames: string[] } | { kind: 'refused' } | { kind: 'timeout' };

export function dialFromWorkstation(w: World, host: string, port: number): ApiDial {
  const servers = w.apiServers.map((id) => w.components.get(id) as ApiServerState);
  const lb = lbAddress(w);
  const target = `${host}:${port}`;
  const server = target === lb ? servers[0] : servers.find((s) => s.address === target);
  if (server) return { kind: 'apiserver', certNames: apiServerCertNames(server, lb) };
  const machine = [...w.machineSpecs.values()].some((m) => m.ip === host) || lb.split(':')[0] === host;
  return machine ? { kind: 'refused' } : { kind: 'timeout' };
}
