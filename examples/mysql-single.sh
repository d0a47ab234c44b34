# kubernetes.io's "Run a Single-Instance Stateful Application", line by line. Its PV is a hostPath:
# on several nodes each has its own /mnt/data, so this runs on one worker, as minikube would.
sim topology basic --nodes 1
kubectl apply -f https://k8s.io/examples/application/mysql/mysql-pv.yaml
kubectl apply -f https://k8s.io/examples/application/mysql/mysql-deployment.yaml
kubectl describe deployment mysql
kubectl get pods -l app=mysql
kubectl describe pvc mysql-pv-claim
# mysql:9 initialises the empty volume first (about nine seconds), then listens on 3306.
kubectl rollout status deployment/mysql --timeout=2m
sim advance 10s
kubectl logs deployment/mysql --tail 1
# The page's client is `kubectl run -it … -- mysql -h mysql -ppassword`: on the page's terminal its
# welcome and `mysql> ` prompt take the terminal until `exit`. This runner's stdin is no terminal,
# so here the client runs with -i and reads its statements from stdin, as mysql does in batch mode.
kubectl run -i --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -ppassword <<EOF
CREATE DATABASE test;
CREATE TABLE test.messages (message VARCHAR(250));
INSERT INTO test.messages VALUES ('hello');
SHOW DATABASES;
EOF
# -t asks for mysql's tables; without a terminal results are tab-separated.
kubectl run -i --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -ppassword -t -e "SELECT * FROM test.messages"
kubectl run -i --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -ppassword -e "USE nope"
kubectl run -i --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -pwrong -e "SELECT 1"
# The database lives in the data directory on the volume: a new Pod finds it.
kubectl exec deployment/mysql -- ls -l /var/lib/mysql/test
kubectl delete pod -l app=mysql
kubectl rollout status deployment/mysql --timeout=2m
sim advance 3s
kubectl exec deployment/mysql -- mysql -ppassword -e "SELECT * FROM test.messages"
# Deleting a deployment.
kubectl delete deployment,svc mysql
kubectl delete pvc mysql-pv-claim
kubectl delete pv mysql-pv-volume
