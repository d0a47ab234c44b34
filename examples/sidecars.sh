# kubernetes.io's "Sidecar Containers": an init container with restartPolicy: Always starts before
# the app and keeps running beside it (tail -F waits for the file the app writes: BusyBox says it
# cannot open it yet, and waits). In a Job, the sidecar does not keep the Job from completing: the
# kubelet stops it once the main container has exited (tail, PID 1 without a SIGTERM handler,
# is killed at the 30 s grace period's end: 137), and the Pod stays Completed.
kubectl apply -f https://k8s.io/examples/application/deployment-sidecar.yaml
kubectl rollout status deployment/myapp --timeout=2m
kubectl get pods -l app=myapp
kubectl describe pod -l app=myapp | sed -n '/^Init Containers:/,/^Conditions:/p'
kubectl apply -f https://k8s.io/examples/application/job/job-sidecar.yaml
kubectl wait --for=condition=complete job/myjob --timeout=2m
kubectl get job myjob
kubectl get pods -l job-name=myjob
sleep 40
kubectl get pods -l job-name=myjob
kubectl get pods -l job-name=myjob -o jsonpath='{range .items[0].status.initContainerStatuses[*]}{.name}: {.state.terminated.exitCode} {.state.terminated.reason}{"\n"}{end}'
kubectl describe pod -l job-name=myjob | sed -n '/^Events:/,$p'
