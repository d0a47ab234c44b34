# The registry has no such tag: ErrImagePull, then ImagePullBackOff with a growing back-off.
kubectl apply -f manifests/bad-image.yaml
sim advance 5s
kubectl get pods
sim advance 60s
kubectl get pods
kubectl describe pod bad-image
