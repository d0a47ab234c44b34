# Scaling is just a new desired state: the ReplicaSet controller closes the gap either way.
kubectl apply -f manifests/go-api.yaml
kubectl rollout status deployment/go-api --timeout=2m
kubectl scale deployment go-api --replicas=5
kubectl rollout status deployment/go-api --timeout=2m
kubectl get pods -l app=go-api
kubectl scale deployment go-api --replicas=2
sim advance 40s
kubectl get deployment go-api
kubectl get pods -l app=go-api
