# kube-apiserver's audit log (--audit-log-path, policy: everything at Metadata level): one
# audit.k8s.io/v1 Event per request it answered, as a JSON line: who sent it, from where, with
# which client, what it touched, the answer, and why RBAC allowed or forbade it.
kubectl get pod -n kube-system kube-apiserver-control-plane -o yaml | grep audit
kubectl create deployment web --image=nginx --replicas=2
sim audit --user kubernetes-admin --tail 1
sim advance 1s
# The controllers act as their own ServiceAccounts: the ReplicaSet came from the deployment
# controller, allowed by its bootstrap ClusterRoleBinding.
sim audit --user system:serviceaccount:kube-system:deployment-controller --verb create --tail 2
# A denied request is audited too, with the Status the client was sent; kubectl --as shows as
# the real user with an impersonatedUser.
kubectl get secrets --as=jane
sim audit --verb list --tail 1
# Every apiserver has an identity Lease, apiserver-<hash of its hostname>.
kubectl get leases -n kube-system -l apiserver.kubernetes.io/identity=kube-apiserver
