# kubernetes.io's "Example: Deploying PHP Guestbook application with Redis", line by line: a
# Redis leader (registry.k8s.io/redis, 2.8.19), two followers replicating it (gb-redis-follower,
# redis 6.2 started with --replicaof redis-leader 6379), and the PHP frontend that writes to the
# leader's Service and reads from the followers'.
kubectl apply -f https://k8s.io/examples/application/guestbook/redis-leader-deployment.yaml
kubectl get pods
kubectl rollout status deployment/redis-leader --timeout=2m
kubectl logs deployment/redis-leader
kubectl apply -f https://k8s.io/examples/application/guestbook/redis-leader-service.yaml
kubectl get service
kubectl apply -f https://k8s.io/examples/application/guestbook/redis-follower-deployment.yaml
kubectl rollout status deployment/redis-follower --timeout=2m
kubectl get pods
kubectl apply -f https://k8s.io/examples/application/guestbook/redis-follower-service.yaml
kubectl get service
# Each follower dialled redis-leader through the cluster's DNS and the Service, and synced.
kubectl logs -l role=leader --tail=16
F=$(kubectl get pods -l role=follower -o jsonpath='{.items[0].metadata.name}')
kubectl logs $F
kubectl apply -f https://k8s.io/examples/application/guestbook/frontend-deployment.yaml
kubectl rollout status deployment/frontend --timeout=2m
kubectl get pods -l app=guestbook -l tier=frontend
kubectl apply -f https://k8s.io/examples/application/guestbook/frontend-service.yaml
kubectl get services
kubectl port-forward svc/frontend 8080:80 &
curl -s localhost:8080 | head -4
# The page's Submit: guestbook.php writes the messages to the leader, reads them from a follower.
curl -s 'localhost:8080/guestbook.php?cmd=set&value=Hello,Kubernetes+learners'
curl -s 'localhost:8080/guestbook.php?cmd=get'
# From another Pod, through the frontend's Service.
kubectl run client --image=busybox:1.36 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/client --timeout=1m
kubectl exec client -- wget -qO- 'http://frontend/guestbook.php?cmd=get'
# A follower has the data and refuses writes; INFO says who is who.
kubectl exec $F -- redis-cli get guestbook
kubectl exec $F -- redis-cli set guestbook spam
kubectl exec $F -- redis-cli info replication
kubectl exec deployment/redis-leader -- redis-cli info replication
kubectl exec deployment/frontend -- cat /var/www/html/guestbook.php | sed -n 24,51p
kubectl logs deployment/frontend | tail -3
kubectl scale deployment frontend --replicas=5
kubectl rollout status deployment/frontend --timeout=2m
kubectl get pods
kubectl scale deployment frontend --replicas=2
sim advance 40s
kubectl get pods
kubectl delete deployment -l app=redis
kubectl delete service -l app=redis
kubectl delete deployment frontend
kubectl delete service frontend
kubectl delete pod client --now
sim advance 40s
kubectl get pods
