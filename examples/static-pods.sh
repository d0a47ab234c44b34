# The control plane runs as static Pods: the kubelet on the control-plane node reads manifests from
# /etc/kubernetes/manifests (staticPodPath), runs each one, and shows it through kube-apiserver as a
# mirror Pod. What the node's shell does to those files, the kubelet does to the components.
kubectl get pods -n kube-system -l tier=control-plane
sim ssh control-plane -- grep staticPodPath /var/lib/kubelet/config.yaml
sim ssh control-plane -- ls /etc/kubernetes/manifests
# Move the scheduler's manifest away: inotify wakes the kubelet, which kills the scheduler and
# deletes its mirror Pod. A new Pod then waits with no node.
sim ssh control-plane -- mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/
kubectl get pods -n kube-system -l tier=control-plane
kubectl run web --image=nginx:1.27
sim advance 20s
kubectl get pods -o wide
sim ssh control-plane -- 'journalctl -u kubelet | grep source=\"file\"'
# Put it back: the same static Pod (same config hash), a new mirror Pod. Once the old
# scheduler's lease runs out, the new one leads and binds the Pod.
sim ssh control-plane -- mv /tmp/kube-scheduler.yaml /etc/kubernetes/manifests/
sim advance 30s
kubectl get pods -o wide
# A flag the binary does not know: the container exits 1 and the kubelet backs off.
sim ssh control-plane -- "sed -i 's/- --leader-elect=true/- --leader-elect=true\n    - --this-flag-is-wrong/' /etc/kubernetes/manifests/kube-scheduler.yaml"
sim advance 25s
kubectl get pods -n kube-system kube-scheduler-control-plane
sim ssh control-plane -- 'crictl logs $(crictl ps -a -q --latest --name kube-scheduler)'
# The runtime keeps the attempt before the last, as container GC does for every Pod.
sim ssh control-plane -- crictl ps -a --name kube-scheduler
sim ssh control-plane -- "sed -i '/this-flag-is-wrong/d' /etc/kubernetes/manifests/kube-scheduler.yaml"
# YAML the kubelet cannot parse: it logs why, and after its next 20 s listing runs no Pod for it —
# here kube-apiserver, so kubectl loses the server.
sim ssh control-plane -- "sed -i 's/^kind: Pod/kind; Pod/' /etc/kubernetes/manifests/kube-apiserver.yaml"
sim advance 20s
kubectl get nodes
sim ssh control-plane -- 'journalctl -u kubelet | grep file.go | tail -2'
sim ssh control-plane -- "sed -i 's/^kind; Pod/kind: Pod/' /etc/kubernetes/manifests/kube-apiserver.yaml"
sim advance 20s
kubectl get nodes
# systemctl stops the kubelet itself: the node's Lease stops renewing and it goes NotReady.
sim ssh node-1 -- systemctl stop kubelet
sim ssh node-1 -- systemctl status kubelet
sim advance 70s
kubectl get nodes
sim ssh node-1 -- systemctl start kubelet
sim advance 10s
kubectl get nodes
# A static Pod of your own, on a worker: its kubelet runs it and publishes a mirror Pod. Deleting
# the mirror only makes the kubelet publish a new one; the container keeps running (same ID).
sim ssh node-1 -- 'printf "apiVersion: v1\nkind: Pod\nmetadata:\n  name: static-web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n" > /etc/kubernetes/manifests/static-web.yaml'
sim advance 20s
sim ssh node-1 -- crictl ps --name web
kubectl delete pod static-web-node-1
sim advance 3s
kubectl get pod static-web-node-1
sim ssh node-1 -- crictl ps --name web
# A line on the node runs with the cluster's time: each command sees the node as it is when it
# runs. Moved out and back within one line, the scheduler's static Pod is removed, then recreated.
sim ssh control-plane -- 'mv /etc/kubernetes/manifests/kube-scheduler.yaml /tmp/; sleep 30; crictl ps --name kube-scheduler; mv /tmp/kube-scheduler.yaml /etc/kubernetes/manifests/; sleep 30; crictl ps --name kube-scheduler'
