# A Pod's own requests go through the cluster at the moment it makes them: a client loop's log
# follows the Service's endpoints as they come and go, and its NetworkPolicy, with no exec.
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl expose deployment web --port 80
kubectl rollout status deployment/web --timeout=2m
kubectl apply -f manifests/client-loop.yaml
kubectl wait --for=condition=Ready pod/client --timeout=1m
sim advance 9s
kubectl logs client
# Each request is kube-proxy's rule on the client's node choosing an endpoint.
sim trace --kind proxy | tail -3
# No endpoints: the Service's rule rejects the connection.
kubectl scale deployment web --replicas=0
sim advance 9s
kubectl logs client --tail=4
kubectl scale deployment web --replicas=1
kubectl rollout status deployment/web --timeout=2m
sim advance 6s
kubectl logs client --tail=2
# Egress allowed only to the go-api Pods: DNS queries are dropped too, so the name no longer resolves.
kubectl apply -f manifests/netpol-client-egress.yaml
sim advance 15s
kubectl logs client --tail=3
kubectl delete networkpolicy client-egress
sim advance 15s
kubectl logs client --tail=2
# A one-shot request from a throwaway Pod.
kubectl run once --image=busybox:1.36 --restart=Never --rm -i -- wget -qO- http://web/nope
