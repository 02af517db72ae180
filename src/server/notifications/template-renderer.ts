import {
  PREVIEW_SAMPLE,
  renderSubject,
  renderTemplateHtml,
  type TemplateValues,
} from '#shared/schemas/email-templates';
import type { OutgoingMail } from '../integrations/mail/mailer.ts';
import { formatTimestamp } from './format.ts';

/** What a template needs to become an e-mail. */
export interface TemplateSource {
  subject: string;
  template: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text alternative of a rendered HTML body: invisible parts dropped, blocks and rows on their own
 * lines, adjacent cells joined by ': ', links followed by their address, entities decoded (so the values read
 * exactly as they were before escaping).
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    // Source line breaks mean nothing in HTML; only the markup decides where lines end.
    .replace(/\s+/g, ' ')
    .replace(/<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, href: string, label: string) =>
      label.trim() === href ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li|table|ul|ol|blockquote|section)\s*>/gi, '\n')
    // Adjacent cells of a row read as "label: value", the common shape of a notification's details table.
    .replace(/<\/t[dh]\s*>\s*(?=<t[dh]\b)/gi, ': ')
    .replace(/<\/t[dh]\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

/** Renders a template into a complete message (HTML body, plain-text alternative, one-line subject). */
export function composeMail(
  source: TemplateSource,
  values: TemplateValues,
  to: string,
  messageId?: string,
): OutgoingMail {
  const html = renderTemplateHtml(source.template, values);
  return { to, subject: renderSubject(source.subject, values), html, text: htmlToText(html), messageId };
}

/**
 * Logos in e-mails need absolute addresses: our own uploads (/uploads/...) are prefixed with the public URL;
 * anything but an upload path or an http(s) URL becomes no logo.
 */
export function absoluteLogoUrl(ref: string | null | undefined, publicUrl: string): string {
  if (!ref) return '';
  if (ref.startsWith('/uploads/')) return `${publicUrl}${ref}`;
  return /^https?:\/\//i.test(ref) ? ref : '';
}

/** The preview sample values of SPEC section 2 with the current time and the given logo (test e-mails). */
export function sampleValues(now: Date, logoUrl: string): TemplateValues {
  return { ...PREVIEW_SAMPLE, timestamp: formatTimestamp(now), logoUrl };
}
