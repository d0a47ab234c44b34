# A node's network from the inside: what listens on it, and what those servers answer. `sim ssh`
# opens a shell on the machine itself (its host network namespace), where the docs' debugging
# pages run curl and ss.
sim topology basic
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl expose deployment web --port=80 --type=NodePort
kubectl rollout status deployment/web
# Who listens where: the kubelet (10248 healthz on loopback, 10250 its API on every address),
# kube-proxy (10249 metrics on loopback, 10256 health), the runtime's streaming port, sshd and
# systemd-resolved — with the PIDs ps shows.
sim ssh node-1 -- ss -tlnp
sim ssh node-1 -- 'ps auxw | grep kube-proxy'
# kube-proxy says which mode it runs in (the Using Source IP page); the kubelet's healthz is plain
# HTTP on loopback, its API is HTTPS and wants credentials.
sim ssh node-1 -- curl -s localhost:10249/proxyMode
sim ssh node-1 -- curl -s localhost:10248/healthz
sim ssh node-1 -- curl -sk https://localhost:10250/pods
sim ssh node-1 -- curl -s localhost:10256/healthz
# Only loopback reaches 10248; 10256 answers on the node's address too.
sim ssh node-2 -- curl -sS 10.0.0.11:10248/healthz
sim ssh node-2 -- curl -s 10.0.0.11:10256/livez
# The control plane: kube-apiserver lets anyone ask /livez and /version, not /api; etcd's metrics
# port answers /health over plain HTTP; the scheduler's health check is HTTPS with a certificate
# of its own (-k: no CA here vouches for it).
sim ssh control-plane -- ss -tln
sim ssh control-plane -- curl -sk https://localhost:6443/livez
sim ssh control-plane -- curl -sk https://localhost:6443/api
sim ssh control-plane -- curl -s http://127.0.0.1:2381/health
sim ssh control-plane -- curl -sk https://127.0.0.1:10259/healthz
# The node reaches Services the way Pods do, through its own kube-proxy rules — a NodePort even
# on localhost, which iptables mode allows (route_localnet). kube-proxy writes a Service's rules
# at its next sync after the endpoints turn ready (minSyncPeriod 1 s), so give it a moment.
sim advance 2s
kubectl get svc web
sim ssh node-1 -- 'curl -s 10.101.56.193 | grep title'
sim ssh node-1 -- 'curl -s localhost:32753 | grep title'
sim ssh node-1 -- curl -sS localhost:9999
# watch needs a terminal: ssh without one sets no TERM.
sim ssh node-1 -- watch crictl ps
