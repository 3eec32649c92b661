/** An email ready for the outbox: both bodies, and any headers beyond the addresses and subject. */
export interface EmailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface EmailParts {
  to: string;
  name: string;
  subject: string;
  /** Paragraphs, as plain text. */
  lines: string[];
  action?: { label: string; url: string };
  /**
   * Why this person gets it and how to stop it, when they can: `url` the page a person opens,
   * `oneClickUrl` the address a mail provider posts to (RFC 8058).
   */
  unsubscribe?: { label: string; url: string; oneClickUrl: string };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The one layout of every QuickGig email: a greeting, what happened, one button, and the way out.
 * Everything a person wrote (names, titles) is escaped in the HTML body; the text body is the same words.
 */
export function composeEmail(parts: EmailParts): EmailContent {
  const greeting = `Hello ${parts.name.trim() || "there"},`;
  const text = [
    greeting,
    ...parts.lines,
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`] : []),
    "— QuickGig",
    ...(parts.unsubscribe
      ? [`You get this email for “${parts.unsubscribe.label}”. To stop these emails: ${parts.unsubscribe.url}`]
      : []),
  ].join("\n\n");
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    '<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#4f46e5">QuickGig</p>',
    paragraph(escapeHtml(greeting)),
    ...parts.lines.map((line) => paragraph(escapeHtml(line))),
    parts.action
      ? paragraph(
          `<a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.action.label)}</a>`,
        )
      : "",
    paragraph("— QuickGig"),
    "</div>",
    parts.unsubscribe
      ? `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#52525b">You get this email for “${escapeHtml(parts.unsubscribe.label)}”. <a href="${escapeHtml(parts.unsubscribe.url)}" style="color:#52525b">Unsubscribe</a></p>`
      : "",
    "</body></html>",
  ].join("");
  const headers: Record<string, string> = parts.unsubscribe
    ? {
        "List-Unsubscribe": `<${parts.unsubscribe.oneClickUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      }
    : {};
  return { to: parts.to, subject: parts.subject, text, html, headers };
}
