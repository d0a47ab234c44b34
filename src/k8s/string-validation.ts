/**
 * apimachinery's string-format checks (pkg/util/validation), returning its message lists
 * verbatim. Each returns [] when the value is valid. Shared: kube-apiserver's validation and
 * kubectl's client-side checks (a generator's keys) both use them.
 */

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  // RegexError joins examples with " or " after a trailing ", " — hence the double space.
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

export function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL = new RegExp(`^${DNS1035_LABEL_FMT}$`);

export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!DNS1123_LABEL.test(v)) {
    if (DNS1123_SUBDOMAIN.test(v)) errs.push('must not contain dots');
    else
      errs.push(
        regexError(
          'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character',
          DNS1123_LABEL_FMT,
          'my-name',
          '123-abc',
        ),
      );
  }
  return errs;
}

export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLenError(253));
  if (!DNS1123_SUBDOMAIN.test(v)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        'example.com',
      ),
    );
  }
  return errs;
}

const WILDCARD_DNS1123_SUBDOMAIN_FMT = `\\*\\.${DNS1123_SUBDOMAIN_FMT}`;
const WILDCARD_DNS1123_SUBDOMAIN = new RegExp(`^${WILDCARD_DNS1123_SUBDOMAIN_FMT}$`);

/** IsWildcardDNS1123Subdomain (an Ingress rule's or TLS entry's host with a `*`): `*.` and a subdomain. */
export function isWildcardDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLenError(253));
  if (!WILDCARD_DNS1123_SUBDOMAIN.test(v)) {
    errs.push(
      regexError(
        "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
        WILDCARD_DNS1123_SUBDOMAIN_FMT,
        '*.example.com',
      ),
    );
  }
  return errs;
}

/** RFC 3986's path characters, IsDomainPrefixedPath's check of what follows the first `/`. */
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = new RegExp(`^${HTTP_PATH_FMT}$`);

/**
 * IsDomainPrefixedPath (an IngressClass's controller, `example.com/ingress`): each failure as
 * the value it is about and its message, since upstream reports the host or path part alone.
 */
export function domainPrefixedPathErrors(v: string): { value: string; message: string }[] {
  const slash = v.indexOf('/');
  if (slash <= 0 || slash === v.length - 1) return [{ value: v, message: 'must be a domain-prefixed path (such as "acme.io/foo")' }];
  const host = v.slice(0, slash);
  const rest = v.slice(slash + 1);
  const errs = isDNS1123Subdomain(host).map((message) => ({ value: host, message }));
  if (!HTTP_PATH.test(rest)) errs.push({ value: rest, message: regexError('Invalid path', HTTP_PATH_FMT) });
  return errs;
}

export function isDNS1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!DNS1035_LABEL.test(v)) {
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        DNS1035_LABEL_FMT,
        'my-name',
        'abc-123',
      ),
    );
  }
  return errs;
}

/** The name validators of ObjectMeta (`prefix` is the generateName form, trailing '-' allowed). */
export type NameFn = (name: string, prefix: boolean) => string[];

function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

export const nameIsDNSSubdomain: NameFn = (n, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(n) : n);
export const nameIsDNSLabel: NameFn = (n, prefix) => isDNS1123Label(prefix ? maskTrailingDash(n) : n);
export const nameIsDNS1035Label: NameFn = (n, prefix) => isDNS1035Label(prefix ? maskTrailingDash(n) : n);

const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QNAME = new RegExp(`^${QNAME_FMT}$`);
const QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** IsQualifiedName (label keys, annotation keys, finalizers). */
export function isQualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [`a qualified name ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!QNAME.test(name)) errs.push(`name part ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);

export function isValidLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLenError(63));
  if (!LABEL_VALUE.test(v)) {
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        LABEL_VALUE_FMT,
        'MyValue',
        'my_value',
        '12345',
      ),
    );
  }
  return errs;
}

export function isValidPortNum(p: number): string[] {
  return p >= 1 && p <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** IANA_SVC_NAME: what a named port must look like. */
export function isValidPortName(p: string): string[] {
  const errs: string[] = [];
  if (p.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(p)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(p)) errs.push('must contain at least one letter (a-z)');
  if (p.includes('--')) errs.push('must not contain consecutive hyphens');
  if (p.length > 0 && (p.startsWith('-') || p.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

function chDirPrefix(v: string): string[] {
  if (v === '.') return ["must not be '.'"];
  if (v === '..') return ["must not be '..'"];
  if (v.startsWith('..')) return ["must not start with '..'"];
  return [];
}

export function isConfigMapKey(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLenError(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(v)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  }
  return [...errs, ...chDirPrefix(v)];
}

/** v1.34 validates env names with RelaxedEnvironmentVariableValidation (GA). */
export function isRelaxedEnvVarName(v: string): string[] {
  const errs: string[] = [];
  if (v.length === 0) errs.push('environment variable name must be non-empty');
  for (const ch of v) {
    const c = ch.codePointAt(0)!;
    if (c > 0x7e || c < 0x20 || ch === '=') {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

export function isValidPercent(v: string): string[] {
  return /^[0-9]+%$/.test(v) ? [] : [regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%')];
}

export function isValidIPv4(v: string): boolean {
  const parts = v.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/**
 * path.IsValidPathSegmentName (IsValidPathSegmentPrefix when `prefix`): a name that can be one
 * URL path segment — RBAC objects' and APIServices' names, and the names a scale target gives.
 */
export const nameIsPathSegment: NameFn = (name, prefix) => {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
};
