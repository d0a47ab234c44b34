# Cluster DNS from inside a Pod: resolv.conf as the kubelet writes it, a Service name through the
# search list, a headless Service's Pod IPs, an unknown name, and what happens when CoreDNS stops.
kubectl apply -f manifests/go-api.yaml
kubectl apply -f manifests/go-api-service.yaml
kubectl apply -f manifests/go-api-headless.yaml
kubectl rollout status deployment/go-api --timeout=2m
kubectl get service go-api
kubectl get pods -l app=go-api -o wide
kubectl apply -f manifests/dns-client.yaml
kubectl wait --for=condition=Ready pod/dns-client --timeout=1m
kubectl logs dns-client
# CoreDNS answers behind the kube-dns Service: with no CoreDNS Pod left, kube-dns has no endpoints
# and kube-proxy REJECTs queries to its ClusterIP, so each lookup is refused at once (no timeout).
kubectl scale deployment coredns -n kube-system --replicas=0
sim advance 30s
kubectl get endpointslices -n kube-system -l kubernetes.io/service-name=kube-dns
kubectl logs dns-client --tail=8
kubectl scale deployment coredns -n kube-system --replicas=2
kubectl rollout status deployment/coredns -n kube-system --timeout=2m
sim advance 10s
kubectl logs dns-client --tail=8
