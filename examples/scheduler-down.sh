# Without kube-scheduler nobody picks a node: new Pods wait, Pending, with no event at all.
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
sim fail kube-scheduler
kubectl scale deployment go-api --replicas=4
sim advance 30s
kubectl get pods -l app=go-api -o wide
kubectl get events --field-selector reason=FailedScheduling
sim recover kube-scheduler
kubectl rollout status deployment/go-api --timeout=2m
kubectl get pods -l app=go-api -o wide
