/** The node and Pod lists side by side: the cluster at the moment shown, in kubectl's words. */
import { NodeList } from '../components/NodeList';
import { PodList } from '../components/PodList';

export function ClusterLists() {
  return (
    <div className="cluster-lists">
      <NodeList />
      <PodList />
    </div>
  );
}
