import { hostname, networkInterfaces } from "node:os";

/**
 * Which web origins may sign in and change data. With PUBLIC_URL set, only its origin and
 * TRUSTED_ORIGINS. Without it (a newcomer's `npm start`), the site is whatever address the person
 * typed to reach this server: localhost, 127.0.0.1, [::1], the machine's name or one of its own
 * network addresses, at the port the request came to (the Host it names: this server's own port,
 * or the one a container or a proxy maps to it). Another port of the same machine is another web
 * app (decision 008), and any other host name is refused even then, so a page of another site
 * whose name was pointed at this machine (DNS rebinding) cannot act here.
 */
export interface OriginPolicy {
  /** PUBLIC_URL's origin, or null when unset and the local addresses are the site. */
  publicOrigin: string | null;
  /** `host`: the request's Host header; without it, only the configured origins are trusted. */
  isTrusted(origin: string, host?: string): boolean;
  /**
   * The site's origin as the person reached it, for absolute links (a canonical link, a sitemap):
   * PUBLIC_URL's origin when set; else `http://` + the request's Host when that is one of this
   * machine's addresses; else `fallback` (a Host that is not ours never becomes a link).
   */
  siteOrigin(host: string | undefined, fallback: string): string;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function originPolicy(options: { publicUrl: string | null; trustedOrigins: string[] }): OriginPolicy {
  const listed = new Set(options.trustedOrigins);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  if (publicOrigin) listed.add(publicOrigin);
  return {
    publicOrigin,
    isTrusted(origin, host) {
      if (listed.has(origin)) return true;
      return publicOrigin === null && host !== undefined && origin === `http://${host}` && isLocalOrigin(origin);
    },
    siteOrigin(host, fallback) {
      if (publicOrigin) return publicOrigin;
      const asked = `http://${host}`;
      return host !== undefined && isLocalOrigin(asked) ? asked : new URL(fallback).origin;
    },
  };
}

function isLocalOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" || url.origin !== origin) return false;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  const name = hostname().toLowerCase();
  if (host === name || host === `${name}.local`) return true;
  // Read each time: a laptop's addresses change as it moves between networks.
  return Object.values(networkInterfaces())
    .flat()
    .some((address) => address && (address.family === "IPv6" ? `[${address.address}]` : address.address) === host);
}
