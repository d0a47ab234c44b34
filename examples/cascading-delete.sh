# Deleting a Deployment deletes its ReplicaSets and their Pods through ownerReferences (garbage collector).
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
kubectl get all
kubectl delete deployment go-api
kubectl get replicasets,pods
sim advance 40s
kubectl get all
