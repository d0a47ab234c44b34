# Day two on a kubeadm cluster, from the control-plane machine: which kubeadm built it, when its
# certificates run out, and how another machine would join. kubeadm reads the PKI and the
# kubeconfigs it wrote under /etc/kubernetes, and talks to kube-apiserver as admin.conf's user.
sim ssh control-plane -- kubeadm version -o short
sim ssh control-plane -- ls /etc/kubernetes /etc/kubernetes/pki /etc/kubernetes/pki/etcd
# Every certificate kubeadm made lasts a year, its CAs ten; RESIDUAL TIME counts down with the clock.
sim ssh control-plane -- kubeadm certs check-expiration
sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver-etcd-client.crt -noout -subject -issuer -enddate
sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/etcd/server.crt -noout -text | grep -A1 'Alternative Name'
# Each kubeconfig embeds a client certificate; its subject is who the component is to kube-apiserver.
sim ssh control-plane -- grep client-certificate-data /etc/kubernetes/scheduler.conf | awk '{print $2}' | base64 -d | openssl x509 -noout -subject
# A join needs a bootstrap token, and the sha256 of the cluster CA's public key (its
# SubjectPublicKeyInfo) so the new machine can trust the kube-apiserver it reaches.
sim ssh control-plane -- kubeadm token list
sim ssh control-plane -- kubeadm token create --print-join-command --ttl 1h
# The same hash by the recipe kubeadm's documentation gives:
sim ssh control-plane -- 'openssl x509 -pubkey -in /etc/kubernetes/pki/ca.crt | openssl rsa -pubin -outform der 2>/dev/null | openssl dgst -sha256 -hex'
kubectl get secrets -n kube-system --field-selector type=bootstrap.kubernetes.io/token
# A token of your own, then gone again.
sim ssh control-plane -- kubeadm token create abcdef.0123456789abcdef --description for-node-4
sim ssh control-plane -- kubeadm token delete abcdef
# A worker has the CA and the kubeconfig its kubelet's TLS bootstrap wrote, not admin.conf.
sim ssh node-1 -- cat /etc/kubernetes/kubelet.conf | tail -5
sim ssh node-1 -- openssl x509 -in /var/lib/kubelet/pki/kubelet-client-current.pem -noout -subject -issuer
sim ssh node-1 -- kubeadm token list
# An hour on, the token cleaner has removed the token that expired.
sim advance 61m
sim ssh control-plane -- kubeadm token list
# Renewing signs a certificate again from now on a new key; what runs keeps the old one until it restarts.
sim ssh control-plane -- kubeadm certs renew apiserver
sim ssh control-plane -- openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -dates
