# LoadBalancer Services need a cloud: kubeadm runs no cloud-controller-manager, so nothing
# provisions a load balancer and EXTERNAL-IP stays <pending> for as long as you wait.
kubectl create deployment web --image=nginx
kubectl expose deployment web --port=80 --type=LoadBalancer
sim advance 2m
kubectl get svc web
# With a cloud provider, kubelets register with --cloud-provider=external and taint their Node
# uninitialized; cloud-controller-manager's node controller fills in what the cloud knows
# (providerID, zone, instance type) and lifts the taint.
sim topology basic --cloud-provider sim
kubectl get nodes -L node.kubernetes.io/instance-type,topology.kubernetes.io/zone
kubectl get node node-1 -o jsonpath='{.spec.providerID} {.spec.taints}{"\n"}'
kubectl get leases -n kube-system
# Its service controller asks the cloud for a load balancer and writes the address back.
kubectl create deployment web --image=nginx
kubectl expose deployment web --port=80 --type=LoadBalancer
kubectl get svc web
sim advance 5s
kubectl get svc web
kubectl describe svc web
# Stopped, it provisions nothing: a new LoadBalancer Service waits until it leads again.
sim fail cloud-controller-manager
kubectl expose deployment web --name=api --port=8080 --target-port=80 --type=LoadBalancer
sim advance 30s
kubectl get svc
sim recover cloud-controller-manager
sim advance 30s
kubectl get svc
# Deleting the Service deletes the load balancer first (the cleanup finalizer).
kubectl delete svc web
kubectl get events --field-selector involvedObject.kind=Service
