# Does the data survive the Pod? redis-server (the docker image: no config file, save points
# 3600 1 / 300 100 / 60 10000, dir /data) writes dump.rdb into /data on SAVE and when SIGTERM
# stops it, and loads it when it starts. What /data is decides the rest: the StatefulSet's claim
# outlives its Pod, the Deployment's emptyDir dies with its Pod.
kubectl apply -f manifests/redis-persistence.yaml
kubectl rollout status statefulset/redis --timeout=2m
kubectl rollout status deployment/cache --timeout=2m
# Without a terminal redis-cli prints replies raw; --no-raw prints them as on a terminal.
kubectl exec redis-0 -- redis-cli set greeting hello
kubectl exec redis-0 -- redis-cli --no-raw incr visits
kubectl exec redis-0 -- redis-cli --no-raw rpush queue job-1 job-2
kubectl exec redis-0 -- redis-cli --no-raw lrange queue 0 -1
kubectl exec redis-0 -- redis-cli --no-raw get nothing-here
kubectl exec redis-0 -- redis-cli config get dir
# Another Pod reaches it by its StatefulSet name under the headless Service.
kubectl run client --image=redis:7.4 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/client --timeout=1m
kubectl exec client -- redis-cli -h redis-0.redis get greeting
kubectl exec client -- redis-cli -h redis-1.redis get greeting
# Deleting the Pod stops redis with SIGTERM: it saves dump.rdb on the claim; the new redis-0 loads it.
kubectl delete pod redis-0
kubectl wait --for=condition=Ready pod/redis-0 --timeout=2m
kubectl exec redis-0 -- ls /data
kubectl exec redis-0 -- redis-cli get greeting
kubectl exec redis-0 -- redis-cli info keyspace
kubectl logs redis-0
# The Deployment's Pod saves into its emptyDir too, but a new Pod gets a new, empty one.
kubectl exec deploy/cache -- redis-cli set greeting hello
kubectl exec deploy/cache -- redis-cli save
kubectl delete pod -l app=cache
kubectl rollout status deployment/cache --timeout=2m
kubectl exec deploy/cache -- redis-cli --no-raw get greeting
kubectl exec deploy/cache -- redis-cli dbsize
