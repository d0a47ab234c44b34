# kubernetes.io's "Debug Services", followed as written: the hostnames Deployment (serve_hostname
# answers on 9376 with its Pod's name), a busybox Pod to look from, then the Service piece by piece
# — DNS, the Service's definition, its EndpointSlices, the Pods, and kube-proxy's rules on a node.
# (examples/docs-tutorials.sh has the short version; this one is the whole page.)
kubectl create deployment hostnames --image=registry.k8s.io/serve_hostname
kubectl scale deployment hostnames --replicas=3
kubectl rollout status deployment/hostnames --timeout=2m
kubectl get pods -l app=hostnames
kubectl get pods -l app=hostnames -o go-template='{{range .items}}{{.status.podIP}}{{"\n"}}{{end}}'
# The page's `kubectl run -it --rm --restart=Never busybox --image=gcr.io/google-containers/busybox sh`,
# kept running here so each step can exec into it.
kubectl run busybox --image=gcr.io/google-containers/busybox --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/busybox --timeout=1m
kubectl exec busybox -- sh -c "for ep in $(kubectl get pods -l app=hostnames -o go-template='{{range .items}}{{.status.podIP}}:9376 {{end}}'); do wget -qO- \$ep; echo; done"
# Does the Service exist? Not yet: the name does not resolve (BusyBox's wget words it its own way).
kubectl exec busybox -- wget -O- hostnames
kubectl get svc hostnames
kubectl expose deployment hostnames --port=80 --target-port=9376
kubectl get svc hostnames
# Does the Service work by DNS name? The short name, the namespace-qualified one, the FQDN.
kubectl exec busybox -- nslookup hostnames
kubectl exec busybox -- nslookup hostnames.default
kubectl exec busybox -- nslookup hostnames.default.svc.cluster.local
# From a node, by the cluster DNS Service's IP (kube-dns's ClusterIP): through the node's
# kube-proxy rules to CoreDNS. The node's own resolver is systemd-resolved's stub, which searches
# no cluster.local and does not know cluster names.
sim ssh node-1 -- nslookup hostnames.default.svc.cluster.local $(kubectl get svc -n kube-system kube-dns -o jsonpath='{.spec.clusterIP}')
# The query went out as UDP through kube-proxy's DNAT: conntrack lists it for 30 s (its reply
# tuple names the CoreDNS Pod that answered), beside the lookups node-1's Pods made.
sim ssh node-1 -- conntrack -L -p udp -s 10.0.0.11
sim ssh node-1 -- 'grep -v "^#" /etc/resolv.conf'
sim ssh node-1 -- nslookup hostnames.default.svc.cluster.local
kubectl exec busybox -- cat /etc/resolv.conf
kubectl exec busybox -- nslookup kubernetes.default
# Does the Service work by IP?
kubectl exec busybox -- sh -c "for i in \$(seq 1 3); do wget -qO- $(kubectl get svc hostnames -o jsonpath='{.spec.clusterIP}'):80; echo; done"
# Is the Service defined correctly? (kubectl expose names no port: one unnamed port.)
kubectl get service hostnames -o json
# Does the Service have any Endpoints? The page's label is k8s.io/service-name; the EndpointSlice
# controller's is kubernetes.io/service-name.
kubectl get pods -l app=hostnames
kubectl get endpointslices -l k8s.io/service-name=hostnames
kubectl get endpointslices -l kubernetes.io/service-name=hostnames
kubectl get endpoints hostnames
# Are the Pods working? Straight to the Pods, on the Pod port.
kubectl exec busybox -- sh -c "for ep in $(kubectl get endpointslices -l kubernetes.io/service-name=hostnames -o go-template='{{range .items}}{{range .endpoints}}{{index .addresses 0}}:9376 {{end}}{{end}}'); do wget -qO- \$ep; echo; done"
# Is kube-proxy running? On a node (`sim ssh` is a root shell there); its log is the Pod's.
sim ssh node-1 -- 'ps auxw | grep kube-proxy'
kubectl logs -n kube-system $(kubectl get pods -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=node-1 -o name) | grep -e Proxier -e 'Caches are synced'
# kube-proxy needs conntrack; kubeadm's preflight checks it is on the node's PATH.
sim ssh node-1 -- which conntrack
# Iptables mode: one KUBE-SERVICES rule for the port, one KUBE-SVC chain, a KUBE-SEP chain per endpoint.
sim ssh node-1 -- 'iptables-save | grep hostnames'
# IPVS mode is not this cluster's: no ipvsadm on the node.
sim ssh node-1 -- ipvsadm -ln
# Is kube-proxy proxying? From the node, by the Service's IP.
sim ssh node-1 -- curl $(kubectl get svc hostnames -o jsonpath='{.spec.clusterIP}'):80
# The connections node-1's kernel tracked to the ClusterIP: the original direction names the
# Service's address, the reply the endpoint kube-proxy's DNAT picked; closed, each waits out
# TIME_WAIT (120 s). The busybox Pod's wgets are here if it runs on node-1, the node's own curl is.
sim ssh node-1 -- conntrack -L -d $(kubectl get svc hostnames -o jsonpath='{.spec.clusterIP}')
sim ssh node-1 -- conntrack -C
sim ssh node-1 -- conntrack -L -p tcp --dport 9376 -o extended
sim ssh node-1 -- conntrack -L --dport 80
sim advance 2m
sim ssh node-1 -- conntrack -C
# Edge case: a Pod reaching itself through its Service (hairpin). The kubelet's hairpin mode is its config's.
kubectl exec $(kubectl get pods -l app=hostnames -o jsonpath='{.items[0].metadata.name}') -- sh -c 'for i in 1 2 3 4; do wget -qO- hostnames; echo; done'
sim ssh node-1 -- 'ps auxw | grep kubelet'
