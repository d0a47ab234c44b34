/**
 * The simulated cloud behind cloud-controller-manager (`--cloud-provider sim`): its instances
 * (one per machine, `sim://<name>`) and its load balancers, allocated from 203.0.113.0/24
 * (TEST-NET-3, an address range no real network uses). The cloud is outside the cluster: its
 * state lives on the World, not in the controller manager, so a new leader finds the load
 * balancers the old one made, as it would find them through a cloud's API.
 */
import type { Service } from '../../../k8s/types';
import type { World } from '../../world';
import type { CloudLoadBalancer, CloudState } from './cloud-state';

export type { CloudLoadBalancer, CloudState } from './cloud-state';

/** A load balancer takes this long to provision (clouds take seconds to minutes). */
export const LB_PROVISION_MS = 3_000;

const LB_NET = '203.0.113.';
const LB_FIRST = 10;

export const REGION = 'sim-region-1';
export const INSTANCE_TYPE = 'sim.standard-2';

function cloud(w: World): CloudState {
  return (w.cloud ??= { loadBalancers: {} });
}

/** cloudprovider.DefaultLoadBalancerName: `a` + the Service's uid without dashes, at most 32 characters. */
export function loadBalancerName(svc: Service): string {
  return ('a' + (svc.metadata.uid ?? '').replace(/-/g, '')).slice(0, 32);
}

export function getLoadBalancer(w: World, svc: Service): CloudLoadBalancer | undefined {
  return cloud(w).loadBalancers[loadBalancerName(svc)];
}

/** Starts (or finds) the Service's load balancer; the lowest free address is its IP. */
export function ensureLoadBalancer(w: World, svc: Service): CloudLoadBalancer {
  const c = cloud(w);
  const name = loadBalancerName(svc);
  const existing = c.loadBalancers[name];
  if (existing) return existing;
  const used = new Set(Object.values(c.loadBalancers).map((lb) => lb.ip));
  let n = LB_FIRST;
  while (used.has(LB_NET + n)) n++;
  const lb = { service: `${svc.metadata.namespace}/${svc.metadata.name}`, ip: LB_NET + n, readyAt: w.now + LB_PROVISION_MS };
  c.loadBalancers[name] = lb;
  return lb;
}

export function deleteLoadBalancer(w: World, svc: Service): void {
  delete cloud(w).loadBalancers[loadBalancerName(svc)];
}

/** The instance a machine is in the cloud, as InstancesV2.InstanceMetadata answers. */
export function instanceMetadata(w: World, node: string): { providerID: string; instanceType: string; region: string; zone: string } | undefined {
  const machines = [...w.machineSpecs.keys()];
  const i = machines.indexOf(node);
  if (i < 0) return undefined;
  return { providerID: `sim://${node}`, instanceType: INSTANCE_TYPE, region: REGION, zone: `${REGION}${'abc'[i % 3]}` };
}
