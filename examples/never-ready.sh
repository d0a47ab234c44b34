# Running is not Ready: a failing readiness probe keeps the Pod out of its Service's endpoints.
kubectl apply -f manifests/never-ready.yaml
kubectl expose pod never-ready --port=80
sim advance 60s
kubectl get pods
kubectl get endpointslices -l kubernetes.io/service-name=never-ready -o yaml
kubectl describe pod never-ready
