# kubernetes.io's "Debug Init Containers", followed on the Init Containers concept page's myapp-pod
# (two init containers waiting for the myservice and mydb Services).
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
YAML
sim advance 10s
# Init:0/2: none of the two has completed. A running plain init container is not ready.
kubectl get pod myapp-pod
kubectl describe pod myapp-pod | sed -n '/^Init Containers:/,/^Containers:/p'
kubectl get pod myapp-pod --template '{{.status.initContainerStatuses}}'
kubectl logs myapp-pod -c init-myservice | head -5
kubectl create service clusterip myservice --tcp=80:9376
sim advance 5s
kubectl get pod myapp-pod
kubectl describe pod myapp-pod | sed -n '/^  init-myservice:/,/Restart Count/p'
kubectl logs myapp-pod -c init-myservice | tail -5
kubectl create service clusterip mydb --tcp=80:9377
sim advance 10s
kubectl get pod myapp-pod
kubectl logs myapp-pod
# An init container that fails: Init:Error, then Init:CrashLoopBackOff; `set -x` prints each command.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: init-fail
spec:
  initContainers:
  - name: setup
    image: busybox:1.28
    command: ['sh', '-c', 'set -x; test -f /config/app.conf']
  - name: migrate
    image: busybox:1.28
    command: ['sh', '-c', 'echo migrating']
  containers:
  - name: app
    image: busybox:1.28
    command: ['sleep', '3600']
YAML
sim advance 3s
kubectl get pod init-fail
sim advance 40s
kubectl get pod init-fail
kubectl describe pod init-fail | sed -n '/^Init Containers:/,/^Containers:/p'
kubectl logs init-fail -c setup
kubectl logs init-fail -c migrate
# restartPolicy Never: a failed init container fails the Pod.
kubectl run init-never --image=busybox:1.28 --restart=Never --overrides='{"spec":{"initContainers":[{"name":"setup","image":"busybox:1.28","command":["false"]}]}}' -- sleep 3600
sim advance 5s
kubectl get pod init-never
kubectl get events --field-selector involvedObject.name=init-never
