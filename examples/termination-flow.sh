# kubernetes.io's "Explore Termination Behavior for Pods And Their Endpoints", line by line: nginx
# with a preStop hook (`sleep 180`) and a 120 s grace period. Deleted, the Pod keeps serving while
# the hook runs: its endpoint turns ready false, serving true, terminating true, beside the
# replacement's, and goes when the Pod does (120 s of hook, then 2 s for SIGTERM).
curl -sLO https://k8s.io/examples/service/pod-with-graceful-termination.yaml
curl -sLO https://k8s.io/examples/service/explore-graceful-termination-nginx.yaml
kubectl apply -f pod-with-graceful-termination.yaml
kubectl apply -f explore-graceful-termination-nginx.yaml
kubectl rollout status deployment/nginx-deployment
kubectl get endpointslice
kubectl get endpointslices -o json -l kubernetes.io/service-name=nginx-service
# The page's `kubectl delete pod` waits the whole two minutes; --wait=false returns at once.
pod=$(kubectl get pods -l app=nginx -o jsonpath='{.items[0].metadata.name}')
kubectl delete pod $pod --wait=false
sleep 5
kubectl get pods
slice=$(kubectl get endpointslice -l kubernetes.io/service-name=nginx-service -o jsonpath='{.items[0].metadata.name}')
kubectl get endpointslice -o json $slice
kubectl get events --field-selector involvedObject.name=$pod
sleep 120
kubectl get pods
kubectl get endpointslice -o jsonpath='{range .items[?(@.metadata.labels.kubernetes\.io/service-name=="nginx-service")].endpoints[*]}{.targetRef.name} {.conditions}{"\n"}{end}'
