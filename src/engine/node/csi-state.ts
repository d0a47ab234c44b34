import type { ComponentBase } from '../core/component';
import type { InformerState } from '../client/types';

/** A volume the hostpath driver created (a directory on one node). */
export interface CsiVolume {
  /** CSI volume handle (a UUID). */
  handle: string;
  /** PV name `pvc-<uid of the claim>`. */
  pvName: string;
  node: string;
  capacityBytes: number;
}

/**
 * The hostpath.csi.k8s.io driver: its controller side (external-provisioner sidecar + the
 * plugin's CreateVolume) and its node plugins (NodeStage/NodePublish on each node).
 */
export interface CsiState extends ComponentBase {
  kind: 'csi';
  informers: Record<string, InformerState>;
  /** The provisioner's identity, part of its event source name. */
  identity: string;
  /**
   * `<start ms>-<n>-hostpath.csi.k8s.io`, new at every start: the csiProvisionerIdentity volume
   * attribute of the PVs it creates.
   */
  provisionerId: string;
  volumes: Map<string, CsiVolume>;
  /** `<node>|<handle>` → staging path. */
  staged: Map<string, string>;
  /** `<pod uid>|<handle>` → target path. */
  published: Map<string, string>;
  /** PVC keys with a reconcile timer pending. */
  pending: Set<string>;
  /** PVC keys whose CreateVolume is in flight (claimsInProgress): one call per claim. */
  provisioning: Set<string>;
}
