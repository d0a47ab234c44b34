# A DaemonSet rolls a new template out node by node (RollingUpdate, maxUnavailable 1); OnDelete waits for deletions.
kubectl apply -f manifests/node-agent.yaml
kubectl rollout status daemonset/node-agent --timeout=2m
kubectl set image daemonset/node-agent agent=nginx:1.27.0
kubectl rollout status daemonset/node-agent --timeout=3m
kubectl get pods -l app=node-agent -L controller-revision-hash,pod-template-generation
kubectl describe daemonset node-agent
kubectl patch daemonset node-agent -p '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}'
kubectl set image daemonset/node-agent agent=nginx:1.27.1
kubectl rollout status daemonset/node-agent
sleep 30
kubectl get daemonset node-agent
kubectl delete pod -l app=node-agent --field-selector spec.nodeName=node-2
sleep 20
kubectl get pods -l app=node-agent -o custom-columns=NODE:.spec.nodeName,IMAGE:.spec.containers[0].image --sort-by=.spec.nodeName
