# A command that never ends keeps kubectl exec, and the terminal, until something ends it: here
# its container does (`sleep 45`), and the runtime kills the exec'd process with it (SIGKILL:
# exit code 137). In the browser, Ctrl+C ends it sooner: without -t kubectl itself dies ($? 130),
# with -it the ^C reaches the command (`command terminated with exit code 130`).
kubectl run short --image=busybox:1.36 --restart=Never -- sleep 45
kubectl wait --for=condition=Ready pod/short --timeout=1m
kubectl exec short -- sh -c 'echo "tail -f waits for more"; tail -f /etc/hostname'
echo "kubectl exited $?"
kubectl get pod short
