# A container that allocates more than its memory limit is OOM-killed: OOMKilled, exit code 137, restarts with back-off.
kubectl apply -f manifests/oom.yaml
sim advance 2s
kubectl get pod memory-demo-2
sim advance 60s
kubectl get pod memory-demo-2
kubectl describe pod memory-demo-2
