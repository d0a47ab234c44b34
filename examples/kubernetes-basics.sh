# kubernetes.io's "Learn Kubernetes Basics", modules 2–6, typed as the pages give them.
# Module 1 (Create a Cluster) is minikube's: the classroom's cluster is already up.
kubectl get nodes
# Module 2 — Using kubectl to Create a Deployment.
kubectl version
kubectl create deployment kubernetes-bootcamp --image=gcr.io/google-samples/kubernetes-bootcamp:v1
# The page shows READY 1/1: the image takes a few seconds to pull; wait for it as a learner would.
kubectl rollout status deployment/kubernetes-bootcamp
kubectl get deployments
# "Open a second terminal window": here the proxy runs in the background of this one.
kubectl proxy &
curl http://localhost:8001/version
export POD_NAME=$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')
echo Name of the Pod: $POD_NAME
curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME:8080/proxy/
# Older versions of the page left out `:8080`: the apiserver then dials port 80, where nothing listens.
curl http://localhost:8001/api/v1/namespaces/default/pods/$POD_NAME/proxy/
# Module 3 — Viewing Pods and Nodes.
kubectl get pods
kubectl describe pods
kubectl logs "$POD_NAME"
kubectl exec "$POD_NAME" -- env
# In the page's terminal this is an interactive bash (root@<pod>:/#); a script feeds it its lines.
kubectl exec -ti $POD_NAME -- bash <<'LINES'
cat server.js
curl http://localhost:8080
exit
LINES
# Module 4 — Using a Service to Expose Your App.
kubectl get pods
kubectl get services
kubectl expose deployment/kubernetes-bootcamp --type="NodePort" --port 8080
# Each node's kube-proxy opens the NodePort once it has synced the new Service (about a second).
sim advance 2s
kubectl get services
kubectl describe services/kubernetes-bootcamp
export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"
echo "NODE_PORT=$NODE_PORT"
# There is no minikube here. The NodePort is open on every node's InternalIP, which the laptop
# reaches; this function stands in for `minikube ip` so the page's line works as written.
minikube() { kubectl get node node-1 -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}'; }
curl http://"$(minikube ip):$NODE_PORT"
kubectl describe deployment
kubectl get pods -l app=kubernetes-bootcamp
kubectl get services -l app=kubernetes-bootcamp
export POD_NAME="$(kubectl get pods -o go-template --template '{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}')"
echo "Name of the Pod: $POD_NAME"
kubectl label pods "$POD_NAME" version=v1
kubectl describe pods "$POD_NAME"
kubectl get pods -l version=v1
kubectl delete service -l app=kubernetes-bootcamp
kubectl get services
# The Service is gone, so is its NodePort: the node refuses the connection (curl's exit status 7).
curl http://"$(minikube ip):$NODE_PORT"
kubectl exec -ti $POD_NAME -- curl http://localhost:8080
# Module 5 — Running Multiple Instances of Your App.
kubectl get deployments
kubectl get rs
kubectl scale deployments/kubernetes-bootcamp --replicas=4
kubectl get deployments
kubectl rollout status deployments/kubernetes-bootcamp
kubectl get pods -o wide
kubectl describe deployments/kubernetes-bootcamp
# The page describes the Service module 4 deleted; expose it again first (a new NodePort).
kubectl expose deployment/kubernetes-bootcamp --type="NodePort" --port 8080
sim advance 2s
kubectl describe services/kubernetes-bootcamp
export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"
echo NODE_PORT=$NODE_PORT
# Each request lands on a Pod kube-proxy picks.
for i in 1 2 3 4 5 6; do curl -s http://"$(minikube ip):$NODE_PORT"; done
kubectl scale deployments/kubernetes-bootcamp --replicas=2
kubectl get deployments
kubectl get pods -o wide
# Module 6 — Performing a Rolling Update.
kubectl get deployments
kubectl get pods
kubectl describe pods | grep -E '^Name:|Image:'
kubectl set image deployments/kubernetes-bootcamp kubernetes-bootcamp=docker.io/jocatalin/kubernetes-bootcamp:v2
kubectl get pods
# v1's Pods stay Terminating for 30 s: their PID 1 is `/bin/sh -c node server.js`, and a shell as
# PID 1 ignores SIGTERM, so the kubelet kills them at the end of the grace period.
kubectl rollout status deployments/kubernetes-bootcamp
sim advance 2s
kubectl describe services/kubernetes-bootcamp
export NODE_PORT="$(kubectl get services/kubernetes-bootcamp -o go-template='{{(index .spec.ports 0).nodePort}}')"
echo "NODE_PORT=$NODE_PORT"
for i in 1 2 3 4; do curl -s http://"$(minikube ip):$NODE_PORT"; done
kubectl describe pods | grep -E '^Name:|Image:'
# v10 does not exist: its Pod cannot pull, the rollout stops there, the v2 Pods keep serving.
kubectl set image deployments/kubernetes-bootcamp kubernetes-bootcamp=gcr.io/google-samples/kubernetes-bootcamp:v10
sim advance 30s
kubectl get deployments
kubectl get pods
kubectl rollout status deployments/kubernetes-bootcamp --timeout=10s
# `kubectl describe pods`, the lines to look at: the v10 Pod's reason and its events.
kubectl describe pods | grep -E '^Name:|Image:|Reason:|Warning'
kubectl rollout undo deployments/kubernetes-bootcamp
kubectl get pods
kubectl describe pods | grep -E '^Name:|Image:'
# Clean up.
kubectl delete deployments/kubernetes-bootcamp services/kubernetes-bootcamp
