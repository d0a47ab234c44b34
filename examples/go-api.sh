# The syllabus's chain: one `kubectl apply` travels through kube-apiserver, etcd, the Deployment
# and ReplicaSet controllers, the scheduler and the kubelets until three Pods are Running and Ready.
kubectl apply -f manifests/go-api.yaml
kubectl get deployment go-api
kubectl rollout status deployment/go-api --timeout=2m
kubectl get deployment go-api
kubectl get replicasets -l app=go-api
kubectl get pods -l app=go-api -o wide
kubectl get events --sort-by=.metadata.creationTimestamp
sim trace --all --kind request,watch,schedule,cri,cni,csi,probe
