import { describe, expect, it } from 'vitest';
import { attachAddress } from './socket-transport';

const here = { protocol: 'http:', host: '192.168.1.5:8080' };

describe('attachAddress', () => {
  it('reads what reconcile serve prints, a ws address, or a bare token', () => {
    expect(attachAddress('0123456789abcdef', here)).toBe('ws://192.168.1.5:8080/reconcile/attach?token=0123456789abcdef');
    expect(attachAddress(' http://127.0.0.1:8080/?attach=0123456789abcdef ', here)).toBe('ws://127.0.0.1:8080/reconcile/attach?token=0123456789abcdef');
    expect(attachAddress('https://example.test/?attach=0123456789abcdef', here)).toBe('wss://example.test/reconcile/attach?token=0123456789abcdef');
    expect(attachAddress('ws://10.0.0.2:9000/reconcile/attach?token=ab', here)).toBe('ws://10.0.0.2:9000/reconcile/attach?token=ab');
    expect(attachAddress('wss://h/reconcile/attach?token=ab', { protocol: 'https:', host: 'x' })).toBe('wss://h/reconcile/attach?token=ab');
  });

  it('refuses anything else', () => {
    expect(attachAddress('', here)).toBeUndefined();
    expect(attachAddress('hello world', here)).toBeUndefined();
    expect(attachAddress('http://127.0.0.1:8080/', here)).toBeUndefined();
    expect(attachAddress('javascript:alert(1)', here)).toBeUndefined();
    expect(attachAddress('http://h/?attach=<script>', here)).toBeUndefined();
  });
});
