/**
 * printers.go's printFlowSchema and printPriorityLevelConfiguration. A FlowSchema list is printed
 * in FlowSchemaSequence order (matchingPrecedence, then name), as printFlowSchemaList sorts it;
 * MISSINGPL is the Dangling condition's status, `?` before the config consumer set one.
 * A level that is not Limited prints `<none>` for its shares and queuing; a Reject level has
 * shares but no queuing.
 */
import { flowSchemaOrder, type FlowSchema, type PriorityLevelConfiguration } from '../../k8s/flowcontrol';
import { since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

const flowSchemas: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'PRIORITYLEVEL' }, { name: 'MATCHINGPRECEDENCE' }, { name: 'DISTINGUISHERMETHOD' }, { name: 'AGE' }, { name: 'MISSINGPL' }],
  cells(o, now) {
    const fs = o as FlowSchema;
    const dangling = (fs.status?.conditions ?? []).find((c) => c.type === 'Dangling');
    return [o.metadata.name ?? '', fs.spec?.priorityLevelConfiguration?.name ?? '', String(fs.spec?.matchingPrecedence ?? 0), fs.spec?.distinguisherMethod?.type ?? '<none>', since(o.metadata.creationTimestamp, now), dangling ? (dangling.status ?? '') : '?'];
  },
  order: (objs) => [...objs].sort((a, b) => flowSchemaOrder(a as FlowSchema, b as FlowSchema)),
};

const priorityLevels: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'TYPE' }, { name: 'NOMINALCONCURRENCYSHARES' }, { name: 'QUEUES' }, { name: 'HANDSIZE' }, { name: 'QUEUELENGTHLIMIT' }, { name: 'AGE' }],
  cells(o, now) {
    const spec = (o as PriorityLevelConfiguration).spec;
    const limited = spec?.limited;
    const q = limited?.limitResponse?.queuing;
    const none = '<none>';
    return [
      o.metadata.name ?? '',
      spec?.type ?? '',
      limited ? String(limited.nominalConcurrencyShares ?? 0) : none,
      q ? String(q.queues) : none,
      q ? String(q.handSize) : none,
      q ? String(q.queueLengthLimit) : none,
      since(o.metadata.creationTimestamp, now),
    ];
  },
};

export const FLOWCONTROL_TABLES: Record<string, TableDef> = { flowschemas: flowSchemas, prioritylevelconfigurations: priorityLevels };
