# "Configure Pods and Containers" and the workload pages, applied by URL as the pages say
# (src/k8s/docs-examples.ts holds main's manifests). Init Containers: busybox's wget fills the
# shared emptyDir before nginx starts, so nginx serves what it fetched.
kubectl apply -f https://k8s.io/examples/pods/init-containers.yaml
kubectl wait --for=condition=Ready pod/init-demo --timeout=1m
kubectl exec init-demo -- cat /usr/share/nginx/html/index.html | head -n 3
# Expose Pod Information through Environment Variables: the downward API's fieldRefs.
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-envars-pod.yaml
kubectl wait --for=condition=Ready pod/dapi-envars-fieldref --timeout=1m
kubectl logs dapi-envars-fieldref
# Communicate Between Containers in the Same Pod: debian writes the page and exits; nginx stays.
kubectl apply -f https://k8s.io/examples/pods/two-container-pod.yaml
sim advance 15s
kubectl get pod two-containers
kubectl exec two-containers -c nginx-container -- curl -s localhost
# Liveness with a command: /tmp/healthy is removed after 30 s, and three failed probes restart it.
kubectl apply -f https://k8s.io/examples/pods/probe/exec-liveness.yaml
sim advance 45s
kubectl describe pod liveness-exec | sed -n '/^Events:/,$p'
# Assign Memory Resources: a request no node can hold stays Pending.
kubectl create namespace mem-example
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-3.yaml
sim advance 5s
kubectl get pod memory-demo-3 --namespace=mem-example
kubectl describe pod memory-demo-3 --namespace=mem-example | tail -n 2
# Configure Memory and CPU Quotas for a Namespace: the second Pod would pass the memory request quota.
kubectl create namespace quota-mem-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu.yaml --namespace=quota-mem-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu-pod.yaml --namespace=quota-mem-cpu-example
kubectl describe resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu-pod-2.yaml --namespace=quota-mem-cpu-example
# Jobs: the pi Job; CronJob: hello every minute.
kubectl apply -f https://k8s.io/examples/controllers/job.yaml
kubectl wait --for=condition=complete job/pi --timeout=2m
kubectl logs job/pi | cut -c 1-50
kubectl apply -f https://k8s.io/examples/application/job/cronjob.yaml
sim advance 80s
kubectl get cronjob hello
kubectl logs job/$(kubectl get jobs -o name | grep hello- | head -n 1 | cut -d/ -f2)
