/**
 * printers.go's printCertificateSigningRequest: NAME, AGE, SIGNERNAME (`<none>` when unset),
 * REQUESTOR (spec.username), REQUESTEDDURATION (HumanDuration of expirationSeconds, `<none>`
 * without) and CONDITION (extractCSRStatus: `Approved,Issued`, `Pending`, `Denied`, `,Failed`).
 */
import { csrCondition, type CertificateSigningRequest } from '../../k8s/certificates';
import { since } from '../../k8s/printers/util';
import { humanDuration } from '../../k8s/time';
import type { TableDef } from './columns';

const certificateSigningRequest: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'AGE' }, { name: 'SIGNERNAME' }, { name: 'REQUESTOR' }, { name: 'REQUESTEDDURATION' }, { name: 'CONDITION' }],
  cells(o, now) {
    const csr = o as CertificateSigningRequest;
    const duration = csr.spec?.expirationSeconds;
    return [o.metadata.name ?? '', since(o.metadata.creationTimestamp, now), csr.spec?.signerName || '<none>', csr.spec?.username ?? '', duration === undefined ? '<none>' : humanDuration(duration * 1000), csrCondition(csr)];
  },
};

export const CERTIFICATES_TABLES: Record<string, TableDef> = { certificatesigningrequests: certificateSigningRequest };
