import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../i18n/catalog';
import { diagnose } from './diagnose';
import { diagnosticText, exampleLabel, isBlank, starterOrder } from './labels';

const en = (key: MessageKey, params?: Record<string, string | number>): string => translate('en', key, params);
const zh = (key: MessageKey, params?: Record<string, string | number>): string => translate('zh-CN', key, params);

describe('editor labels', () => {
  it('orders the starters for teaching, unknown files last by name', () => {
    expect(starterOrder(['zeta.yaml', 'too-big.yaml', 'alpha.yaml', 'go-api.yaml', 'crashloop.yaml', 'go-api-service.yaml'])).toEqual([
      'go-api.yaml',
      'go-api-service.yaml',
      'crashloop.yaml',
      'too-big.yaml',
      'alpha.yaml',
      'zeta.yaml',
    ]);
  });

  it('describes known examples in both languages and names the file', () => {
    expect(exampleLabel(en, 'go-api.yaml')).toBe('go-api Deployment (3 replicas) — go-api.yaml');
    expect(exampleLabel(zh, 'crashloop.yaml')).toBe('反复崩溃的应用（CrashLoopBackOff） — crashloop.yaml');
    expect(exampleLabel(en, 'mine.yaml')).toBe('mine.yaml');
  });

  it('words every problem in the interface language', () => {
    const [missing] = diagnose('apiVersion: v1\nkind: Pod\nmetadata: {}\n');
    expect(diagnosticText(en, missing!)).toBe('Document 1 has no metadata.name.');
    expect(diagnosticText(zh, missing!)).toBe('第 1 个文档缺少 metadata.name。');
    const [syntax] = diagnose('a: [\n');
    expect(diagnosticText(en, syntax!)).toBe('YAML syntax error: yaml: line 1: did not find expected node content');
    const later = diagnose('a: 1\n---\nb: [\n').find((d) => d.code === 'syntax');
    expect(diagnosticText(en, later!)).toBe('YAML syntax error in document 2 (kubectl counts its lines from the document’s first line): yaml: line 1: did not find expected node content');
    expect(diagnosticText(zh, later!)).toBe('第 2 个文档有 YAML 语法错误（kubectl 从该文档的第一行开始计行号）：yaml: line 1: did not find expected node content');
    const [json] = diagnose('{"a": 1,, }\n');
    expect(diagnosticText(en, json!)).toBe("JSON syntax error: json: offset 9: invalid character ',' looking for beginning of object key string");
    expect(diagnosticText(zh, json!)).toBe("JSON 语法错误：json: offset 9: invalid character ',' looking for beginning of object key string");
    const [dup] = diagnose('apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nkind: Pod\n');
    expect(diagnosticText(en, dup!)).toBe('Document 1 repeats the key kind: kubectl keeps only the last value.');
    expect(diagnosticText(zh, dup!)).toBe('第 1 个文档重复了键 kind：kubectl 只保留最后一个值。');
  });

  it('knows when there is nothing to apply', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('# a comment\n---\n  \n')).toBe(true);
    expect(isBlank('kind: Pod\n')).toBe(false);
  });
});
