# Four kubernetes.io pages followed as written, with the test images they pull.
# StatefulSet Basics: nginx-slim has sh and curl; each Pod serves its own hostname from its claim,
# and a deleted Pod comes back under its name with the same claim.
kubectl apply -f manifests/docs-web.yaml
kubectl rollout status statefulset/web --timeout=2m
for i in 0 1; do kubectl exec "web-$i" -- sh -c 'hostname'; done
# The claim is mounted over the docroot: until index.html is written nginx answers 403, as the page's note says.
kubectl exec web-0 -- curl -s http://localhost/
for i in 0 1; do kubectl exec "web-$i" -- sh -c 'echo "$(hostname)" > /usr/share/nginx/html/index.html'; done
for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
# nginx-slim's stock nginx.conf: error_log at `error` (the 403's reason), access lines in `combined`.
kubectl logs web-0
kubectl delete pod -l app=nginx
kubectl rollout status statefulset/web --timeout=2m
for i in 0 1; do kubectl exec -i -t "web-$i" -- curl http://localhost/; done
# Its update step swaps the image for nginx-slim:0.24.
kubectl patch statefulset web --type='json' -p='[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value":"registry.k8s.io/nginx-slim:0.24"}]'
kubectl rollout status statefulset/web --timeout=2m
for p in 0 1; do kubectl get pod "web-$p" --template '{{range $i, $c := .spec.containers}}{{$c.image}}{{end}}'; echo; done
# Configure Liveness… "Define a liveness HTTP request": /healthz is 200 for 10 s, then 500.
kubectl apply -f manifests/docs-http-liveness.yaml
sim advance 10s
kubectl get pod liveness-http
sim advance 20s
kubectl describe pod liveness-http | sed -n '/^Events:/,$p'
kubectl get pod liveness-http
# Debugging DNS Resolution: agnhost's CMD is `pause`, and it has BIND's nslookup; so has jessie-dnsutils.
kubectl apply -f manifests/docs-dnsutils.yaml
kubectl wait --for=condition=Ready pod/dnsutils --timeout=1m
kubectl exec -i -t dnsutils -- nslookup kubernetes.default
kubectl exec -ti dnsutils -- cat /etc/resolv.conf
kubectl apply -f manifests/docs-jessie-dnsutils.yaml
kubectl wait --for=condition=Ready pod/jessie --timeout=1m
kubectl exec jessie -- dig +short kubernetes.default.svc.cluster.local
# registry.k8s.io never had e2e-test-images/dnsutils (it lived on gcr.io/kubernetes-e2e-test-images).
kubectl run dnsutils2 --image=registry.k8s.io/e2e-test-images/dnsutils:1.3 -- sleep 3600
sim advance 5s
kubectl get pod dnsutils2
# Debug Services: hostnames answer on 9376 with their own name, directly and through the Service.
kubectl create deployment hostnames --image=registry.k8s.io/serve_hostname
kubectl scale deployment hostnames --replicas=3
kubectl rollout status deployment/hostnames --timeout=2m
kubectl run busybox --image=gcr.io/google-containers/busybox --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/busybox --timeout=1m
kubectl exec busybox -- sh -c "for ep in $(kubectl get pods -l app=hostnames -o go-template='{{range .items}}{{.status.podIP}}:9376 {{end}}'); do wget -qO- \$ep; echo; done"
kubectl expose deployment hostnames --port=80 --target-port=9376
sim advance 2s
kubectl get endpointslices -l kubernetes.io/service-name=hostnames
kubectl exec busybox -- nslookup hostnames
kubectl exec busybox -- sh -c 'for i in 1 2 3; do wget -qO- hostnames; echo; done'
# serve_hostname logs each request with Go's log package (and nothing at start-up).
kubectl logs -l app=hostnames --prefix
