# A watch that breaks without anyone noticing: kube-controller-manager stops hearing about changes,
# so a scale-up is stored but nothing acts on it. Recovery closes the dead watches; the Reflectors
# relist (a fresh LIST, not the stale cache) and the controllers converge from the true state.
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
sim fail watch-drop/kube-controller-manager
sim trace --kind fault
kubectl scale deployment go-api --replicas=5
sim advance 30s
kubectl get deployment go-api
kubectl get replicasets -l app=go-api
kubectl get events --field-selector reason=ScalingReplicaSet
sim trace --kind watch --object deployment/go-api
sim recover watch-drop/kube-controller-manager
sim advance 1005ms
sim trace --kind fault,watch,request,reconcile
kubectl rollout status deployment/go-api --timeout=2m
kubectl get events --field-selector reason=ScalingReplicaSet
kubectl get pods -l app=go-api
