# kubernetes.io's "Run a Replicated Stateful Application": the ConfigMap, the two Services and the
# StatefulSet (mysql:5.7 with init-mysql and clone-mysql init containers, the xtrabackup sidecar),
# then the page's client commands and failure experiments.
kubectl apply -f https://k8s.io/examples/application/mysql/mysql-configmap.yaml
kubectl apply -f https://k8s.io/examples/application/mysql/mysql-services.yaml
kubectl apply -f https://k8s.io/examples/application/mysql/mysql-statefulset.yaml
# The Pods start one at a time, each once the one before is Ready.
kubectl get pods -l app=mysql --watch --request-timeout=90s
# init-mysql derives server-id from the ordinal and picks the primary's or a replica's config.
kubectl logs mysql-1 -c init-mysql
kubectl exec mysql-1 -c mysql -- cat /etc/mysql/conf.d/server-id.cnf /etc/mysql/conf.d/replica.cnf
# Writes go to the primary, mysql-0.mysql; the replicas get them.
kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-0.mysql <<EOF
CREATE DATABASE test;
CREATE TABLE test.messages (message VARCHAR(250));
INSERT INTO test.messages VALUES ('hello');
EOF
kubectl run mysql-client --image=mysql:5.7 -i -t --rm --restart=Never -- mysql -h mysql-read -e "SELECT * FROM test.messages"
# A replica is super-read-only: only replication writes there.
kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-2.mysql -e "INSERT INTO test.messages VALUES ('direct')"
# mysql-read spreads connections over the Ready Pods: server-id 100 + ordinal.
kubectl run mysql-client-loop --image=mysql:5.7 -i -t --rm --restart=Never -- bash -ic "for i in 1 2 3 4 5 6; do mysql -h mysql-read -e 'SELECT @@server_id,NOW()'; sleep 1; done"
# Break the readiness probe: mysql-2 leaves the Service's endpoints.
kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql /usr/bin/mysql.off
sim advance 10s
kubectl get pod mysql-2
kubectl describe pod mysql-2 | tail -1
kubectl run mysql-client-loop --image=mysql:5.7 -i -t --rm --restart=Never -- bash -ic "for i in 1 2 3 4; do mysql -h mysql-read -e 'SELECT @@server_id'; sleep 1; done"
kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql.off /usr/bin/mysql
sim advance 10s
kubectl get pod mysql-2
# Delete a Pod: the StatefulSet makes it again, with the same name and claim.
kubectl delete pod mysql-2
kubectl get pods -l app=mysql --watch --request-timeout=40s
kubectl exec mysql-2 -c mysql -- mysql -e "SELECT @@server_id, message FROM test.messages"
# Scale up and back down; the claims stay.
kubectl scale statefulset mysql --replicas=5
kubectl rollout status statefulset/mysql --timeout=5m
kubectl run mysql-client --image=mysql:5.7 -i -t --rm --restart=Never -- mysql -h mysql-4.mysql -e "SELECT @@server_id"
# clone-mysql copied the Pod before it: the new replicas have the data written before they existed.
kubectl logs mysql-3 -c clone-mysql
kubectl run mysql-client --image=mysql:5.7 -i -t --rm --restart=Never -- mysql -h mysql-3.mysql -e "SELECT * FROM test.messages"
kubectl scale statefulset mysql --replicas=3
kubectl get pvc -l app=mysql
# Cleaning up.
kubectl delete statefulset mysql
kubectl delete configmap,service,pvc -l app=mysql
