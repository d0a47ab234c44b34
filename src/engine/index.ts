/**
 * The engine's front door: everything code outside src/engine may use. kubectl, the worker and
 * the CLI import the engine only through this file (eslint.config.js, "engine front door");
 * anything not re-exported here is the engine's own business and may change freely.
 *
 * The surface is the Simulation (run time, send requests, read the cluster's state through named
 * methods: the World itself stays private), the data it hands out (trace records, component
 * states, faults, scheduling decisions), the request and error shapes of kube-apiserver, and the
 * few pure helpers a client genuinely shares with the server (field selectors, workqueue depth).
 */

// The Simulation and what it takes and gives.
export { PROGRESS_EVERY_MESSAGES, Simulation } from './simulation';
export type { ClientCredentials, EtcdStatus, KubeconfigUser, SimulationOptions, StopReason, TraceAggregate, WorldDiff } from './simulation';
export type { TraceRateCount, TraceRateSecond } from './core/trace-rates';
export { RATE_WINDOW_SECONDS } from './core/trace-rates';
export { SCALE_MODE_WORKERS, SCALE_TRACE_WINDOW } from './scale-mode';
export type { ObjectChangeRecord } from './sim-core';
export type { World as Snapshot } from './world';
export type { ComponentId, NodeName, SimMillis } from './core/ids';
export { CNI_PLUGINS, DEFAULT_CNI, TOPOLOGIES } from './topology/topology';
export { enforcesNetworkPolicy } from './node/cni-plugin';
export { runtimeFacts, RUNTIME_IMPLS } from './node/runtime-impl';
export type { ShellResult as NodeShellResult } from './node-shell/io';
export { RUNTIME_CHOICES } from './topology/topology';
export type { RuntimeChoice } from './topology/topology';
export { PROXY_MODES } from './node/proxy-state';
export type { ProxyMode } from './node/proxy-state';
export type { OciRuntime, RuntimeFacts, RuntimeImpl } from './node/runtime-impl';
export type { CniPlugin, TopologyName } from './topology/topology';
export { electionTimingsError, LEADER_ELECTED, MAX_WORKERS } from './topology/options';
export type { ClusterOptions, LeaderElectedComponent, LeaderElectionTimings } from './topology/options';

// The trace: records, kinds and the detail each kind carries.
export type * from './core/trace';

// Processes: what `sim status`, the component cards and `sim why` read.
export type { ComponentKind } from './core/component';
export type { ComponentState, StateOf } from './components';
export type { InformerState, WorkQueueState } from './client/types';
export { queueLen } from './client/workqueue';
export type { ScheduleDecision } from './scheduler/decisions';

// Faults (`sim fail`, `sim recover`, the instructor's targets).
export { TARGET_NAMING } from './faults';
export type { RestoreResult } from './etcd/snapshot';
export type { FaultClass, FaultOptions, FaultResult, FaultTarget, TargetStatus } from './faults';

// Traffic (`sim curl`).
export type { HttpGet, HttpGetResult, HttpReply } from './node/traffic';

// The learner's machine behind the terminal's prompt: its files and the image shell's commands
// (`> web.yaml`, `| grep`, `cat`).
export { WORKSTATION_COMMANDS, WORKSTATION_HOME, WORKSTATION_HOSTNAME, WORKSTATION_QUOTA, Workstation } from './images/workstation';
export type { ChangeDir, FilterResult } from './images/workstation';
export type { Net, NetAnswer } from './images/net-tools';
export type { LocalListener } from './node/workstation-net';
export type { PortForwardStream } from './apiserver/kubelet-proxy';
export { languageCollator } from './images/collate';
export { readTar, writeTar } from './images/tar-format';
export type { TarMember, TarOwner } from './images/tar-format';
export type { ExecChunk, HttpAnswer, HttpRequest, TtyShellState, ViOpen, ViOutcome, ViSave, ViSaved } from './images/types';
export type { FollowRef } from './images/follow';

// kube-apiserver's request and response shapes, and the field selectors clients build.
export type { ApiRequest, ApiResponse, Verb } from './apiserver/handler';
export type { PatchType } from './apiserver/patch';
export type { ApplyOptions } from './apiserver/apply/apply';
export type { DeleteOptions } from './apiserver/delete';
export type { Impersonation } from './apiserver/auth';
export type { NetworkError, StatusError } from './apiserver/status';
export type { ApiDial } from './apiserver/workstation-dial';
export type { RawResponse } from './apiserver/health';
export type { AuditQuery } from './apiserver/audit';
export type { FieldRequirement, WatchEvent, WatchEventType, WatchFilter } from './apiserver/watch-types';
export { filterMatches, parseFieldSelector } from './apiserver/watch';
export type { LogOptions } from './kubelet/server-api';
export type { AttachOptions, AttachOutcome, ExecOptions, PortForwardOutcome, StreamRun } from './kubelet/server-api';
/** The OpenAPI v3 document of a built-in group version (pure; `/openapi/v3/...` serves it). */
export { openApiDocument } from './apiserver/openapi';

// Observation: the conditions and breakpoints lessons pause on and check (observe/).
export { evaluateCondition, runUntilBreakpoint } from './observe/run';
export type { BreakpointOutcome } from './observe/run';
export type { Verdict } from './observe/evaluate';
export type * from './observe/pattern';
