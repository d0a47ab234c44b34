# Storage and control-plane logs. kube-controller-manager's PV controller hands a claim of the
# default (WaitForFirstConsumer) class to the CSI driver once kube-scheduler picked a node; with
# the driver stopped, nothing creates the volume and the claim's events say what it waits for.
sim fail csi
kubectl apply -f manifests/storage-claim.yaml
sleep 45s
kubectl get pvc,pods
kubectl describe pvc data
sim recover csi
sleep 15s
kubectl get pvc,pv,pods
kubectl describe pvc data
kubectl describe pv
kubectl get csidrivers
kubectl describe storageclass standard
# The control plane's own logs: kube-scheduler starting, losing kube-apiserver and its lease,
# relisting; etcd restarted, electing itself leader again at the next write.
sim fail kube-apiserver
sleep 20s
sim recover kube-apiserver
sleep 10s
kubectl logs -n kube-system kube-scheduler-control-plane | grep leaderelection
sim fail etcd
sleep 5s
sim recover etcd
kubectl delete pod db
kubectl logs -n kube-system etcd-control-plane --tail=9
