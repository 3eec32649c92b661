import { createHash } from "node:crypto";

/**
 * The inline scripts of an HTML page that a browser would run: every <script> without a src, less
 * the JSON data blocks (which never run). The build writes one, src/web/boot.js; the CSP allows it
 * by its hash (docs/decisions/025-one-inline-script-by-its-hash.md).
 */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\stype="application\/json"/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");
}

/** The CSP's source for an inline script: the SHA-256 of its text, base64. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}
