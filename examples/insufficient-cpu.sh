# No node has 8 CPUs to spare: the Pod stays Pending and the scheduler says exactly why.
kubectl apply -f manifests/too-big.yaml
sim advance 5s
kubectl get pods
kubectl describe pod too-big
