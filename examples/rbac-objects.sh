# RBAC's kinds are served objects: the bootstrap policy kube-apiserver creates, and what a learner adds.
# (each controller's system:controller:<name> role and binding left out here)
kubectl get clusterroles -l kubernetes.io/bootstrapping=rbac-defaults | grep -v system:controller:
kubectl get clusterrolebindings -o wide | grep -v system:controller:
kubectl describe clusterrole view | head -n 12
kubectl get rolebindings -o wide
# jane may read in `default` only: in a new namespace she is forbidden until a RoleBinding grants view.
kubectl create namespace team-a
kubectl get pods -n team-a --as=jane
kubectl create rolebinding jane-view --clusterrole=view --user=jane -n team-a
kubectl get pods -n team-a --as=jane
kubectl auth can-i list pods -n team-a --as=jane
kubectl describe rolebinding jane-view -n team-a
# Revoked: deleting the binding takes the permission away at once.
kubectl delete rolebinding jane-view -n team-a
kubectl get pods -n team-a --as=jane
# A Role of her own: admin in team-a lets jane write Roles and RoleBindings, but only with permissions she holds.
kubectl create rolebinding jane-admin --clusterrole=admin --user=jane -n team-a
kubectl create role pod-reader --verb=get,list,watch --resource=pods -n team-a --as=jane
kubectl get roles -n team-a
kubectl describe role pod-reader -n team-a
kubectl create role node-reader --verb=get --resource=nodes,pods -n team-a --as=jane
kubectl create rolebinding jane-root --clusterrole=cluster-admin --user=jane -n team-a --as=jane
kubectl create clusterrolebinding jane-view-all --clusterrole=view --user=jane --as=jane
# An aggregated ClusterRole: the aggregation controller copies in the rules of every ClusterRole its selector matches.
kubectl create clusterrole monitoring --aggregation-rule=rbac.example.com/aggregate-to-monitoring=true
kubectl create clusterrole endpoint-reader --verb=get,list --resource=endpoints
kubectl label clusterrole endpoint-reader rbac.example.com/aggregate-to-monitoring=true
sim advance 1s
kubectl describe clusterrole monitoring
kubectl get role pod-reader -n team-a -o yaml
kubectl create role bad --verb=get --resource=foo
kubectl create role bad --verb=bind --resource=pods
kubectl api-resources --api-group=rbac.authorization.k8s.io
