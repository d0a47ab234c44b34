# kubernetes.io's "Using Source IP", line by line (cloud topology for its last part). echoserver
# prints the request it received; client_address is the source address the packet arrived with,
# after whatever NAT kube-proxy's rules did on the way.
sim topology basic --cloud-provider sim
kubectl create deployment source-ip-app --image=registry.k8s.io/echoserver:1.10
sim advance 15s
kubectl get nodes
kubectl expose deployment source-ip-app --name=clusterip --port=80 --target-port=8080
kubectl get svc clusterip
# ClusterIP from a Pod: never source NAT'd, client_address is the client Pod's own IP.
kubectl run busybox --image=busybox:1.28 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/busybox --timeout=1m
kubectl exec busybox -- ip addr
CLUSTERIP=$(kubectl get svc clusterip -o jsonpath='{.spec.clusterIP}')
kubectl exec busybox -- wget -qO - $CLUSTERIP
kubectl delete pod busybox --now
# NodePort from outside (the laptop): SNAT to the receiving node's address toward the Pod — its
# own IP when the Pod is elsewhere, the Pod-side address when it is on that node.
kubectl expose deployment source-ip-app --name=nodeport --port=80 --target-port=8080 --type=NodePort
NODEPORT=$(kubectl get -o jsonpath="{.spec.ports[0].nodePort}" services nodeport)
NODES=$(kubectl get nodes -o jsonpath='{ $.items[*].status.addresses[?(@.type=="InternalIP")].address }')
sim advance 2s
for node in $NODES; do curl -s $node:$NODEPORT | grep -i client_address; done
kubectl get pods -o wide -l app=source-ip-app
# externalTrafficPolicy Local: only the node with the endpoint answers, with the client's address.
kubectl patch svc nodeport -p '{"spec":{"externalTrafficPolicy":"Local"}}'
sim advance 2s
for node in $NODES; do curl --connect-timeout 1 -s $node:$NODEPORT | grep -i client_address; done
# LoadBalancer: source NAT'd by default, as NodePort is.
kubectl expose deployment source-ip-app --name=loadbalancer --port=80 --target-port=8080 --type=LoadBalancer
sim advance 5s
kubectl get svc loadbalancer
LB=$(kubectl get svc loadbalancer -o jsonpath='{.status.loadBalancer.ingress[0].ip}')
curl $LB
kubectl patch svc loadbalancer -p '{"spec":{"externalTrafficPolicy":"Local"}}'
sim advance 2s
kubectl get svc loadbalancer -o yaml | grep -i healthCheckNodePort
kubectl describe svc loadbalancer
kubectl get pod -o wide -l app=source-ip-app
# The page runs `curl localhost:<port>/healthz` on each node; the port listens on every node address.
HC=$(kubectl get svc loadbalancer -o jsonpath='{.spec.healthCheckNodePort}')
for node in $NODES; do curl -s $node:$HC/healthz; echo; done
curl -s $LB | grep -i client_address
kubectl delete svc -l app=source-ip-app
kubectl delete deployment source-ip-app
