# API Priority and Fairness: how kube-apiserver sorts every request into a FlowSchema and a
# priority level, so a flood from one client cannot starve the control plane's own traffic.
kubectl api-resources --api-group=flowcontrol.apiserver.k8s.io
# The bootstrap FlowSchemas, in the order a request is matched against them.
kubectl get flowschemas
kubectl get prioritylevelconfigurations
# A node's heartbeat (its Lease) is matched by system-node-high, at the node-high level.
kubectl get flowschema system-node-high -o yaml
# The mandatory objects' specs are fixed; the exempt level may only change spec.exempt.
kubectl patch prioritylevelconfiguration catch-all --type=merge -p '{"spec":{"limited":{"nominalConcurrencyShares":50}}}'
# A suggested object is put back within a minute while apf.kubernetes.io/autoupdate-spec is "true"...
kubectl patch prioritylevelconfiguration global-default --type=merge -p '{"spec":{"limited":{"nominalConcurrencyShares":50}}}'
# ...and left alone once an administrator sets it to "false".
kubectl annotate prioritylevelconfiguration workload-low apf.kubernetes.io/autoupdate-spec=false --overwrite
kubectl patch prioritylevelconfiguration workload-low --type=merge -p '{"spec":{"limited":{"nominalConcurrencyShares":150}}}'
# A deleted mandatory FlowSchema comes back too (with a new uid).
kubectl delete flowschema catch-all
# Without its priority level a FlowSchema is Dangling (MISSINGPL True): requests skip it.
kubectl delete prioritylevelconfiguration global-default
kubectl get flowschema global-default
sim advance 60s
kubectl get prioritylevelconfigurations global-default workload-low
kubectl get flowschemas catch-all global-default
# A FlowSchema of one's own: its priority level does not exist yet, so it is Dangling (MISSINGPL True).
cat <<YAML | kubectl apply -f -
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: ci-robots
spec:
  priorityLevelConfiguration:
    name: ci
  matchingPrecedence: 1000
  distinguisherMethod:
    type: ByUser
  rules:
  - subjects:
    - kind: Group
      group:
        name: ci-robots
    resourceRules:
    - verbs: ["list", "watch"]
      apiGroups: ["*"]
      resources: ["*"]
      namespaces: ["*"]
YAML
kubectl get flowschema ci-robots
kubectl get flowschema ci-robots -o jsonpath='{.status.conditions[0].message}{"\n"}'
cat <<YAML | kubectl apply -f -
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: ci
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 5
    limitResponse:
      type: Queue
      queuing:
        queues: 16
        handSize: 4
YAML
kubectl get prioritylevelconfiguration ci
kubectl get flowschema ci-robots
# Validation speaks as kube-apiserver does.
cat <<YAML | kubectl apply -f -
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: too-wide
spec:
  type: Limited
  limited:
    lendablePercent: 120
    limitResponse:
      type: Queue
      queuing:
        queues: 4
        handSize: 8
YAML
kubectl explain flowschema.spec.distinguisherMethod
