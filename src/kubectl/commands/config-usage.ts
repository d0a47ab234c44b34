/**
 * The help `kubectl config set-context`, `use-context`, `delete-context` and `rename-context`
 * print on stdout before an argument error (helpErrorf, or cmd.Help for delete-context): kubectl
 * 1.35's text, the same as their `--help` topics in kubectl-help.json (a test holds them equal).
 * Kept here rather than read from the help chunk, which loads lazily: an argument error must
 * print the same bytes on the first line typed as on the hundredth.
 */
const OPTIONS_FOOTER = 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';

export const CONFIG_USAGE = {
  'use-context': `Set the current-context in a kubeconfig file.

Aliases:
use-context, use

Examples:
  # Use the context for the minikube cluster
  kubectl config use-context minikube

Usage:
  kubectl config use-context CONTEXT_NAME [options]

${OPTIONS_FOOTER}`,
  'set-context': `Set a context entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values for those fields.

Examples:
  # Set the user field on the gce context entry without touching other values
  kubectl config set-context gce --user=cluster-admin

Options:
    --cluster='':
\tcluster for the context entry in kubeconfig

    --current=false:
\tModify the current context

    -n, --namespace='':
\tnamespace for the context entry in kubeconfig

    --user='':
\tuser for the context entry in kubeconfig

Usage:
  kubectl config set-context [NAME | --current] [--cluster=cluster_nickname] [--user=user_nickname] [--namespace=namespace] [options]

${OPTIONS_FOOTER}`,
  'delete-context': `Delete the specified context from the kubeconfig.

Examples:
  # Delete the context for the minikube cluster
  kubectl config delete-context minikube

Usage:
  kubectl config delete-context NAME [options]

${OPTIONS_FOOTER}`,
  'rename-context': `Renames a context from the kubeconfig file.

 CONTEXT_NAME is the context name that you want to change.

 NEW_NAME is the new name you want to set.

 Note: If the context being renamed is the 'current-context', this field will also be updated.

Examples:
  # Rename the context 'old-name' to 'new-name' in your kubeconfig file
  kubectl config rename-context old-name new-name

Usage:
  kubectl config rename-context CONTEXT_NAME NEW_NAME [options]

${OPTIONS_FOOTER}`,
} as const;
