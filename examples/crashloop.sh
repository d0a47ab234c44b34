# The kubelet restarts a crashing container with a doubling back-off: CrashLoopBackOff.
kubectl apply -f manifests/crashloop.yaml
sim advance 10s
kubectl get pods
sim advance 80s
kubectl get pods
kubectl logs crasher --previous
kubectl describe pod crasher
