# kubeadm installs no metrics-server: until it runs, metrics.k8s.io is not in discovery and
# kubectl top fails before asking for anything. Installed, it registers an APIService that
# kube-apiserver aggregates once the Service behind it has a ready endpoint.
kubectl top pods
kubectl apply -f manifests/metrics-server.yaml
kubectl get apiservice v1beta1.metrics.k8s.io
kubectl apply -f manifests/go-api.yaml -f manifests/go-api-service.yaml
kubectl rollout status deployment/metrics-server -n kube-system --timeout=2m
kubectl rollout status deployment/go-api --timeout=2m
kubectl get apiservice v1beta1.metrics.k8s.io
kubectl api-resources --api-group=metrics.k8s.io
# It scrapes every kubelet each 15 s; a Pod's CPU is the rate between its last two scrapes.
sleep 15s
kubectl top nodes
kubectl top pods
# The HPA controller syncs every 15 s; a new HPA waits one period before its first look.
kubectl autoscale deployment go-api --cpu=50% --min=1 --max=10
kubectl get hpa
sleep 20s
kubectl get hpa
# 600 requests/s through the Service's kube-proxy rules: 200 per Pod, 1 ms of CPU each.
sim load go-api --rps 600
sleep 30s
kubectl top pods
kubectl get hpa
# Without a behavior the controller may at most double the Pods (or reach 4) per sync.
sleep 30s
kubectl get hpa
kubectl get deployment go-api
kubectl describe hpa go-api
# The load stops; scaling down waits for the highest recommendation of the last 300 s.
sim load go-api --off
sleep 1m
kubectl get hpa
kubectl describe hpa go-api | grep -A4 Conditions
sleep 5m
kubectl get hpa
kubectl get deployment go-api
kubectl get events --field-selector reason=SuccessfulRescale
