# Namespaces Walkthrough (tasks/administer-cluster/namespaces-walkthrough), applied by URL as the
# page says: two namespaces, a kubeconfig context for each, and what each context sees.
kubectl get namespaces
kubectl create -f https://k8s.io/examples/admin/namespace-dev.yaml
kubectl create -f https://k8s.io/examples/admin/namespace-prod.yaml
kubectl get namespaces --show-labels
kubectl config view
kubectl config current-context
# The page copies the current context's cluster and user into two new contexts.
kubectl config set-context dev --namespace=development --cluster=kubernetes --user=kubernetes-admin
kubectl config set-context prod --namespace=production --cluster=kubernetes --user=kubernetes-admin
kubectl config view
kubectl config use-context dev
kubectl config current-context
kubectl apply -f https://k8s.io/examples/admin/snowflake-deployment.yaml
kubectl wait --for=condition=Available deployment/snowflake --timeout=2m
kubectl get deployment
kubectl get pods -l app=snowflake
# production sees none of it.
kubectl config use-context prod
kubectl get deployment
kubectl get pods
kubectl create deployment cattle --image=registry.k8s.io/serve_hostname --replicas=5
kubectl wait --for=condition=Available deployment/cattle --timeout=2m
kubectl get deployment
kubectl get pods -l app=cattle
kubectl get deployments --all-namespaces -l 'app in (snowflake,cattle)'
kubectl config use-context kubernetes-admin@kubernetes
