# A new image rolls out within maxSurge/maxUnavailable; undo brings the old ReplicaSet back.
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
kubectl set image deployment/go-api api=registry.example.com/go-api:v1.1.0
kubectl rollout status deployment/go-api --timeout=3m
kubectl rollout history deployment/go-api
kubectl get replicasets -l app=go-api
kubectl rollout undo deployment/go-api
kubectl rollout status deployment/go-api --timeout=3m
kubectl get replicasets -l app=go-api
kubectl describe deployment go-api
