# A DaemonSet's history lives in ControllerRevisions: each template change records one, `rollout
# history` lists them, and `rollout undo` patches an older template back (renumbering it).
kubectl apply -f manifests/node-agent.yaml
kubectl rollout status daemonset/node-agent --timeout=2m
kubectl get controllerrevisions
kubectl set image daemonset/node-agent agent=nginx:1.27.3
kubectl rollout status daemonset/node-agent --timeout=3m
kubectl rollout history daemonset/node-agent
kubectl rollout history daemonset/node-agent --revision=2
kubectl get pods -l app=node-agent -L pod-template-generation,controller-revision-hash
kubectl rollout undo daemonset/node-agent
kubectl rollout status daemonset/node-agent --timeout=3m
kubectl rollout history daemonset/node-agent
kubectl get controllerrevisions
kubectl rollout undo daemonset/node-agent --to-revision=3
kubectl rollout undo daemonset/node-agent --to-revision=9
