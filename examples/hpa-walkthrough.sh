# The HorizontalPodAutoscaler walkthrough from the Kubernetes docs: a busybox Pod's own wget loop
# is the load. Every request it sends through the Service costs the php-apache Pod that serves it
# about 50 ms of CPU, capped at its 500m limit; metrics-server reads that from the kubelets.
kubectl apply -f manifests/metrics-server.yaml
kubectl apply -f manifests/php-apache.yaml
kubectl rollout status deployment/metrics-server -n kube-system --timeout=2m
kubectl rollout status deployment/php-apache --timeout=2m
kubectl autoscale deployment php-apache --cpu=50% --min=1 --max=10
sleep 30s
kubectl get hpa
kubectl run load-generator --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"
sleep 45s
kubectl get hpa
kubectl top pods -l run=php-apache
sleep 60s
kubectl get hpa
kubectl get deployment php-apache
# Stop the load: usage falls at once, but the replicas stay for the 5-minute downscale window.
kubectl delete pod load-generator
sleep 60s
kubectl get hpa
sleep 5m
kubectl get hpa
kubectl get deployment php-apache
