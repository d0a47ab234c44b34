/** The simulated cloud's state (provider.ts), a declaration leaf the World can hold. */
export interface CloudLoadBalancer {
  /** The Service it fronts, `namespace/name`. */
  service: string;
  ip: string;
  /** When it is ready; until then EnsureLoadBalancer is still working. */
  readyAt: number;
  /** An EnsureLoadBalancer call is under way (its `EnsuringLoadBalancer` recorded, not yet its `EnsuredLoadBalancer`). */
  ensuring?: true;
}

export interface CloudState {
  /** Load balancers by name (cloudprovider.DefaultLoadBalancerName). */
  loadBalancers: Record<string, CloudLoadBalancer>;
}
