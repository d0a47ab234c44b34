# Where a Service's ClusterIP comes from: kube-apiserver allocates it from a ServiceCIDR and
# records it as an IPAddress object that points back at the Service.
kubectl get servicecidrs
kubectl get ipaddresses
kubectl create deployment web --image=nginx:1.29 --replicas=2
kubectl expose deployment web --port=80
kubectl get service web
kubectl get ipaddresses
# An address can only be held once.
kubectl create service clusterip dns-copy --tcp=53:53 --clusterip=10.96.0.10
# A second range; addresses asked for from it are handed out too.
cat <<YAML | kubectl apply -f -
apiVersion: networking.k8s.io/v1
kind: ServiceCIDR
metadata:
  name: extra
spec:
  cidrs:
  - 10.200.0.0/24
YAML
kubectl create service clusterip fixed --tcp=80:80 --clusterip=10.200.0.10
sim advance 2s
kubectl get servicecidrs
kubectl describe servicecidr extra
# kube-controller-manager keeps a range that still holds an address from going away.
kubectl delete servicecidr extra --wait=false
sim advance 15s
kubectl get servicecidr extra -o jsonpath='{.status.conditions[0].reason}: {.status.conditions[0].message}{"\n"}'
kubectl delete service fixed
sim advance 12s
kubectl get servicecidrs
# Deleting an IPAddress by hand: kube-apiserver's repair loop puts it back at its next resync.
kubectl delete ipaddress 10.96.0.10
sim advance 3m
kubectl get ipaddress 10.96.0.10
kubectl get events -n kube-system --field-selector involvedObject.name=kube-dns
