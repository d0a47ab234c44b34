# From the laptop into the cluster, the two classic ways: kubectl port-forward (kube-apiserver →
# the Pod's node's kubelet → the Pod's port) and kubectl proxy (the REST API itself), each run in
# the background with & so curl can reach it. As in `bash script.sh`, a script prints no [1] PID.
kubectl create deployment web --image=nginx --replicas=2
kubectl expose deployment web --port=80
kubectl rollout status deployment/web --timeout=2m
kubectl port-forward svc/web 8080:80 &
jobs
curl -s localhost:8080 | grep title
# A port the container does not listen on: the runtime's error, then the stream closes.
kubectl port-forward deployment/web 8081:81 &
curl -s localhost:8081
jobs
kubectl proxy &
curl -s localhost:8001/api/v1/namespaces/default/pods | jq -r '.items[].metadata.name'
curl -s localhost:8001/api/v1/namespaces/default/pods/nope
curl -s localhost:8001/api/v1/namespaces/default/pods/web/exec
# Stopping kube-apiserver closes every stream through it.
kill %2
sim fail kube-apiserver
jobs
