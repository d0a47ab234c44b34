# kubernetes.io's "Exposing an External IP Address to Access an Application in a Cluster", line by
# line. The page needs a cloud: on a kubeadm cluster nothing provisions load balancers, so
# EXTERNAL-IP stays <pending> — but the Service's node port works from the laptop all the same.
kubectl apply -f https://k8s.io/examples/service/load-balancer-example.yaml
kubectl expose deployment hello-world --type=LoadBalancer --name=my-service
sim advance 1m
kubectl get services my-service
NODEPORT=$(kubectl get services my-service -o jsonpath='{.spec.ports[0].nodePort}')
curl -s http://10.0.0.11:$NODEPORT
# With a cloud provider, cloud-controller-manager's service controller provisions the balancer.
sim topology basic --cloud-provider sim
kubectl apply -f https://k8s.io/examples/service/load-balancer-example.yaml
sim advance 30s
kubectl get deployments hello-world
kubectl describe deployments hello-world
kubectl get replicasets
kubectl describe replicasets
kubectl expose deployment hello-world --type=LoadBalancer --name=my-service
kubectl get services my-service
sim advance 5s
kubectl get services my-service
kubectl describe services my-service
kubectl get pods --output=wide
# curl http://<external-ip>:<port>: the balancer hands each connection to a node, whose
# kube-proxy rules for the address pick one of the five Pods.
EXTERNAL_IP=$(kubectl get services my-service -o jsonpath='{.status.loadBalancer.ingress[0].ip}')
curl -s http://$EXTERNAL_IP:8080
curl -s http://$EXTERNAL_IP:8080
kubectl delete services my-service
kubectl delete deployment hello-world
