# What kubeadm and kube-apiserver leave in the system namespaces before anything is applied.
kubectl get configmaps -A
# kube-proxy's configuration as kubeadm uploads it: the whole struct, zeros meaning "kube-proxy's default".
kubectl -n kube-system get configmap kube-proxy -o jsonpath='{.data.config\.conf}'
kubectl -n kube-system get configmap kubeadm-config -o jsonpath='{.data.ClusterConfiguration}'
# The aggregation layer's trust: who may present request headers (front-proxy-client) and which headers
# (the certificates' base64 lines left out).
kubectl -n kube-system describe configmap extension-apiserver-authentication | grep -v -e '^[A-Za-z0-9+/]\{64\}$' -e '^[A-Za-z0-9+/]*==$'
kubectl -n kube-system get pod kube-apiserver-control-plane -o jsonpath='{range .spec.containers[0].command[*]}{@}{"\n"}{end}' | grep -e requestheader -e proxy-client -e kubelet-client
# kube-apiserver's own group/versions, each a Local APIService; an aggregated one would name its Service.
kubectl get apiservices
kubectl get apiservice v1.apps -o yaml
# A joining node reads cluster-info before it has any credentials.
kubectl -n kube-public get configmap cluster-info --as=system:anonymous --as-group=system:unauthenticated
kubectl -n kube-system get configmap kubelet-config --as=system:anonymous --as-group=system:unauthenticated
