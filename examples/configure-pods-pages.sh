# "Configure Pods and Containers" pages, applied by URL as they say (src/k8s/docs-examples-pods.ts).
# Attach Handlers to Container Lifecycle Events: the postStart hook runs in the container once it
# has started and writes /usr/share/message. This runner's stdin is no terminal, so `exec -it`
# drops the TTY (with kubectl's notice) and bash reads the lines below as its input.
kubectl apply -f https://k8s.io/examples/pods/lifecycle-events.yaml
kubectl wait --for=condition=Ready pod/lifecycle-demo --timeout=1m
kubectl get pod lifecycle-demo
kubectl exec -it lifecycle-demo -- /bin/bash <<'SHELL'
cat /usr/share/message
SHELL
# A hook that fails: FailedPostStartHook quotes the command, its stderr and output, and the
# container is killed (Killing FailedPostStartHook) and restarted with back-off.
kubectl run bad-hook --image=nginx --overrides='{"spec":{"containers":[{"name":"bad-hook","image":"nginx","lifecycle":{"postStart":{"exec":{"command":["/bin/sh","-c","echo no such file >&2; exit 1"]}}}}]}}'
sleep 20
kubectl get events --field-selector involvedObject.name=bad-hook,reason!=Pulling,reason!=Pulled --sort-by=.metadata.creationTimestamp -o custom-columns=TYPE:.type,REASON:.reason,MESSAGE:.message
kubectl delete pod lifecycle-demo bad-hook
# Configure a Pod to Use a Projected Volume for Storage: two Secrets in one directory.
echo -n "admin" > ./username.txt
echo -n "1f2d1e2e67df" > ./password.txt
kubectl create secret generic user --from-file=./username.txt
kubectl create secret generic pass --from-file=./password.txt
kubectl apply -f https://k8s.io/examples/pods/storage/projected.yaml
kubectl get --watch pod test-projected-volume --request-timeout=15s
kubectl exec -it test-projected-volume -- /bin/sh <<'SHELL'
ls /projected-volume/
SHELL
kubectl describe pod test-projected-volume | sed -n '/^Volumes:/,/^  kube-api-access/p'
kubectl delete pod test-projected-volume
kubectl delete secret user pass
# Configure Liveness, Readiness and Startup Probes: a gRPC liveness probe against etcd's health
# service on its client port.
kubectl apply -f https://k8s.io/examples/pods/probe/grpc-liveness.yaml
sleep 40
kubectl describe pod etcd-with-grpc | grep Liveness
kubectl get pod etcd-with-grpc
kubectl delete pod etcd-with-grpc
# The page's startup probe (its snippet around http-liveness.yaml's agnhost `liveness`): liveness
# probing waits for the startup probe's first success, then fails once /healthz answers 500.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: startup-demo
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args:
    - liveness
    ports:
    - name: liveness-port
      containerPort: 8080
    livenessProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      failureThreshold: 1
      periodSeconds: 10
    startupProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      failureThreshold: 30
      periodSeconds: 10
EOF
sleep 30
kubectl describe pod startup-demo | grep -e Liveness: -e Startup: -e Unhealthy -e Killing
kubectl delete pod startup-demo
# Share Process Namespace between Containers in a Pod: pause is PID 1 and nginx's processes are
# visible from the shell container (the page's nginx master is 8; here it is 7 — "change 8 to
# match"). One command per exec here; `kubectl exec -it nginx -c shell -- /bin/sh` runs them in turn.
kubectl apply -f https://k8s.io/examples/pods/share-process-namespace.yaml
kubectl wait --for=condition=Ready pod/nginx --timeout=1m
kubectl exec nginx -c shell -- ps ax
# SIGHUP makes nginx reconfigure: the master stays, new workers replace the old ones.
kubectl exec nginx -c shell -- kill -HUP 7
kubectl exec nginx -c shell -- ps ax
kubectl logs nginx -c nginx | grep -e SIGHUP -e 'start worker process [0-9]' | tail -5
# Another container's files through /proc/$pid/root.
kubectl exec nginx -c shell -- head /proc/7/root/etc/nginx/nginx.conf
kubectl delete pod nginx
# Use a User Namespace With a Pod: hostUsers: false. The page's `kubectl attach -it userns bash`
# takes `userns` for a resource type, as kubectl does; exec runs the page's two commands.
kubectl apply -f https://k8s.io/examples/pods/user-namespaces-stateless.yaml
kubectl wait --for=condition=Ready pod/userns --timeout=1m
kubectl attach -it userns bash
kubectl exec userns -- readlink /proc/self/ns/user
kubectl exec userns -- cat /proc/self/uid_map
# The host is in the initial user namespace, as is a Pod without hostUsers: false.
sim ssh node-1 -- readlink /proc/self/ns/user
sim ssh node-1 -- cat /proc/self/uid_map
kubectl delete pod userns
