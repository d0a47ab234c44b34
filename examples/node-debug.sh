# Looking at a node without SSH: kubectl debug node/NAME creates a Pod bound to that node, in the
# host's network, PID and IPC namespaces, with the node's / mounted at /host, tolerating every
# taint (so the control-plane node too). Its container sees the machine: the kubelet is one of the
# host's processes, static Pods are files in /etc/kubernetes/manifests, and chroot /host runs the
# node's own programs. In the browser's terminal, `kubectl debug node/control-plane -it
# --image=busybox:1.36` attaches, and `chroot /host` switches to the node's shell until `exit`.
kubectl debug node/control-plane --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod -l app.kubernetes.io/managed-by=kubectl-debug --timeout=1m
kubectl get pods -o wide
kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o jsonpath='{.items[0].spec.tolerations}{"\n"}{.items[0].spec.volumes[0]}{"\n"}'
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- hostname
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- ls /host/etc/kubernetes/manifests
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- ps
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- chroot /host crictl ps --name kube-proxy
kubectl exec $(kubectl get pod -l app.kubernetes.io/managed-by=kubectl-debug -o name) -- chroot /host systemctl is-active kubelet
# The Pod outlives the session (Completed once its command ends); deleting it is the clean-up.
kubectl delete pod -l app.kubernetes.io/managed-by=kubectl-debug
# Errors as kubectl prints them.
kubectl debug node/nope --image=busybox:1.36
kubectl debug node/node-1
