# metrics-server as every tutorial installs it: upstream's components.yaml, straight from GitHub.
# On a kubeadm cluster each kubelet serves a self-signed certificate, so metrics-server's scrapes
# fail verification: the Pod never becomes Ready, the APIService has no endpoints, `kubectl top` fails.
kubectl apply -f https://github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml
sleep 60
kubectl get pods -n kube-system -l k8s-app=metrics-server
kubectl logs -n kube-system deploy/metrics-server --tail=4
kubectl describe pod -n kube-system -l k8s-app=metrics-server | tail -5
kubectl get apiservice v1beta1.metrics.k8s.io
kubectl describe apiservice v1beta1.metrics.k8s.io | grep -A5 Conditions
kubectl top nodes
# The usual fix on a lab cluster: skip verifying the kubelets' certificates.
kubectl patch deployment metrics-server -n kube-system --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/0/args/-","value":"--kubelet-insecure-tls"}]'
kubectl rollout status deployment/metrics-server -n kube-system
sleep 30
kubectl get apiservice v1beta1.metrics.k8s.io
kubectl top nodes
