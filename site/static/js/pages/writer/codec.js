// @ts-check
// A record's text in a link: compressed by the browser (CompressionStream "deflate-raw"), then
// base64url, so that the whole record rides in the URL's fragment (#record=…), which the browser
// never sends to a server. Reading a link undoes both; a link that is cut short or altered fails
// with a LinkDamaged error (the page words it). The text is the engine's: nothing here reads it.

export const FORMAT = "deflate-raw";

export class LinkDamaged extends Error {
  /** @param {string} why */
  constructor(why) {
    super(why);
    this.name = "LinkDamaged";
  }
}

/** Whether this browser can make and read such links. */
export function canPack() {
  return typeof CompressionStream === "function" && typeof DecompressionStream === "function";
}

/** @param {Uint8Array} bytes */
export function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new LinkDamaged("not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let binary;
  try {
    binary = atob(padded);
  } catch {
    throw new LinkDamaged("not base64url");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The record's text as the link's payload. @param {string} text */
export async function pack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream(FORMAT));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * The record's text from a link's payload (LinkDamaged when it cannot be, or when it would unpack to
 * more than `maxBytes`: the engine's limit of a record, engine/limits.py).
 * @param {string} payload @param {number} maxBytes
 */
export async function unpack(payload, maxBytes) {
  const bytes = fromBase64Url(payload);
  if (!bytes.length) throw new LinkDamaged("empty");
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(FORMAT)).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) throw new LinkDamaged("too large");
      parts.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof LinkDamaged) throw error;
    throw new LinkDamaged("cannot be decompressed"); // cut short, or altered
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw new LinkDamaged("not text");
  }
}

/** The payload of a location hash "#record=…", or null when the hash is not a record. @param {string} hash */
export function recordInHash(hash) {
  const text = String(hash || "").replace(/^#/, "");
  return text.startsWith("record=") ? text.slice("record=".length) : null;
}
