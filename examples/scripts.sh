# Scripts run by their path. The kernel runs a file only when its mode grants x to the process's
# user (root: any x bit), and then through the interpreter its `#!` line names. A ConfigMap's
# files are 0644 unless the volume's defaultMode (or an item's mode) says otherwise.
kubectl apply -f manifests/scripts.yaml
kubectl wait --for=jsonpath='{.status.phase}'=Succeeded pod/runs --timeout=1m
kubectl logs runs
sleep 5s
# Without x, runc refuses to start the process: the kubelet reports RunContainerError, and the
# container's last state is containerd's StartError with runc's message.
kubectl get pod not-executable
kubectl get pod not-executable -o jsonpath='{.status.containerStatuses[0].state}{"\n"}'
kubectl get pod not-executable -o jsonpath='{.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}: {.status.containerStatuses[0].lastState.terminated.message}{"\n"}'
kubectl get events --field-selector involvedObject.name=not-executable,reason=Failed
# A file without `#!` passes runc's check and starts; execve then fails with ENOEXEC, which runc
# writes to the container's stderr before it exits 255.
kubectl get pod no-shebang
kubectl logs no-shebang
kubectl get pod no-shebang -o jsonpath='{.status.containerStatuses[0].state.terminated.exitCode}{"\n"}'
# In a shell the same file is `Permission denied` (status 126); `sh file` reads it, needing no x.
# The volume is read-only, so chmod fails there; a copy can be made executable.
kubectl run shell --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/shell --timeout=1m
kubectl exec shell -- sh -c 'echo "#!/bin/sh" > /tmp/hi; echo "echo hi from \$0" >> /tmp/hi; cd /tmp; ./hi; echo "status $?"; sh hi; ls -l hi; chmod +x hi; ls -l hi; ./hi'
kubectl exec shell -- sh -c 'printf "echo no shebang: run by the shell\n" > /tmp/plain; chmod 755 /tmp/plain; /tmp/plain; printf "#!/bin/bash\necho never\n" > /tmp/b; chmod +x /tmp/b; /tmp/b; echo "status $?"'
