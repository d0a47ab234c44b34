/**
 * What kubeadm's component configs have in common when it marshals them: component-base's
 * LoggingConfiguration left at its zero value (`flushFrequency` a TimeOrMetaDuration printed as a
 * number, both formats' `infoBufferSize` a Quantity printed as "0"), as the KubeletConfiguration
 * of every node and the KubeProxyConfiguration in kube-proxy's ConfigMap carry it.
 */
export const ZERO_LOGGING_CONFIG = `logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
    text:
      infoBufferSize: "0"
  verbosity: 0`;
