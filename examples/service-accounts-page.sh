# "Configure Service Accounts for Pods", step by step (src/k8s/docs-examples-pods.ts serves the
# projected-token Pod). Every namespace has a `default` ServiceAccount; a Pod runs as it unless it
# names another.
kubectl get serviceaccounts
kubectl apply -f - <<EOF
apiVersion: v1
kind: ServiceAccount
metadata:
  name: build-robot
EOF
kubectl get serviceaccounts/build-robot -o yaml
# A short-lived token from the TokenRequest API: a JWT for the API server's audience, an hour.
kubectl create token build-robot | cut -d. -f2 | base64 -d 2>/dev/null | grep -o '"sub":"[^"]*"'
# A long-lived token: the token controller fills a service-account-token Secret.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: build-robot-secret
  annotations:
    kubernetes.io/service-account.name: build-robot
type: kubernetes.io/service-account-token
EOF
kubectl describe secrets/build-robot-secret | sed 's/^token: .*/token:      .../'
# The Pod's automounted credentials, then the opt-out on the ServiceAccount, overridden by the Pod.
kubectl run automount --image=nginx
kubectl wait --for=condition=Ready pod/automount --timeout=1m
kubectl exec automount -- ls /var/run/secrets/kubernetes.io/serviceaccount
kubectl patch serviceaccount build-robot -p '{"automountServiceAccountToken": false}'
kubectl run opted-out --image=nginx --overrides='{"spec":{"serviceAccountName":"build-robot"}}'
kubectl run opted-in --image=nginx --overrides='{"spec":{"serviceAccountName":"build-robot","automountServiceAccountToken":true}}'
kubectl get pods opted-out opted-in -o custom-columns=NAME:.metadata.name,SA:.spec.serviceAccountName,VOLUMES:.spec.volumes[*].name
kubectl delete pod automount opted-out opted-in
# ImagePullSecrets on the default ServiceAccount reach every new Pod that names none.
kubectl create secret docker-registry myregistrykey --docker-server=registry.example.com \
        --docker-username=DUMMY_USERNAME --docker-password=DUMMY_DOCKER_PASSWORD \
        --docker-email=DUMMY_DOCKER_EMAIL
kubectl get secrets myregistrykey
kubectl patch serviceaccount default -p '{"imagePullSecrets": [{"name": "myregistrykey"}]}'
kubectl run nginx --image=registry.example.com/nginx --restart=Never
kubectl get pod nginx -o=jsonpath='{.spec.imagePullSecrets[0].name}{"\n"}'
kubectl delete pod nginx
kubectl patch serviceaccount default --type=json -p '[{"op":"remove","path":"/imagePullSecrets"}]'
# Service account token volume projection: a token for the `vault` audience, valid two hours.
kubectl create -f https://k8s.io/examples/pods/pod-projected-svc-token.yaml
kubectl wait --for=condition=Ready pod/nginx --timeout=1m
kubectl exec nginx -- ls /var/run/secrets/tokens
kubectl exec nginx -- cat /var/run/secrets/tokens/vault-token | cut -d. -f2 | base64 -d 2>/dev/null | grep -o -e '"aud":[^]]*]' -e '"exp":[0-9]*' -e '"iat":[0-9]*' -e '"sub":"[^"]*"'
kubectl delete pod nginx
# The Secret goes with its ServiceAccount.
kubectl delete serviceaccount/build-robot
sleep 2
kubectl get secret build-robot-secret
