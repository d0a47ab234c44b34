/**
 * structuredClone is a host built-in in every runtime the engine targets (Node ≥ 17, browsers,
 * Web Workers) but lives in the DOM/Node type libraries, which the engine is not allowed to see.
 * Deep copies of API objects (client-go's DeepCopy) and world snapshots rely on it.
 */
declare function structuredClone<T>(value: T): T;

/**
 * TextDecoder is likewise a built-in everywhere the engine runs (WHATWG Encoding). The engine
 * decodes only bytes it wrote itself (a token's base64), never input.
 */
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array): string;
}
