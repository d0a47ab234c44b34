/** Which CNI plugin the cluster's nodes run (every node runs the same one). */
import { DEFAULT_CNI, type CniPlugin } from '../topology/topology';
import type { World } from '../world';

export function cniPluginOf(w: World): CniPlugin {
  for (const c of w.components.values()) if (c.kind === 'cni') return c.plugin;
  return DEFAULT_CNI;
}

/** Whether the plugin's node agent enforces NetworkPolicy (flannel's does not). */
export function enforcesNetworkPolicy(plugin: CniPlugin): boolean {
  switch (plugin) {
    case 'kindnet':
    case 'calico':
      return true;
    case 'flannel':
      return false;
    default: {
      const never: never = plugin;
      return never;
    }
  }
}

/** The binary the node's CNI config names, which containerd reports in its errors. */
export function cniPluginType(plugin: CniPlugin): string {
  switch (plugin) {
    case 'kindnet':
      // kindnet's config chains the reference ptp plugin.
      return 'ptp';
    case 'calico':
      return 'calico';
    case 'flannel':
      return 'flannel';
    default: {
      const never: never = plugin;
      return never;
    }
  }
}
