/**
 * The help `kubectl config set-context`, `use-context`, `delete-context`, `rename-context`,
 * `set-credentials`, `set-cluster`, `delete-cluster`, `set` and `unset` print on stdout before an
 * argument error (helpErrorf, or cmd.Help for delete-context and delete-cluster): kubectl
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
  'set-credentials': `Set a user entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values.

        Client-certificate flags:
        --client-certificate=certfile --client-key=keyfile
        
        Bearer token flags:
        --token=bearer_token
        
        Basic auth flags:
        --username=basic_user --password=basic_password
        
 Bearer token and basic auth are mutually exclusive.

Examples:
  # Set only the "client-key" field on the "cluster-admin"
  # entry, without touching other values
  kubectl config set-credentials cluster-admin --client-key=~/.kube/admin.key
  
  # Set basic auth for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --username=admin --password=uXFGweU9l35qcif
  
  # Embed client certificate data in the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --client-certificate=~/.kube/admin.crt --embed-certs=true
  
  # Enable the Google Compute Platform auth provider for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --auth-provider=gcp
  
  # Enable the OpenID Connect auth provider for the "cluster-admin" entry with additional arguments
  kubectl config set-credentials cluster-admin --auth-provider=oidc --auth-provider-arg=client-id=foo --auth-provider-arg=client-secret=bar
  
  # Remove the "client-secret" config value for the OpenID Connect auth provider for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --auth-provider=oidc --auth-provider-arg=client-secret-
  
  # Enable new exec auth plugin for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=client.authentication.k8s.io/v1beta1
  
  # Enable new exec auth plugin for the "cluster-admin" entry with interactive mode
  kubectl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=client.authentication.k8s.io/v1beta1 --exec-interactive-mode=Never
  
  # Define new exec auth plugin arguments for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-arg=arg1 --exec-arg=arg2
  
  # Create or update exec auth plugin environment variables for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-env=key1=val1 --exec-env=key2=val2
  
  # Remove exec auth plugin environment variables for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-env=var-to-remove-

Options:
    --auth-provider='':
\tAuth provider for the user entry in kubeconfig

    --auth-provider-arg=[]:
\t'key=value' arguments for the auth provider

    --client-certificate='':
\tPath to client-certificate file for the user entry in kubeconfig

    --client-key='':
\tPath to client-key file for the user entry in kubeconfig

    --embed-certs=false:
\tEmbed client cert/key for the user entry in kubeconfig

    --exec-api-version='':
\tAPI version of the exec credential plugin for the user entry in kubeconfig

    --exec-arg=[]:
\tNew arguments for the exec credential plugin command for the user entry in kubeconfig

    --exec-command='':
\tCommand for the exec credential plugin for the user entry in kubeconfig

    --exec-env=[]:
\t'key=value' environment values for the exec credential plugin

    --exec-interactive-mode='':
\tInteractiveMode of the exec credentials plugin for the user entry in kubeconfig

    --exec-provide-cluster-info=false:
\tProvideClusterInfo of the exec credentials plugin for the user entry in kubeconfig

    --password='':
\tpassword for the user entry in kubeconfig

    --token='':
\ttoken for the user entry in kubeconfig

    --username='':
\tusername for the user entry in kubeconfig

Usage:
  kubectl config set-credentials NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [--auth-provider=provider_name] [--auth-provider-arg=key=value] [--exec-command=exec_command] [--exec-api-version=exec_api_version] [--exec-arg=arg] [--exec-env=key=value] [options]

${OPTIONS_FOOTER}`,
  'set-cluster': `Set a cluster entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values for those fields.

Examples:
  # Set only the server field on the e2e cluster entry without touching other values
  kubectl config set-cluster e2e --server=https://1.2.3.4
  
  # Embed certificate authority data for the e2e cluster entry
  kubectl config set-cluster e2e --embed-certs --certificate-authority=~/.kube/e2e/kubernetes.ca.crt
  
  # Disable cert checking for the e2e cluster entry
  kubectl config set-cluster e2e --insecure-skip-tls-verify=true
  
  # Set the custom TLS server name to use for validation for the e2e cluster entry
  kubectl config set-cluster e2e --tls-server-name=my-cluster-name
  
  # Set the proxy URL for the e2e cluster entry
  kubectl config set-cluster e2e --proxy-url=https://1.2.3.4

Options:
    --certificate-authority='':
\tPath to certificate-authority file for the cluster entry in kubeconfig

    --embed-certs=false:
\tembed-certs for the cluster entry in kubeconfig

    --insecure-skip-tls-verify=false:
\tinsecure-skip-tls-verify for the cluster entry in kubeconfig

    --proxy-url='':
\tproxy-url for the cluster entry in kubeconfig

    --server='':
\tserver for the cluster entry in kubeconfig

    --tls-server-name='':
\ttls-server-name for the cluster entry in kubeconfig

Usage:
  kubectl config set-cluster NAME [--server=server] [--certificate-authority=path/to/certificate/authority] [--insecure-skip-tls-verify=true] [--tls-server-name=example.com] [options]

${OPTIONS_FOOTER}`,
  'delete-cluster': `Delete the specified cluster from the kubeconfig.

Examples:
  # Delete the minikube cluster
  kubectl config delete-cluster minikube

Usage:
  kubectl config delete-cluster NAME [options]

${OPTIONS_FOOTER}`,
  set: `Set an individual value in a kubeconfig file.

 PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.

 PROPERTY_VALUE is the new value you want to set. Binary fields such as 'certificate-authority-data' expect a base64 encoded string unless the --set-raw-bytes flag is used.

 Specifying an attribute name that already exists will merge new fields on top of existing values.

Examples:
  # Set the server field on the my-cluster cluster to https://1.2.3.4
  kubectl config set clusters.my-cluster.server https://1.2.3.4
  
  # Set the certificate-authority-data field on the my-cluster cluster
  kubectl config set clusters.my-cluster.certificate-authority-data $(echo "cert_data_here" | base64 -i -)
  
  # Set the cluster field in the my-context context to my-cluster
  kubectl config set contexts.my-context.cluster my-cluster
  
  # Set the client-key-data field in the cluster-admin user using --set-raw-bytes option
  kubectl config set users.cluster-admin.client-key-data cert_data_here --set-raw-bytes=true

Options:
    --set-raw-bytes=false:
\tWhen writing a []byte PROPERTY_VALUE, write the given string directly without base64 decoding.

Usage:
  kubectl config set PROPERTY_NAME PROPERTY_VALUE [options]

${OPTIONS_FOOTER}`,
  unset: `Unset an individual value in a kubeconfig file.

 PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.

Examples:
  # Unset the current-context
  kubectl config unset current-context
  
  # Unset namespace in foo context
  kubectl config unset contexts.foo.namespace

Usage:
  kubectl config unset PROPERTY_NAME [options]

${OPTIONS_FOOTER}`,
} as const;
