/**
 * Branded units shared by every layer. A brand is a compile-time tag only; at run time these are
 * plain numbers, so anything holding them stays structured-cloneable.
 */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Simulated milliseconds since the world's epoch (time.ts EPOCH_MS). Never mix with wall-clock time. */
export type SimMillis = Brand<number, 'SimMillis'>;
/** A length of simulated time in milliseconds. */
export type SimDuration = Brand<number, 'SimDuration'>;
