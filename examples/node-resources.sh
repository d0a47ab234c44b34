# What a machine says about itself, and what a container on it sees. A node's kernel reports the
# resources the kubelet registered as the Node's capacity: MemTotal is capacity memory, the
# processors are capacity cpu, the root filesystem is capacity ephemeral-storage. free's "used"
# is the machine's working set (kubectl top node's number, once metrics-server runs).
kubectl get node node-1 -o jsonpath='{.status.capacity}{"\n"}'
sim ssh node-1 -- lsb_release -a
sim ssh node-1 -- 'nproc; free; df -h /'
sim ssh node-1 -- grep -c processor /proc/cpuinfo
sim ssh node-1 -- head -3 /proc/meminfo
# A container does not get a smaller machine: /proc is the node's, so free, nproc and
# /proc/meminfo show the node's memory and CPUs whatever the Pod's limits. The limits are the
# cgroup's (v2): memory.max in bytes, cpu.max as quota and period (500m = 50000 of 100000 us),
# cpu.weight from the request (250m → 256 shares → weight 10).
kubectl run limited --image=busybox:1.36 --overrides='{"spec":{"nodeName":"node-1","containers":[{"name":"limited","image":"busybox:1.36","command":["sleep","3600"],"resources":{"requests":{"cpu":"250m","memory":"64Mi"},"limits":{"cpu":"500m","memory":"128Mi"}}}]}}'
kubectl wait --for=condition=Ready pod/limited
kubectl exec limited -- sh -c 'nproc; free -m'
kubectl exec limited -- cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight
# A container without limits: nothing caps it but the node.
kubectl run unlimited --image=busybox:1.36 --overrides='{"spec":{"nodeName":"node-1"}}' -- sleep 3600
kubectl wait --for=condition=Ready pod/unlimited
kubectl exec unlimited -- cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight
# memory.current is what the container's processes hold (kubectl top pod's working set); the
# kernel OOM-kills the container when it reaches memory.max. free inside still shows the node.
kubectl run hog --image=polinux/stress --overrides='{"spec":{"nodeName":"node-1","containers":[{"name":"hog","image":"polinux/stress","command":["stress"],"args":["--vm","1","--vm-bytes","150M","--vm-hang","1"],"resources":{"limits":{"memory":"200Mi"}}}]}}'
kubectl wait --for=condition=Ready pod/hog
sim advance 5s
kubectl exec hog -- cat /sys/fs/cgroup/memory.current /sys/fs/cgroup/memory.max
sim ssh node-1 -- free -m
# df in a container: the overlay root is the node's disk; the token is a tmpfs sized to the limit.
kubectl exec limited -- df -h
# The debug Pod's own command can be the node's: chroot /host runs it there.
kubectl debug node/node-1 --image=busybox:1.36 -- chroot /host sh -c 'cat /etc/lsb-release; uptime'
sim advance 10s
kubectl logs -l app.kubernetes.io/managed-by=kubectl-debug
