# kubernetes.io's tutorial "Updating Configuration via a ConfigMap", second half (the first is
# configmap-updates.sh), applied by URL as the page does; `kubectl patch` stands in for `kubectl edit`.
# 1. Two containers share an emptyDir: alpine writes the page from the ConfigMap, nginx serves it.
kubectl create configmap color --from-literal=color=red
kubectl apply -f https://k8s.io/examples/deployments/deployment-with-configmap-two-containers.yaml
kubectl rollout status deployment configmap-two-containers --timeout=2m
kubectl expose deployment configmap-two-containers --name=configmap-service --port=8080 --target-port=80
kubectl port-forward service/configmap-service 8080:8080 &
curl -s http://localhost:8080
kubectl patch configmap color -p '{"data":{"color":"blue"}}'
sleep 90
curl -s http://localhost:8080
kill %1
kubectl delete deployment configmap-two-containers
# 2. The same with alpine as a sidecar (an init container that keeps running): 2/2 ready.
kubectl apply -f https://k8s.io/examples/deployments/deployment-with-configmap-and-sidecar-container.yaml
kubectl rollout status deployment configmap-sidecar-container --timeout=2m
kubectl get pods --selector=app.kubernetes.io/name=configmap-sidecar-container
kubectl delete deployment configmap-sidecar-container
# 3. An immutable ConfigMap cannot change: make a new one and point the Deployment at it.
kubectl apply -f https://k8s.io/examples/configmap/immutable-configmap.yaml
kubectl apply -f https://k8s.io/examples/deployments/deployment-with-immutable-configmap-as-volume.yaml
kubectl rollout status deployment immutable-configmap-volume --timeout=2m
kubectl logs deployments/immutable-configmap-volume
kubectl patch configmap company-name-20150801 -p '{"data":{"company_name":"Other"}}'
kubectl apply -f https://k8s.io/examples/configmap/new-immutable-configmap.yaml
kubectl get configmap
kubectl patch deployment immutable-configmap-volume -p '{"spec":{"template":{"spec":{"volumes":[{"name":"config-volume","configMap":{"name":"company-name-20240312"}}]}}}}'
kubectl rollout status deployment immutable-configmap-volume --timeout=2m
sleep 30
kubectl logs deployment/immutable-configmap-volume --tail=2
