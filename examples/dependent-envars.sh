# kubernetes.io's "Define Dependent Environment Variables": the kubelet expands $(VAR) in an env
# value from the variables defined before it; an undefined one stays as written, and $$ escapes.
kubectl apply -f https://k8s.io/examples/pods/inject/dependent-envars.yaml
sleep 10
kubectl get pods dependent-envars-demo
kubectl logs pod/dependent-envars-demo
kubectl describe pod dependent-envars-demo | sed -n '/Environment:/,/Mounts:/p'
