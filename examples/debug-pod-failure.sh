# kubernetes.io's "Determine the Reason for Pod Failure", as written (src/k8s/docs-examples-debug.ts).
# The container sleeps 10 s, writes "Sleep expired" to /dev/termination-log and exits 0; the kubelet
# reads that file back (the last 4096 bytes) into the terminated state's message. restartPolicy is
# Always, so the message is in lastState once the container has restarted.
kubectl apply -f https://k8s.io/examples/debug/termination.yaml
kubectl get pod termination-demo
sim advance 15s
kubectl get pod termination-demo
kubectl get pod termination-demo --output=yaml
kubectl get pod termination-demo -o go-template="{{range .status.containerStatuses}}{{.lastState.terminated.message}}{{end}}"
kubectl describe pod termination-demo | sed -n '/Last State/,/Exit Code/p'
# A multi-container Pod: the go-template names each container with its message (the kubelet lists
# the statuses by container name, whatever the spec's order).
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: multi-container-pod
spec:
  restartPolicy: Never
  containers:
  - name: web
    image: busybox:1.36
    command: ["sh", "-c", "echo port 8080 already in use > /dev/termination-log; exit 1"]
  - name: agent
    image: busybox:1.36
    command: ["sh", "-c", "echo config loaded > /dev/termination-log"]
YAML
sim advance 10s
kubectl get pod multi-container-pod
kubectl get pod multi-container-pod -o go-template='{{range .status.containerStatuses}}{{printf "%s:\n%s\n\n" .name .state.terminated.message}}{{end}}'
# Customizing the termination message: the page's msg-path-demo reads /tmp/my-log instead.
kubectl run msg-path-demo --image=debian --restart=Never --overrides='{"spec":{"containers":[{"name":"msg-path-demo-container","image":"debian","command":["sh","-c","echo Custom path > /tmp/my-log"],"terminationMessagePath":"/tmp/my-log"}]}}'
# FallbackToLogsOnError: an empty file and a failed exit give the log's last lines instead.
kubectl run fallback --image=debian --restart=Never --overrides='{"spec":{"containers":[{"name":"fallback","image":"debian","command":["sh","-c","echo starting; echo cannot open /data/db >&2; exit 2"],"terminationMessagePolicy":"FallbackToLogsOnError"}]}}'
sim advance 10s
kubectl get pods msg-path-demo fallback -o go-template='{{range .items}}{{.metadata.name}}: {{range .status.containerStatuses}}{{.state.terminated.message}}{{end}}{{end}}'
kubectl describe pod fallback | sed -n '/State:/,/Exit Code/p'
# The path cannot change once the Pod exists.
kubectl patch pod termination-demo -p '{"spec":{"containers":[{"name":"termination-demo-container","terminationMessagePath":"/tmp/x"}]}}'
