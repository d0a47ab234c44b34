# kubernetes.io's pages apply their manifests by URL; they work offline, from the simulation's copy
# of the docs' examples (src/k8s/docs-examples.ts). k8s.io is a short link: it redirects to kubernetes.io.
kubectl apply -f https://k8s.io/examples/application/deployment.yaml
kubectl rollout status deployment/nginx-deployment --timeout=2m
# The same file from GitHub's raw host, and a two-object manifest (Deployment and Service).
kubectl diff -f https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/deployment.yaml
kubectl apply -f https://k8s.io/examples/application/php-apache.yaml
# Run a Stateless Application's next step: the updated manifest rolls the Pods to nginx 1.16.1.
kubectl apply -f https://k8s.io/examples/application/deployment-update.yaml
kubectl rollout status deployment/nginx-deployment --timeout=2m
# The laptop's curl sees the redirect; -L follows it, and the bytes can be piped into kubectl.
curl -sI https://k8s.io/examples/controllers/frontend.yaml
curl -sL https://k8s.io/examples/controllers/frontend.yaml | kubectl apply -f -
curl -sLO https://k8s.io/examples/pods/probe/tcp-liveness-readiness.yaml
kubectl apply -f tcp-liveness-readiness.yaml
kubectl wait --for=condition=Ready pod -l tier=frontend --timeout=1m
kubectl rollout status deployment/php-apache --timeout=2m
kubectl get deployments,replicasets,services
# A path the docs do not have is the server's 404; a host that does not exist fails in DNS.
kubectl apply -f https://k8s.io/examples/application/deployment-typo.yaml
kubectl apply -f https://examples.k8s.invalid/deployment.yaml
