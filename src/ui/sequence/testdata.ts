/**
 * Real trace records from `kubectl apply -f go-api.yaml` on seed 1 (a subset: the Deployment's
 * create, the ReplicaSet's create, one Pod from generateName to readiness, one Event, one Lease
 * renewal). Shared by the sequence tests; nothing in the app imports it.
 */
import type { TraceRecord } from '../../engine/core/trace';

/** A record as JSON spells it: ids and times without their compile-time brands. */
export type RawRecord = Omit<TraceRecord, 'at' | 'from' | 'to'> & { at: number; from: string; to: string };

/** Brands are compile-time only (engine/core/ids.ts), so this is a cast, not a conversion. */
export const records = (raw: readonly RawRecord[]): readonly TraceRecord[] => raw as readonly TraceRecord[];

export const GO_API_TRACE = records([
  {"seq":1525,"at":7904,"from":"kubectl","to":"kube-apiserver","kind":"request","summary":"GET /apis/apps/v1/namespaces/default/deployments/go-api","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":280},
  {"seq":1526,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"authn","summary":"authenticated as \"kubernetes-admin\"","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":280},
  {"seq":1527,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"authz","summary":"RBAC: allowed get deployments","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":280},
  {"seq":1528,"at":7904,"from":"kube-apiserver","to":"kubectl","kind":"response","summary":"404 NotFound: deployments.apps \"go-api\" not found","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":280},
  {"seq":1529,"at":7904,"from":"kubectl","to":"kube-apiserver","kind":"request","summary":"POST /apis/apps/v1/namespaces/default/deployments","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1530,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"authn","summary":"authenticated as \"kubernetes-admin\"","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1531,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"authz","summary":"RBAC: allowed create deployments","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1532,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"mutating-admission","summary":"mutated by defaulting","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1533,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"validation","summary":"Deployment is valid","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1534,"at":7904,"from":"kube-apiserver","to":"kube-apiserver","kind":"validating-admission","summary":"admitted","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1535,"at":7904,"from":"kube-apiserver","to":"etcd","kind":"etcd-write","summary":"Txn create /registry/deployments/default/go-api","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"requestId":281},
  {"seq":1536,"at":7904,"from":"etcd","to":"kube-apiserver","kind":"etcd-commit","summary":"committed revision 193 (quorum 1/1)","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"resourceVersion":"193","requestId":281},
  {"seq":1537,"at":7904,"from":"kube-apiserver","to":"kubectl","kind":"response","summary":"201 Created deployment/go-api","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"resourceVersion":"193","requestId":281},
  {"seq":1538,"at":7905,"from":"kube-apiserver","to":"deployment-controller","kind":"watch","summary":"watch ADDED deployment default/go-api","object":{"kind":"Deployment","name":"go-api","namespace":"default"},"resourceVersion":"193"},
  {"seq":1539,"at":7906,"from":"deployment-controller","to":"deployment-controller","kind":"reconcile","summary":"reconcile default/go-api"},
  {"seq":1540,"at":7906,"from":"deployment-controller","to":"kube-apiserver","kind":"request","summary":"POST /apis/apps/v1/namespaces/default/replicasets","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1541,"at":7906,"from":"kube-apiserver","to":"kube-apiserver","kind":"authn","summary":"authenticated as \"system:serviceaccount:kube-system:deployment-controller\"","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1542,"at":7906,"from":"kube-apiserver","to":"kube-apiserver","kind":"authz","summary":"RBAC: allowed create replicasets","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1543,"at":7906,"from":"kube-apiserver","to":"kube-apiserver","kind":"mutating-admission","summary":"no mutation","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1544,"at":7906,"from":"kube-apiserver","to":"kube-apiserver","kind":"validation","summary":"ReplicaSet is valid","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1545,"at":7906,"from":"kube-apiserver","to":"kube-apiserver","kind":"validating-admission","summary":"admitted","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1546,"at":7906,"from":"kube-apiserver","to":"etcd","kind":"etcd-write","summary":"Txn create /registry/replicasets/default/go-api-568fb6b74","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"requestId":282},
  {"seq":1547,"at":7906,"from":"etcd","to":"kube-apiserver","kind":"etcd-commit","summary":"committed revision 194 (quorum 1/1)","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"resourceVersion":"194","requestId":282},
  {"seq":1548,"at":7906,"from":"kube-apiserver","to":"deployment-controller","kind":"response","summary":"201 Created replicaset/go-api-568fb6b74","object":{"kind":"ReplicaSet","name":"go-api-568fb6b74","namespace":"default"},"resourceVersion":"194","requestId":282},
  {"seq":1579,"at":7908,"from":"replicaset-controller","to":"kube-apiserver","kind":"request","summary":"POST /api/v1/namespaces/default/pods","object":{"kind":"Pod","name":"go-api-568fb6b74-","namespace":"default"},"requestId":287},
  {"seq":1580,"at":7908,"from":"kube-apiserver","to":"kube-apiserver","kind":"authn","summary":"authenticated as \"system:serviceaccount:kube-system:replicaset-controller\"","object":{"kind":"Pod","name":"go-api-568fb6b74-","namespace":"default"},"requestId":287},
  {"seq":1581,"at":7908,"from":"kube-apiserver","to":"kube-apiserver","kind":"authz","summary":"RBAC: allowed create pods","object":{"kind":"Pod","name":"go-api-568fb6b74-","namespace":"default"},"requestId":287},
  {"seq":1582,"at":7908,"from":"kube-apiserver","to":"kube-apiserver","kind":"mutating-admission","summary":"mutated by defaulting, ServiceAccount, Priority, DefaultTolerationSeconds","object":{"kind":"Pod","name":"","namespace":"default"},"requestId":287},
  {"seq":1583,"at":7908,"from":"kube-apiserver","to":"kube-apiserver","kind":"validation","summary":"Pod is valid","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":287},
  {"seq":1584,"at":7908,"from":"kube-apiserver","to":"kube-apiserver","kind":"validating-admission","summary":"admitted","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":287},
  {"seq":1585,"at":7908,"from":"kube-apiserver","to":"etcd","kind":"etcd-write","summary":"Txn create /registry/pods/default/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":287},
  {"seq":1586,"at":7908,"from":"etcd","to":"kube-apiserver","kind":"etcd-commit","summary":"committed revision 199 (quorum 1/1)","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"199","requestId":287},
  {"seq":1587,"at":7908,"from":"kube-apiserver","to":"replicaset-controller","kind":"response","summary":"201 Created pod/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"199","requestId":287},
  {"seq":1588,"at":7908,"from":"replicaset-controller","to":"kube-apiserver","kind":"event","summary":"Event Normal SuccessfulCreate: Created pod: go-api-568fb6b74-xfwr5","resourceVersion":"200"},
  {"seq":1616,"at":7909,"from":"kube-apiserver","to":"replicaset-controller","kind":"watch","summary":"watch ADDED pod default/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"199"},
  {"seq":1617,"at":7909,"from":"kube-apiserver","to":"kube-scheduler","kind":"watch","summary":"watch ADDED pod default/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"199"},
  {"seq":1632,"at":7910,"from":"kube-scheduler","to":"kube-scheduler","kind":"schedule","summary":"pod default/go-api-568fb6b74-xfwr5: filter 4 nodes → 3 feasible; score node-1=491 node-3=491 node-2=489; selected node-1","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1633,"at":7910,"from":"kube-scheduler","to":"kube-apiserver","kind":"request","summary":"POST /api/v1/namespaces/default/pods/go-api-568fb6b74-xfwr5/binding","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":295},
  {"seq":1634,"at":7910,"from":"kube-apiserver","to":"kube-apiserver","kind":"authn","summary":"authenticated as \"system:kube-scheduler\"","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":295},
  {"seq":1635,"at":7910,"from":"kube-apiserver","to":"kube-apiserver","kind":"authz","summary":"RBAC: allowed create pods/binding","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":295},
  {"seq":1636,"at":7910,"from":"kube-apiserver","to":"kube-apiserver","kind":"validation","summary":"Pod is valid","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":295},
  {"seq":1637,"at":7910,"from":"kube-apiserver","to":"etcd","kind":"etcd-write","summary":"Txn update /registry/pods/default/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"requestId":295},
  {"seq":1638,"at":7910,"from":"etcd","to":"kube-apiserver","kind":"etcd-commit","summary":"committed revision 207 (quorum 1/1)","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"207","requestId":295},
  {"seq":1639,"at":7910,"from":"kube-apiserver","to":"kube-scheduler","kind":"response","summary":"201 Created pod/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","name":"go-api-568fb6b74-xfwr5","namespace":"default"},"resourceVersion":"207","requestId":295},
  {"seq":1640,"at":7910,"from":"kube-scheduler","to":"kube-apiserver","kind":"event","summary":"Event Normal Scheduled: Successfully assigned default/go-api-568fb6b74-xfwr5 to node-1","resourceVersion":"208"},
  {"seq":1700,"at":7930,"from":"kubelet/node-1","to":"container-runtime/node-1","kind":"cri","summary":"RunPodSandbox default/go-api-568fb6b74-xfwr5","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1722,"at":8616,"from":"container-runtime/node-1","to":"cni/node-1","kind":"cni","summary":"CNI ADD default/go-api-568fb6b74-xfwr5 → 10.244.1.2","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1724,"at":8616,"from":"kubelet/node-1","to":"container-runtime/node-1","kind":"cri","summary":"PullImage registry.example.com/go-api:v1.0.0","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1761,"at":9500,"from":"kube-controller-manager","to":"kube-apiserver","kind":"lease","summary":"GET lease kube-system/kube-controller-manager","resourceVersion":"191"},
  {"seq":1771,"at":12185,"from":"kubelet/node-1","to":"container-runtime/node-1","kind":"cri","summary":"CreateContainer api","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1786,"at":12239,"from":"kubelet/node-1","to":"container-runtime/node-1","kind":"cri","summary":"StartContainer api","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
  {"seq":1906,"at":23093,"from":"kubelet/node-1","to":"container-runtime/node-1","kind":"probe","summary":"Readiness probe default/go-api-568fb6b74-xfwr5 api: success","object":{"kind":"Pod","namespace":"default","name":"go-api-568fb6b74-xfwr5"}},
]);
