# kubernetes.io's "Running ZooKeeper, A Distributed System Coordinator", line by line: a
# three-server ZooKeeper 3.4.10 ensemble (registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10) as a
# StatefulSet behind a headless Service, with a PodDisruptionBudget and required anti-affinity.
# The page asks for at least four nodes: a cluster of four workers.
sim topology basic --nodes 4
kubectl apply -f https://k8s.io/examples/application/zookeeper/zookeeper.yaml
# OrderedReady: zk-1 starts when zk-0 is Ready (the zookeeper-ready probe: ruok → imok), then zk-2.
kubectl get pods -w -l app=zk --request-timeout=100s
# Facilitating leader election: each server's identity comes from its Pod's ordinal.
for i in 0 1 2; do kubectl exec zk-$i -- hostname; done
for i in 0 1 2; do echo "myid zk-$i";kubectl exec zk-$i -- cat /var/lib/zookeeper/data/myid; done
for i in 0 1 2; do kubectl exec zk-$i -- hostname -f; done
kubectl exec zk-0 -- cat /opt/zookeeper/conf/zoo.cfg
# Sanity testing the ensemble: write on zk-0, read on zk-1. The servers elect a leader among the
# peers they reach at those names (the headless Service's DNS records) and commit on a quorum.
kubectl exec zk-0 -- zkCli.sh create /hello world
kubectl exec zk-1 -- zkCli.sh get /hello
# Providing durable storage: the data is on each server's PersistentVolumeClaim.
kubectl delete statefulset zk
kubectl get pods -w -l app=zk --request-timeout=40s
# The PDB's selector is patchStrategy=replace, so kubectl apply always reports it configured.
kubectl apply -f https://k8s.io/examples/application/zookeeper/zookeeper.yaml
kubectl get pods -w -l app=zk --request-timeout=100s
kubectl exec zk-2 -- zkCli.sh get /hello
kubectl get pvc -l app=zk
# Configuring logging: log4j writes to the console, so kubectl logs has the probes' connections.
kubectl exec zk-0 -- cat /usr/etc/zookeeper/log4j.properties
kubectl logs zk-0 --tail 20
# Configuring a non-privileged user: runAsUser 1000 (the image's zookeeper user), fsGroup 1000.
kubectl exec zk-0 -- ps -elf
kubectl exec zk-0 -- ls -ld /var/lib/zookeeper/data
# Updating the ensemble: RollingUpdate replaces one server at a time, in reverse ordinal order.
kubectl patch sts zk --type='json' -p='[{"op": "replace", "path": "/spec/template/spec/containers/0/resources/requests/cpu", "value":"0.3"}]'
kubectl rollout status sts/zk
kubectl rollout history sts/zk
kubectl rollout undo sts/zk
kubectl rollout status sts/zk
# The restarted servers still serve the data.
kubectl exec zk-1 -- zkCli.sh get /hello
# Handling process failure: the JVM's death ends the container's shell, and the kubelet restarts it.
kubectl exec zk-0 -- ps -ef
kubectl exec zk-0 -- pkill java
kubectl get pod -w -l app=zk --request-timeout=20s
# Testing for liveness: without its probe script the container fails liveness and is restarted
# (a new container: the script is back), after the restart back-off.
kubectl exec zk-0 -- rm /usr/bin/zookeeper-ready
kubectl get pod -w -l app=zk --request-timeout=90s
# Tolerating node failure: requiredDuringScheduling anti-affinity put each server on its own node.
for i in 0 1 2; do kubectl get pod zk-$i --template {{.spec.nodeName}}; echo ""; done
# Surviving maintenance.
kubectl get nodes
kubectl get pdb zk-pdb
kubectl drain $(kubectl get pod zk-0 --template {{.spec.nodeName}}) --ignore-daemonsets --force --delete-emptydir-data
# Unlike the page's cloud disks, this cluster's default StorageClass (csi-driver-host-path) keeps a
# volume on its node: zk-0 waits for its node to come back (volume node affinity conflict).
kubectl get pods -w -l app=zk --request-timeout=30s
kubectl describe pod zk-0 | tail -3
# With zk-0 down the budget allows no other disruption: the next drain retries until its timeout.
kubectl drain $(kubectl get pod zk-1 --template {{.spec.nodeName}}) --ignore-daemonsets --force --delete-emptydir-data --timeout=15s
# The service is still available: two servers of three are a quorum.
kubectl exec zk-2 -- zkCli.sh get /hello
kubectl uncordon node-3
kubectl get pods -w -l app=zk --request-timeout=60s
kubectl drain $(kubectl get pod zk-2 --template {{.spec.nodeName}}) --ignore-daemonsets --force --delete-emptydir-data
kubectl uncordon node-2
kubectl uncordon node-1
kubectl get pods -w -l app=zk --request-timeout=60s
kubectl exec zk-0 -- zkCli.sh get /hello
