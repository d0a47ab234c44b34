# The node's insides. The kubelet talks CRI to the container runtime — RuntimeService for sandboxes
# and containers, ImageService for images — and the runtime hands each container to an OCI
# runtime (runc under containerd, crun under CRI-O). Same CRI calls, two implementations: this
# cluster runs CRI-O on its last worker. `sim ssh` opens a shell on a node to look underneath.
sim topology basic --runtime mixed
kubectl get nodes -o wide
kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl expose deployment web --port=80
kubectl rollout status deployment/web
kubectl get pods -o wide
kubectl get pods -l app=web -o jsonpath='{range .items[*]}{.spec.nodeName}{" "}{.status.containerStatuses[0].containerID}{"\n"}{end}'
# The hop below the CRI: containerd → runc on node-2, CRI-O → crun on node-3 (sim trace shows it when asked for).
sim trace --all --kind cri,cni,oci --object pod/web-74d644cc78-h6l2w
sim trace --all --kind oci --object pod/web-74d644cc78-pfwdd
# crictl talks to the same CRI socket the kubelet does: the ids are the ones in containerID above.
sim ssh node-2 -- crictl ps
sim ssh node-3 -- crictl ps
sim ssh node-2 -- crictl pods
sim ssh node-2 -- crictl images
sim ssh node-2 -- 'crictl logs $(crictl ps -q --name nginx)'
# The kubelet's own log: what it did, as journald keeps it.
kubectl create deployment broken --image=nginx:1.27-doesnotexist
sim advance 20s
kubectl get pods -o wide
sim ssh node-1 -- journalctl -u kubelet --no-pager -n 6
# Files the node's agents read: the CNI config kindnet wrote, kubeadm's static Pod manifests.
sim ssh node-1 -- ls /etc/cni/net.d
sim ssh node-1 -- cat /etc/cni/net.d/10-kindnet.conflist
sim ssh node-1 -- ls /etc/kubernetes/manifests
sim ssh control-plane -- ls /etc/kubernetes/manifests
sim ssh node-1 -- grep -A1 clusterDNS /var/lib/kubelet/config.yaml
# kube-proxy's iptables rules for the Service: one KUBE-SEP chain per endpoint, picked at random.
sim ssh node-1 -- iptables-save -t nat | grep default/web
sim ssh node-1 -- vim /etc/hosts
# A machine that is off does not answer ssh.
sim fail node/node-2
sim ssh node-2 -- crictl ps
sim fail network/node-1
sim ssh node-1 -- crictl ps
# kube-proxy in nftables mode: its own nftables table instead of iptables chains.
sim topology basic --proxy-mode nftables
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl expose deployment web --port=80
kubectl rollout status deployment/web
sim advance 2s
kubectl logs -n kube-system ds/kube-proxy | grep Proxier
sim ssh node-1 -- iptables-save -t nat
sim ssh node-1 -- nft list ruleset | grep -A4 'chain service-.*default/web'
# The node's shell is bash on Ubuntu 24.04: /bin/sh is dash, the node's tools are programs in PATH,
# loops and functions work, and sudo runs a command as root.
sim ssh node-1 -- 'ls -l /bin/sh; command -v crictl kubelet'
sim ssh control-plane -- 'for f in /etc/kubernetes/manifests/*.yaml; do echo "$(basename $f .yaml): $(grep -c -- "- --" $f) flags"; done'
sim ssh node-1 -- "sh -c 'echo \$0 says hi'; sudo systemctl is-active kubelet"
# Time passes on the node as in a container: a loop that polls prints a line a second.
sim ssh node-1 -- 'for i in 1 2 3; do echo "$(date +%T) $(crictl ps -q | wc -l) containers"; sleep 1; done'
