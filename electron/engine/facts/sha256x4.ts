/**
 * SHA-256 of one-block messages, four at a time (WebAssembly SIMD: each 128-bit vector holds the same
 * word of four messages). A result hashes thousands of fact IDs; one native call per ID costs more in
 * the call than in the hash, and this hashes a batch in one call.
 *
 * Pure engine code: `WebAssembly` is a global in Node and in browsers. Where it is missing or lacks
 * SIMD, `sha256x4()` is undefined and the caller hashes one message at a time.
 */
import { SHA256X4_WASM_BASE64 } from './sha256x4-wasm';

/** Messages per batch. */
export const BATCH_SLOTS = 1024;
/** Bytes of a message slot: one SHA-256 block. */
export const SLOT_BYTES = 64;
/** The longest message that fits one block with its 0x80 and its 64-bit length. */
export const ONE_BLOCK_BYTES = 55;
/** Where the digests go, after the message slots. */
const OUTPUT_AT = BATCH_SLOTS * SLOT_BYTES;

interface Sha256x4 {
  /**
   * The message slots: message k is written at k * 64 (its bytes only; `seal` adds the rest). Every
   * byte of a slot past its message is zero when a batch starts (the module clears what it hashed).
   */
  readonly input: Uint8Array;
  /** The output area, `stride` bytes for each slot: the caller's bytes, then 64 hex digits at `hexAt`. */
  readonly output: Uint8Array;
  /** Ends message k of `length` bytes with SHA-256's padding. */
  seal(slot: number, length: number): void;
  /** Hashes slots 0..count-1 and writes each digest's hex at `slot * stride + hexAt` of `output`. */
  hash(count: number, stride: number, hexAt: number): void;
}

let loaded: Sha256x4 | null | undefined;

/** The four-lane hasher, made on first use; undefined where this host cannot run it. */
export function sha256x4(): Sha256x4 | undefined {
  if (loaded === undefined) loaded = load();
  return loaded ?? undefined;
}

function load(): Sha256x4 | null {
  if (typeof WebAssembly !== 'object' || typeof atob !== 'function') return null;
  const text = atob(SHA256X4_WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  // validate() is false where the host lacks SIMD (or the module's size limit for synchronous compiling is hit below).
  if (!WebAssembly.validate(bytes)) return null;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
  } catch {
    return null;
  }
  const memory = instance.exports.memory as WebAssembly.Memory;
  const hashBlocks = instance.exports.hashBlocks as (input: number, groups: number, output: number, stride: number) => void;
  const input = new Uint8Array(memory.buffer, 0, OUTPUT_AT);
  const output = new Uint8Array(memory.buffer, OUTPUT_AT);
  return {
    input,
    output,
    seal(slot, length) {
      const at = slot * SLOT_BYTES;
      const bits = length * 8;
      input[at + length] = 0x80;
      input[at + SLOT_BYTES - 2] = bits >>> 8;
      input[at + SLOT_BYTES - 1] = bits & 0xff;
    },
    hash(count, stride, hexAt) {
      if (count < 1 || count > BATCH_SLOTS || stride * BATCH_SLOTS > output.length)
        throw new RangeError(`cannot hash ${count} slots of stride ${stride}`);
      hashBlocks(0, (count + 3) >>> 2, OUTPUT_AT + hexAt, stride);
    },
  };
}
