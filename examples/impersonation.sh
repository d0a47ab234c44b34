# kubectl --as: kube-apiserver first checks that the real user (kubernetes-admin) may
# `impersonate` the user and groups asked for, then RBAC decides as the impersonated user.
# jane is bound to the `view` ClusterRole in `default` only.
kubectl get pods --as=jane
kubectl get pods -n kube-system --as=jane
kubectl delete node node-1 --as=jane
kubectl get nodes
kubectl --as=jane create deployment web --image=nginx
# Groups come with the impersonated user: system:masters is bound to cluster-admin.
kubectl delete node node-1 --as=jane --as-group=system:masters --dry-run=server
kubectl get pods --as=system:serviceaccount:default:default
# Groups without a user are a kubeconfig error, found before any request.
kubectl get pods --as-group=system:masters
sim trace --last 7
