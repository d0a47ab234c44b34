# The namespace quota task pages, applied by URL as they say (src/k8s/docs-examples-policy.ts).
# Configure a Pod Quota for a Namespace: two Pods at most, so the Deployment's third is refused.
kubectl create namespace quota-pod-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-pod.yaml --namespace=quota-pod-example
kubectl get resourcequota pod-demo --namespace=quota-pod-example --output=yaml
kubectl apply -f https://k8s.io/examples/admin/resource/quota-pod-deployment.yaml --namespace=quota-pod-example
sim advance 10s
# The page's excerpt: replicas 3, availableReplicas 2, the ReplicaFailure condition's message.
kubectl get deployment pod-quota-demo --namespace=quota-pod-example --output=yaml | sed -n '/^spec:/,/^  replicas:/p;/^status:/,$p'
kubectl describe resourcequota pod-demo --namespace=quota-pod-example
kubectl delete namespace quota-pod-example
# Configure Quotas for API Objects: one claim, two LoadBalancers, no NodePorts.
kubectl create namespace quota-object-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects.yaml --namespace=quota-object-example
kubectl get resourcequota object-quota-demo --namespace=quota-object-example --output=yaml
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects-pvc.yaml --namespace=quota-object-example
kubectl get persistentvolumeclaims --namespace=quota-object-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects-pvc-2.yaml --namespace=quota-object-example
# A NodePort Service would be the first of none allowed; a LoadBalancer's node ports count too.
kubectl create service nodeport web --tcp=80 --namespace=quota-object-example
kubectl create service loadbalancer web --tcp=80 --namespace=quota-object-example
kubectl delete namespace quota-object-example
# Limit Storage Consumption: each claim between 1Gi and 2Gi, five claims and 5Gi in all.
kubectl create namespace storage-example
kubectl apply -f https://k8s.io/examples/admin/resource/storagelimits.yaml --namespace=storage-example
kubectl create quota storagequota --hard=persistentvolumeclaims=5,requests.storage=5Gi --namespace=storage-example
kubectl apply -f https://k8s.io/examples/admin/resource/pvc-limit-lower.yaml --namespace=storage-example
kubectl apply -f https://k8s.io/examples/admin/resource/pvc-limit-greater.yaml --namespace=storage-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects-pvc.yaml --namespace=storage-example
# Three 2Gi claims: the third would bring the namespace to 6Gi of its 5Gi.
for i in 1 2 3; do curl -sL https://k8s.io/examples/admin/resource/pvc-limit-greater.yaml | sed -e "s/pvc-limit-greater/claim-$i/" -e 's/5Gi/2Gi/' | kubectl apply -f - --namespace=storage-example; done
kubectl describe limitrange storagelimits --namespace=storage-example
kubectl describe resourcequota storagequota --namespace=storage-example
