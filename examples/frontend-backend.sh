# kubernetes.io's "Connect a Frontend to a Backend Using Services", line by line, on a cluster
# with a cloud provider (the frontend Service is type LoadBalancer).
sim topology basic --cloud-provider sim
kubectl apply -f https://k8s.io/examples/service/access/backend-deployment.yaml
sim advance 20s
kubectl describe deployment backend
kubectl apply -f https://k8s.io/examples/service/access/backend-service.yaml
# The frontend's nginx passes every request to the upstream `server hello;`: the backend
# Service's name, which the Pod's resolver turns into its ClusterIP.
curl -s https://k8s.io/examples/service/access/frontend-nginx.conf -L
kubectl apply -f https://k8s.io/examples/service/access/frontend-deployment.yaml
kubectl apply -f https://k8s.io/examples/service/access/frontend-service.yaml
kubectl get service frontend
sim advance 5s
kubectl get service frontend
EXTERNAL_IP=$(kubectl get service frontend -o jsonpath='{.status.loadBalancer.ingress[0].ip}')
curl http://${EXTERNAL_IP} # replace this with the EXTERNAL-IP you saw earlier
# Each hop in the trace: the balancer's node DNATs to the frontend Pod; nginx asks CoreDNS for
# hello.default.svc.cluster.local and dials the ClusterIP, which its node DNATs to a backend Pod.
sim trace --last 4
kubectl logs deployment/frontend
kubectl logs deployment/backend
kubectl delete services frontend hello
kubectl delete deployment frontend backend
