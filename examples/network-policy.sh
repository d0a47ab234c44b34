# NetworkPolicy is only data to Kubernetes: the CNI plugin's node agent watches policies, Pods and
# Namespaces and programs each node's filter. This cluster's kindnet enforces them; flannel, at the
# end, stores the same policies and enforces none of them.
kubectl apply -f manifests/go-api.yaml
kubectl apply -f manifests/go-api-service.yaml
kubectl run client --image=busybox:1.36 --labels=role=client -- sleep 3600
kubectl run stranger --image=busybox:1.36 -- sleep 3600
kubectl rollout status deployment/go-api --timeout=2m
kubectl wait --for=condition=Ready pod/client pod/stranger --timeout=1m
kubectl exec client -- wget -qO- -T 2 http://go-api/
# Default deny: every Pod in default is isolated for ingress; the packet is dropped, wget times out.
kubectl apply -f manifests/netpol-default-deny.yaml
sim advance 2s
kubectl get networkpolicies
kubectl exec client -- wget -qO- -T 2 http://go-api/
sim curl go-api --from node-1
# Allow role=client into the go-api Pods on their named port: the client gets in, the stranger does not.
kubectl apply -f manifests/netpol-allow-client.yaml
sim advance 2s
kubectl exec client -- wget -qO- -T 2 http://go-api/
kubectl exec stranger -- wget -qO- -T 2 http://go-api/
kubectl describe networkpolicy go-api-allow-client
sim status | grep cni/
# Egress isolation: only the go-api Pods are allowed, so the DNS query for the name never gets out.
kubectl apply -f manifests/netpol-client-egress.yaml
sim advance 2s
kubectl exec client -- nslookup go-api
kubectl exec client -- wget -qO- -T 2 http://go-api/
kubectl apply -f manifests/netpol-allow-dns.yaml
sim advance 2s
kubectl exec client -- wget -qO- -T 2 http://go-api/
kubectl describe networkpolicy allow-dns
sim trace --kind cni
kubectl apply -f manifests/netpol-bad.yaml
kubectl api-resources --api-group=networking.k8s.io
# The same story on flannel: the policies are stored, but nothing on the nodes enforces them.
sim topology basic --cni flannel
kubectl apply -f manifests/go-api.yaml
kubectl apply -f manifests/go-api-service.yaml
kubectl run client --image=busybox:1.36 --labels=role=client -- sleep 3600
kubectl run stranger --image=busybox:1.36 -- sleep 3600
kubectl rollout status deployment/go-api --timeout=2m
kubectl wait --for=condition=Ready pod/client pod/stranger --timeout=1m
kubectl apply -f manifests/netpol-default-deny.yaml
kubectl apply -f manifests/netpol-allow-client.yaml
sim advance 2s
kubectl get networkpolicies
kubectl exec stranger -- wget -qO- -T 2 http://go-api/
sim curl go-api --from node-1
sim status | grep cni/
