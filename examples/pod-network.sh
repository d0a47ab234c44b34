# The Pod network as the CNI plugin built it. Each Pod has its own network namespace: lo, and an
# eth0 that is one end of a veth pair whose other end sits on the node. Its IP comes from the
# node's podCIDR (host-local IPAM); every node routes the other nodes' ranges (kindnet here, which
# chains the ptp plugin).
kubectl run a --image=busybox:1.36 -- sleep 3600
kubectl run b --image=busybox:1.36 -- sleep 3600
kubectl run web --image=nginx:1.27
kubectl wait --for=condition=Ready pod/a pod/b pod/web
kubectl get pods -o wide
kubectl get nodes -o custom-columns=NAME:.metadata.name,POD-CIDR:.spec.podCIDR,INTERNAL-IP:.status.addresses[0].address
# Inside Pod a (BusyBox's ip): eth0@ifN, N the index of the veth's other end on the node.
kubectl exec a -- ip addr
kubectl exec a -- ip route
kubectl exec a -- ip route get 10.244.2.2
# On a's node: that veth (index N, its peer @if2 in namespace 0), the gateway on it, a host route to the Pod.
sim ssh node-1 -- ip -br link
sim ssh node-1 -- ip addr show dev vethe8a6c8c4
sim ssh node-1 -- ip route
sim ssh node-1 -- ip route get 10.244.2.2
# The Pod's namespace as the runtime pinned it on the node; ip inside it sees what the Pod sees.
sim ssh node-1 -- ip netns
sim ssh node-1 -- ip netns exec cni-cbe6d4cc-3b6a-4311-a1aa-757ccc97ffdb ip -br addr
# A Service's ClusterIP is on no interface: kube-proxy's iptables rules catch it in the kernel.
kubectl expose pod web --port=80
sim advance 2s
kubectl get svc web
sim ssh node-1 -- ip -4 -br addr
sim ssh node-1 -- 'iptables-save -t nat | grep "default/web cluster IP" | head -1'
# Debian-based images ship no iproute2; a hostNetwork Pod sees the node's interfaces.
kubectl exec web -- ip addr
kubectl debug node/node-1 --image=busybox:1.36 -- sleep 600
sim advance 5s
kubectl get pod node-debugger-node-1-km42h -o wide
kubectl exec node-debugger-node-1-km42h -- ip -4 addr show eth0
# The node's own iproute2, through chroot into its / (mounted at /host).
kubectl exec node-debugger-node-1-km42h -- chroot /host ip -br addr
