# kube-controller-manager's client rate limit (--kube-api-qps 20, --kube-api-burst 30): the
# ReplicaSet controller sends 30 Pod creates at once, then the rest of its batch each time the
# token bucket holds it (30 every 1.5 s), and deletes the same way.
kubectl create deployment web --image=nginx:1.27 --replicas=100
kubectl get replicaset
sim advance 1s
kubectl get replicaset
sim advance 1s
kubectl get replicaset
sim advance 2s
kubectl get replicaset
sim advance 30s
kubectl scale deployment web --replicas=10
kubectl get replicaset
sim advance 1s
kubectl get replicaset
sim advance 3s
kubectl get replicaset
kubectl get deployment web
