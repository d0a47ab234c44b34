# A client Pod watches a Service's endpoints follow its Pods: each step of an exec'd command reads
# the cluster at its own moment. Right after `kubectl expose` the Service has no ready endpoint,
# so the first tries fail; once the nginx Pods are Ready they answer. Scaled to zero, the
# endpoints go and the tries fail again (the first may still meet one: kube-proxy's sync lags the
# scale-down). `timeout … until …` waits for the Service in one line; a container that ends under
# an exec kills it (exit code 137).
kubectl run client --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/client
kubectl create deployment web --image=nginx --replicas=2
kubectl expose deployment web --port=80
kubectl exec client -- sh -c 'for i in 1 2 3 4 5 6; do wget -qO- -T 1 web >/dev/null 2>&1 && echo "$(date +%T) ok" || echo "$(date +%T) fail"; sleep 5; done'
kubectl get pods -l app=web
kubectl scale deployment web --replicas=0
kubectl exec client -- sh -c 'for i in 1 2 3; do wget -qO- -T 1 web >/dev/null 2>&1 && echo ok || echo fail; sleep 5; done'
kubectl scale deployment web --replicas=1
kubectl exec client -- sh -c 'date +%T; timeout 60 sh -c "until wget -qO- -T 1 web >/dev/null 2>&1; do sleep 1; done" && echo "$(date +%T) web answers"'
kubectl run short --image=busybox:1.36 --restart=Never -- sleep 20
kubectl wait --for=condition=Ready pod/short
kubectl exec short -- sh -c 'echo waiting; sleep 60; echo never'
