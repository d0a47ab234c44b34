/**
 * structuredClone is a host built-in in every runtime the engine targets (Node ≥ 17, browsers,
 * Web Workers) but lives in the DOM/Node type libraries, which the engine is not allowed to see.
 * Deep copies of API objects (client-go's DeepCopy) and world snapshots rely on it.
 */
declare function structuredClone<T>(value: T): T;
