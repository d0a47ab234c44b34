# kubernetes.io's "Specifying a Disruption Budget for your Application" and "Safely Drain a Node",
# followed as written: the page's zk-pdb (src/k8s/docs-examples-debug.ts) over a three-member
# StatefulSet labelled app: zookeeper. (examples/pdb-drain.sh covers kubectl create pdb and drain's
# retries in depth.)
kubectl apply -f https://k8s.io/examples/policy/zookeeper-pod-disruption-budget-minavailable.yaml
# No Pods match yet: nothing may be disrupted.
kubectl get poddisruptionbudgets
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: zk
spec:
  serviceName: zk
  replicas: 3
  selector:
    matchLabels:
      app: zookeeper
  template:
    metadata:
      labels:
        app: zookeeper
    spec:
      containers:
      - name: zookeeper
        image: zookeeper:3.9
YAML
kubectl rollout status statefulset/zk --timeout=2m
sim advance 5s
# Three healthy, two must stay: one disruption allowed.
kubectl get poddisruptionbudgets
kubectl get poddisruptionbudgets zk-pdb -o yaml
# The maxUnavailable form means the same for three replicas, and follows the StatefulSet's scale.
kubectl apply -f https://k8s.io/examples/policy/zookeeper-pod-disruption-budget-maxunavailable.yaml
kubectl get poddisruptionbudgets
kubectl describe poddisruptionbudgets zk-pdb
# Safely Drain a Node: one node at a time; each eviction asks the budget.
kubectl get nodes
kubectl get pods -l app=zookeeper -o wide
kubectl drain node-1
kubectl drain node-1 --ignore-daemonsets
# The StatefulSet recreates zk-0 elsewhere. Draining node-2 next: a member that is not Ready yet
# may go (the budget still has its two healthy), a healthy one only once the third is Ready again;
# until then the eviction is refused (429) and retried.
kubectl get pods -l app=zookeeper -o wide
kubectl drain node-2 --ignore-daemonsets
kubectl get pods -l app=zookeeper -o wide
kubectl get poddisruptionbudgets
kubectl uncordon node-1 node-2
# The Eviction API: a POST to the Pod's eviction subresource (the page's curl to the insecure port is
# `kubectl create --raw` today, and its policy/v1beta1 is policy/v1). 201 while the budget allows it,
# 429 TooManyRequests once it would be broken.
sim advance 30s
kubectl get poddisruptionbudgets
kubectl create --raw /api/v1/namespaces/default/pods/zk-2/eviction -f - <<'JSON'
{
  "apiVersion": "policy/v1",
  "kind": "Eviction",
  "metadata": {
    "name": "zk-2",
    "namespace": "default"
  }
}
JSON
kubectl create --raw /api/v1/namespaces/default/pods/zk-1/eviction -f - <<'JSON'
{"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": "zk-1", "namespace": "default"}}
JSON
kubectl create --raw /api/v1/namespaces/default/pods/quux/eviction -f - <<'JSON'
{"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": "quux", "namespace": "default"}}
JSON
sim advance 30s
kubectl get pods -l app=zookeeper -o wide
# A budget that allows no voluntary disruption: the drain never completes (here it gives up at --timeout).
kubectl patch pdb zk-pdb --type=merge -p '{"spec":{"maxUnavailable":0}}'
sim advance 2s
kubectl get poddisruptionbudgets
kubectl drain node-3 --ignore-daemonsets --timeout=12s
kubectl uncordon node-3
