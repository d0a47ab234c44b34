/**
 * The kubelet's CSI node-info manager (pkg/volume/csi/nodeinfomanager): once its Node exists, the
 * kubelet creates the CSINode of the same name, owned by the Node (so it goes with it), with the
 * in-tree volume plugins whose CSI migration is on in the `storage.alpha.kubernetes.io/migrated-
 * plugins` annotation and, for each CSI driver registered on the machine, an entry with the
 * driver's node ID and topology keys — what the scheduler reads for volume limits and topology.
 * The hostpath driver's node-driver-registrar runs on every machine from the start, so the CSINode
 * is created with its entry in one request (a real kubelet creates it empty and adds the driver
 * when the registrar's socket appears); its node ID annotation and topology label are on the Node
 * from registration (node-status.ts).
 */
import type { CSINode, Node } from '../../k8s/types';
import { CSI_DRIVER } from '../apiserver/bootstrap';
import { csiDriver } from '../node/csi-node';
import { TOPOLOGY_KEY } from '../node/csi';
import type { World } from '../world';
import { api } from './client';
import { fnv1a } from '../../k8s/sha256';
import { withRngStream } from '../runtime';
import type { KubeletState } from './state';

/** setMigrationAnnotation: the in-tree plugins handed to CSI drivers (CSIMigration*, all on in v1.36). */
export const MIGRATED_PLUGINS_ANNOTATION = 'storage.alpha.kubernetes.io/migrated-plugins';
const MIGRATED_PLUGINS = [
  'kubernetes.io/aws-ebs',
  'kubernetes.io/azure-disk',
  'kubernetes.io/azure-file',
  'kubernetes.io/cinder',
  'kubernetes.io/gce-pd',
  'kubernetes.io/portworx-volume',
  'kubernetes.io/vsphere-volume',
].join(',');

/** The Node annotation that maps each registered CSI driver to this node's ID for it. */
export const CSI_NODE_ID_ANNOTATION = 'csi.volume.kubernetes.io/nodeid';

export function csiNodeIdAnnotation(host: string): string {
  return JSON.stringify({ [CSI_DRIVER]: host });
}

/** InitializeCSINodeWithAnnotation for a registered Node: a CSINode that is already there is kept. */
export function initializeCsiNode(w: World, self: KubeletState, node: Node): void {
  const got = api(w, self, { verb: 'get', resource: 'csinodes', name: self.host });
  if (got.ok || 'network' in got.error || got.error.code !== 404) return;
  const body: CSINode = {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'CSINode',
    metadata: {
      name: self.host,
      annotations: { [MIGRATED_PLUGINS_ANNOTATION]: MIGRATED_PLUGINS },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.metadata.name ?? self.host, uid: node.metadata.uid ?? '' }],
    },
    spec: { drivers: csiDriver(w) ? [{ name: CSI_DRIVER, nodeID: self.host, topologyKeys: [TOPOLOGY_KEY] }] : [] },
  };
  // Its uid from a stream of its own: adding CSINodes left every other draw where it was.
  withRngStream(w, CSI_NODE_STREAM ^ fnv1a(`${self.host}:${w.now}`), () => api(w, self, { verb: 'create', resource: 'csinodes', body }));
}

/** Seeds the stream a CSINode draws its uid from (mixed with the node and the moment). */
const CSI_NODE_STREAM = 0xc51_40de;
