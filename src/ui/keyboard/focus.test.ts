/** Where the focus goes after the shortcut help closes (focusIsLost; the page's race is in e2e/a11y.spec.ts). */
import { describe, expect, it } from 'vitest';
import { focusIsLost } from './focus';

const body = { name: 'body' };
const inside = { name: 'close button' };
const elsewhere = { name: 'sequence panel' };
const modal = { contains: (other: unknown) => other === inside };

describe('focusIsLost', () => {
  it('needs a home when the focus is nowhere, on the page, or inside the closed modal', () => {
    expect(focusIsLost(null, modal, body)).toBe(true);
    expect(focusIsLost(body, modal, body)).toBe(true);
    expect(focusIsLost(inside, modal, body)).toBe(true);
  });

  it('leaves a focus that has already moved on (a key pressed as the dialog closed)', () => {
    expect(focusIsLost(elsewhere, modal, body)).toBe(false);
    expect(focusIsLost(elsewhere, null, body)).toBe(false);
  });
});
