# kube-scheduler spreads replicas by default: PodTopologySpread's system-default constraints
# (hostname maxSkew 3, zone maxSkew 5, ScheduleAnyway) apply to any Pod a Service or ReplicaSet
# selects, so three replicas land one per worker and six land two per worker.
kubectl create deployment web --image=nginx --replicas=3
kubectl rollout status deployment/web --timeout=1m
kubectl get pods -l app=web -o wide
kubectl scale deployment web --replicas=6
kubectl rollout status deployment/web --timeout=1m
kubectl get pods -l app=web -o wide
# A hard constraint the cluster cannot meet: the tainted control plane still counts as an empty
# hostname domain (nodeTaintsPolicy Ignore), so a fourth replica would skew 2 > maxSkew 1.
kubectl apply -f manifests/strict-spread.yaml
sim advance 10s
kubectl get pods -l app=strict -o wide
# kubectl 1.36 leaves Events out when it describes several objects; --show-events brings them back.
kubectl describe pod -l app=strict --show-events | grep -A3 Events | tail -2
# The built-in PriorityClasses the apiserver creates at start.
kubectl get priorityclasses
kubectl describe priorityclass system-node-critical
kubectl delete priorityclass system-node-critical
kubectl version
