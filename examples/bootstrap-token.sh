# How a new machine learns to trust the cluster: kubeadm init's bootstrap token, and the controllers
# that look after it. Each controller in kube-controller-manager runs as its own ServiceAccount.
kubectl get serviceaccounts -n kube-system
kubectl get secrets -n kube-system
kubectl -n kube-system describe secret bootstrap-token-rib2r3
# The token itself is <token-id>.<token-secret>.
kubectl -n kube-system get secret bootstrap-token-rib2r3 -o go-template='{{index .data "token-id" | base64decode}}.{{index .data "token-secret" | base64decode}}{{"\n"}}'
# The bootstrap signer has signed cluster-info with the token: one jws-kubeconfig-<token-id> key.
kubectl -n kube-public get configmap cluster-info -o go-template='{{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}'
# The token is a credential: kube-apiserver's bootstrap authenticator accepts it from a Pod.
kubectl run probe --image=curlimages/curl:8.17.0 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/probe
kubectl exec probe -- curl -sk -X POST -H "Authorization: Bearer rib2r3.rjji7udoqjzsjg8o" -H "Content-Type: application/json" -d '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}' https://kubernetes.default.svc/apis/authentication.k8s.io/v1/selfsubjectreviews
kubectl exec probe -- curl -sk -H "Authorization: Bearer rib2r3.rjji7udoqjzsjg8o" https://kubernetes.default.svc/api/v1/pods
# A day later the token cleaner has deleted it, and the signer has taken its signature away.
sim advance 24h
kubectl get secrets -n kube-system
kubectl -n kube-public get configmap cluster-info -o go-template='{{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}'
