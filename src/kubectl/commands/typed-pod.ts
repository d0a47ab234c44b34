/**
 * core/v1's PodSpec, Container and PodTemplateSpec as typed-order.ts reads them (k8s.io/api
 * core/v1/types.go), shared by every generator whose object holds pods: create deployment, job,
 * cronjob and run. Nested structs a generator or the server's defaulting can put in a pod are
 * described; the rarer ones (affinity, topology spread, the legacy volume plugins) come out
 * sorted.
 */
import { always, META, value, type Order } from './typed-order';

const LOCAL_REF: Order = { name: 0 };
const KEY_TO_PATH: Order = { key: 0, path: 0, mode: 0 };
const FIELD_REF: Order = { apiVersion: 0, fieldPath: 0 };
const RESOURCE_FIELD_REF: Order = { containerName: 0, resource: 0, divisor: 0 };
const KEY_REF: Order = { name: 0, key: 0, optional: 0 };

const ENV_VAR: Order = {
  name: 0,
  value: 0,
  valueFrom: { fieldRef: FIELD_REF, resourceFieldRef: RESOURCE_FIELD_REF, configMapKeyRef: KEY_REF, secretKeyRef: KEY_REF, fileKeyRef: 0 },
};
const ENV_FROM: Order = { prefix: 0, configMapRef: { name: 0, optional: 0 }, secretRef: { name: 0, optional: 0 } };
export const RESOURCES: Order = { limits: 'map', requests: 'map', claims: [{ name: 0, request: 0 }] };
const VOLUME_MOUNT: Order = { name: 0, readOnly: 0, recursiveReadOnly: 0, mountPath: 0, subPath: 0, mountPropagation: 0, subPathExpr: 0 };

const EXEC: Order = { command: 0 };
const HTTP_GET: Order = { path: 0, port: 0, host: 0, scheme: 0, httpHeaders: [{ name: 0, value: 0 }] };
const TCP_SOCKET: Order = { port: 0, host: 0 };
/** Probe, with its embedded ProbeHandler's fields in its place. */
const PROBE: Order = {
  exec: EXEC, httpGet: HTTP_GET, tcpSocket: TCP_SOCKET, grpc: { port: 0, service: 0 },
  initialDelaySeconds: 0, timeoutSeconds: 0, periodSeconds: 0, successThreshold: 0, failureThreshold: 0, terminationGracePeriodSeconds: 0,
};
const LIFECYCLE_HANDLER: Order = { exec: EXEC, httpGet: HTTP_GET, tcpSocket: TCP_SOCKET, sleep: { seconds: 0 } };
const SE_LINUX: Order = { user: 0, role: 0, type: 0, level: 0 };
const SECCOMP: Order = { type: 0, localhostProfile: 0 };
const SECURITY_CONTEXT: Order = {
  capabilities: { add: 0, drop: 0 }, privileged: 0, seLinuxOptions: SE_LINUX, windowsOptions: 0, runAsUser: 0, runAsGroup: 0, runAsNonRoot: 0,
  readOnlyRootFilesystem: 0, allowPrivilegeEscalation: 0, procMount: 0, seccompProfile: SECCOMP, appArmorProfile: SECCOMP,
};
const POD_SECURITY_CONTEXT: Order = {
  seLinuxOptions: SE_LINUX, windowsOptions: 0, runAsUser: 0, runAsGroup: 0, runAsNonRoot: 0, supplementalGroups: 0, supplementalGroupsPolicy: 0,
  fsGroup: 0, sysctls: [{ name: 0, value: 0 }], fsGroupChangePolicy: 0, seccompProfile: SECCOMP, appArmorProfile: SECCOMP, seLinuxChangePolicy: 0,
};

export const CONTAINER: Order = {
  name: 0, image: 0, command: 0, args: 0, workingDir: 0, ports: [{ name: 0, hostPort: 0, containerPort: 0, protocol: 0, hostIP: 0 }],
  envFrom: [ENV_FROM], env: [ENV_VAR], resources: value(RESOURCES), resizePolicy: [{ resourceName: 0, restartPolicy: 0 }], restartPolicy: 0,
  restartPolicyRules: 0, volumeMounts: [VOLUME_MOUNT], volumeDevices: [{ name: 0, devicePath: 0 }], livenessProbe: PROBE, readinessProbe: PROBE,
  startupProbe: PROBE, lifecycle: { postStart: LIFECYCLE_HANDLER, preStop: LIFECYCLE_HANDLER, stopSignal: 0 }, terminationMessagePath: 0,
  terminationMessagePolicy: 0, imagePullPolicy: 0, securityContext: SECURITY_CONTEXT, stdin: 0, stdinOnce: 0, tty: 0,
};

const DOWNWARD_FILE: Order = { path: 0, fieldRef: FIELD_REF, resourceFieldRef: RESOURCE_FIELD_REF, mode: 0 };
const PROJECTION: Order = {
  secret: { name: 0, items: [KEY_TO_PATH], optional: 0 },
  downwardAPI: { items: [DOWNWARD_FILE] },
  configMap: { name: 0, items: [KEY_TO_PATH], optional: 0 },
  serviceAccountToken: { audience: 0, expirationSeconds: 0, path: 0 },
  clusterTrustBundle: 0,
  podCertificate: 0,
};
/** Volume, with its embedded VolumeSource's fields in their place (the legacy plugins' own fields sorted). */
const VOLUME: Order = {
  name: 0, hostPath: { path: 0, type: 0 }, emptyDir: { medium: 0, sizeLimit: 0 }, gcePersistentDisk: 0, awsElasticBlockStore: 0, gitRepo: 0,
  secret: { secretName: 0, items: [KEY_TO_PATH], defaultMode: 0, optional: 0 }, nfs: { server: 0, path: 0, readOnly: 0 }, iscsi: 0, glusterfs: 0,
  persistentVolumeClaim: { claimName: 0, readOnly: 0 }, rbd: 0, flexVolume: 0, cinder: 0, cephfs: 0, flocker: 0,
  downwardAPI: { items: [DOWNWARD_FILE], defaultMode: 0 }, fc: 0, azureFile: 0, configMap: { name: 0, items: [KEY_TO_PATH], defaultMode: 0, optional: 0 },
  vsphereVolume: 0, quobyte: 0, azureDisk: 0, photonPersistentDisk: 0, projected: { sources: always([PROJECTION], null), defaultMode: 0 },
  portworxVolume: 0, scaleIO: 0, storageos: 0, csi: 0, ephemeral: 0, image: { reference: 0, pullPolicy: 0 },
};

const TOLERATION: Order = { key: 0, operator: 0, value: 0, effect: 0, tolerationSeconds: 0 };

export const POD_SPEC: Order = {
  volumes: [VOLUME], initContainers: [CONTAINER], containers: always([CONTAINER], null), ephemeralContainers: 0, restartPolicy: 0,
  terminationGracePeriodSeconds: 0, activeDeadlineSeconds: 0, dnsPolicy: 0, nodeSelector: 'map', serviceAccountName: 0, serviceAccount: 0,
  automountServiceAccountToken: 0, nodeName: 0, hostNetwork: 0, hostPID: 0, hostIPC: 0, shareProcessNamespace: 0, securityContext: POD_SECURITY_CONTEXT,
  imagePullSecrets: [LOCAL_REF], hostname: 0, subdomain: 0, affinity: 0, schedulerName: 0, tolerations: [TOLERATION], hostAliases: [{ ip: 0, hostnames: 0 }],
  priorityClassName: 0, priority: 0, dnsConfig: { nameservers: 0, searches: 0, options: [{ name: 0, value: 0 }] }, readinessGates: [{ conditionType: 0 }],
  runtimeClassName: 0, enableServiceLinks: 0, preemptionPolicy: 0, overhead: 'map', topologySpreadConstraints: 0, setHostnameAsFQDN: 0, os: { name: 0 },
  hostUsers: 0, schedulingGates: [{ name: 0 }], resourceClaims: 0, resources: RESOURCES, hostnameOverride: 0, workloadRef: 0,
};

export const POD_TEMPLATE: Order = { metadata: value(META), spec: value(POD_SPEC) };

const POD_CONDITION: Order = { type: 0, observedGeneration: 0, status: 0, lastProbeTime: 0, lastTransitionTime: 0, reason: 0, message: 0 };
/** PodStatus; its container statuses (which no generator's answer holds yet) come out sorted. */
export const POD_STATUS: Order = {
  observedGeneration: 0, phase: 0, conditions: [POD_CONDITION], message: 0, reason: 0, nominatedNodeName: 0, hostIP: 0, hostIPs: [{ ip: 0 }], podIP: 0,
  podIPs: [{ ip: 0 }], startTime: 0, initContainerStatuses: 0, containerStatuses: 0, qosClass: 0, ephemeralContainerStatuses: 0, resize: 0,
  resourceClaimStatuses: 0, extendedResourceClaimStatus: 0, allocatedResources: 'map', resources: RESOURCES,
};
