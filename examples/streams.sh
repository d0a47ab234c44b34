# Container streams last as long as the container runs. kubectl logs -f prints each line when
# the container writes it (in the browser's terminal a line a second shows a line a second), stays
# through a quiet minute and ends when the container does; Ctrl+C ends it sooner.
kubectl run count --image=busybox:1.36 --restart=Never -- sh -c 'echo first; sleep 70; echo after a quiet minute; sleep 2; echo last'
kubectl wait --for=condition=Ready pod/count --timeout=1m
kubectl logs -f count
kubectl get pod count
# This runner's stdin is no terminal: kubectl run -i sends what it holds to the container, then its
# end of file. debian's CMD is bash, which reads EOF and exits 0, so the Pod completes.
kubectl run -i deb --image=debian --restart=Never
kubectl get pod deb
# Piped input reaches the shell, which runs it; its exit status becomes kubectl's.
echo 'echo hello from $0; exit 3' | kubectl run -i piped --image=busybox:1.36 --restart=Never --rm -- sh
