# "Assign Memory Resources to Containers and Pods" and "Assign CPU Resources to Containers and Pods",
# applied by URL as the pages say (src/k8s/docs-examples*.ts). Before you begin: the pages'
# `minikube addons enable metrics-server` is, on this kubeadm cluster, upstream's components.yaml
# with --kubelet-insecure-tls added (the kubelets' serving certificates are self-signed).
kubectl apply -f https://github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml
kubectl patch deployment metrics-server -n kube-system --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/0/args/-","value":"--kubelet-insecure-tls"}]'
kubectl rollout status deployment/metrics-server -n kube-system --timeout=2m
kubectl get apiservices | grep -e NAME -e metrics.k8s.io
# Memory: polinux/stress holds its 150M, over the 100Mi request and under the 200Mi limit.
kubectl create namespace mem-example
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit.yaml --namespace=mem-example
kubectl wait --for=condition=Ready pod/memory-demo --namespace=mem-example --timeout=1m
kubectl get pod memory-demo --namespace=mem-example
kubectl get pod memory-demo --output=yaml --namespace=mem-example | grep -A4 '^    resources:'
sleep 30
kubectl top pod memory-demo --namespace=mem-example
kubectl delete pod memory-demo --namespace=mem-example
# 250M under a 100Mi limit: OOMKilled (exit code 137), restarted, killed again, with back-off.
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-2.yaml --namespace=mem-example
sleep 3
kubectl get pod memory-demo-2 --namespace=mem-example
kubectl get pod memory-demo-2 --output=yaml --namespace=mem-example | sed -n '/^    lastState:/,/^    name:/p'
sleep 30
kubectl get pod memory-demo-2 --namespace=mem-example
kubectl describe pod memory-demo-2 --namespace=mem-example | sed -n '/^    State:/,/^    Restart Count:/p;/^Events:/,$p'
kubectl delete pod memory-demo-2 --namespace=mem-example
# 1000Gi is more than any node has: Pending for good, FailedScheduling `Insufficient memory`.
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-3.yaml --namespace=mem-example
sleep 5
kubectl get pod memory-demo-3 --namespace=mem-example
kubectl describe pod memory-demo-3 --namespace=mem-example | sed -n '/^Events:/,$p'
kubectl delete pod memory-demo-3 --namespace=mem-example
kubectl delete namespace mem-example
# CPU: vish/stress spins two threads (-cpus 2); CFS holds the container to its 1 CPU limit.
kubectl create namespace cpu-example
kubectl apply -f https://k8s.io/examples/pods/resource/cpu-request-limit.yaml --namespace=cpu-example
kubectl wait --for=condition=Ready pod/cpu-demo --namespace=cpu-example --timeout=1m
kubectl get pod cpu-demo --namespace=cpu-example
kubectl get pod cpu-demo --output=yaml --namespace=cpu-example | grep -A4 '^    resources:'
sleep 30
kubectl top pod cpu-demo --namespace=cpu-example
kubectl logs cpu-demo --namespace=cpu-example
kubectl delete pod cpu-demo --namespace=cpu-example
# 100 CPUs: no node has them.
kubectl apply -f https://k8s.io/examples/pods/resource/cpu-request-limit-2.yaml --namespace=cpu-example
sleep 5
kubectl get pod cpu-demo-2 --namespace=cpu-example
kubectl describe pod cpu-demo-2 --namespace=cpu-example | sed -n '/^Events:/,$p'
kubectl delete pod cpu-demo-2 --namespace=cpu-example
kubectl delete namespace cpu-example
