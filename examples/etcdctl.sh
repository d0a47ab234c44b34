# etcd made visible. kubeadm's etcd serves TLS only and wants a client certificate, so etcdctl
# inside the etcd Pod (distroless: etcdctl, no shell) needs the CA, a certificate and its key.
kubectl exec -n kube-system etcd-control-plane -- etcdctl member list
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key member list -w table
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint health
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint status -w table
# Every stored object is a key under /registry (nodes are "minions", Services "services/specs").
kubectl create deployment web --image=nginx --replicas=2
kubectl rollout status deployment/web --timeout=1m
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key get /registry/pods --prefix --keys-only
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key get /registry/deployments/default/web
# What etcd does not hold: container logs, application data. Only API objects.
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key get / --prefix --keys-only | grep logs
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key get /registry/minions --prefix --keys-only
# A snapshot; changes after it; then the cluster rolled back to it.
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key snapshot save /var/lib/etcd/snap.db
kubectl create deployment after --image=nginx
kubectl delete deployment web
sim advance 15s
kubectl get deployments,pods
sim etcd restore /var/lib/etcd/snap.db
sim trace --last 1 --kind etcd-commit
kubectl get deployments
# The Reflectors relist: the kubelets stop the Pods that no longer exist and start web's again.
sim advance 15s
sim trace --kind cri --last 12
kubectl get deployments,pods
# A slow disk under the only member: every write waits for its fsync.
sim fail disk-latency/etcd --delay 1500ms
kubectl create configmap slow --from-literal=k=v
sim trace --last 4 --kind etcd-write,etcd-commit,response
kubectl exec -n kube-system etcd-control-plane -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint health
kubectl logs -n kube-system etcd-control-plane --tail 2
sim recover disk-latency/etcd
# Five members: a quorum of 3 survives two failures, not three.
sim topology ha --etcd-members 5
kubectl exec -n kube-system etcd-control-plane-1 -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key member list -w table
sim fail etcd-4
sim fail etcd-5
kubectl create configmap two-down --from-literal=k=v
kubectl exec -n kube-system etcd-control-plane-1 -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint health --cluster
sim fail etcd-3
kubectl create configmap three-down --from-literal=k=v
sim recover etcd-3
# A slow follower: with two members down the quorum needs its disk; with all five up it does not.
sim fail disk-latency/etcd-2 --delay 800ms
kubectl create configmap follower-needed --from-literal=k=v
sim trace --last 1 --kind etcd-commit
sim recover etcd-4
sim recover etcd-5
kubectl create configmap follower-not-needed --from-literal=k=v
sim trace --last 1 --kind etcd-commit
kubectl exec -n kube-system etcd-control-plane-1 -- etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint status --cluster -w table
