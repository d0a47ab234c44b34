# kube-apiserver's /metrics: Prometheus text, as k8s.io/component-base writes it. Every request it
# answered is counted by verb, group, resource, scope and response code.
kubectl get --raw /metrics | grep -E '^# (HELP|TYPE) apiserver_request_total'
# Each kubelet's heartbeat and each leader-election renewal is a Lease PUT: the counter climbs.
kubectl get --raw /metrics | grep 'resource="leases"' | grep 'verb="PUT"'
sim advance 10s
kubectl get --raw /metrics | grep 'resource="leases"' | grep 'verb="PUT"'
# Every informer holds a WATCH open on this apiserver.
kubectl get --raw /metrics | grep '^apiserver_longrunning_requests' | grep -E 'resource="(pods|nodes)"'
# What etcd stores, by resource (v1.34 renamed the gauge; v1.36 still serves the old name).
kubectl get --raw /metrics | grep -E '^apiserver_(resource|storage)_objects.*resource="pods'
kubectl get pods -A --no-headers | wc -l
# RBAC: cluster-admin and the system:monitoring group may get the path, jane may not.
kubectl get --raw /metrics --as=jane
# The kubelet serves its own, reached through kube-apiserver's node proxy.
kubectl get --raw /api/v1/nodes/node-1/proxy/metrics | grep -v '^#' | grep -v build_info
