// @ts-check
// A record's text in and out of the browser: saved as a file (a download), copied to the
// clipboard, read from a file the visitor picked or dropped, unpacked from a link (codec.js). Each
// reading gives the text, or the words that say why there is none. Nothing here reads the text:
// the engine does.

import { t } from "../../lib/catalogue.js";
import { LinkDamaged, canPack, recordInHash, unpack } from "./codec.js";

/** @typedef {{text: string, error: null} | {text: null, error: string}} Read */

/** Save the text as a file named `name` (the browser's download). @param {string} text @param {string} name */
export function saveFile(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copy the text to the clipboard; false when the browser would not. @param {string} text */
export async function copyText(text) {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file's text (UTF-8), refused over `most` bytes before it is read (the engine would refuse its
 * text too). @param {File} file @param {number} most @returns {Promise<Read>}
 */
export async function readFile(file, most) {
  if (file.size > most) {
    return { text: null, error: t("file_too_big", { file: file.name, size: Math.ceil(file.size / 1000), most: most / 1000 }) };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()), error: null };
  } catch {
    return { text: null, error: t("file_not_text", { file: file.name }) };
  }
}

/**
 * The text a link's hash carries (#record=…), unpacked to at most `most` bytes.
 * @param {string} hash @param {number} most @returns {Promise<Read>}
 */
export async function readLink(hash, most) {
  try {
    if (!canPack()) throw new LinkDamaged("no DecompressionStream");
    return { text: await unpack(recordInHash(hash) || "", most), error: null };
  } catch (error) {
    return { text: null, error: error instanceof LinkDamaged && canPack() ? t("link_damaged") : t("no_compression") };
  }
}
