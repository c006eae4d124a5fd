import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { escapeHtml, type MailContent } from '../mail/templates.js';

/**
 * The staff's reply to a contact message or a quote request. The staff's words are plain text:
 * escaped in the HTML part (no markup of theirs is interpreted), as typed in the text part. The
 * recipient is decided by the caller (the sender's stored address), never by this text.
 */

/** One header line: no control characters, spaces collapsed (a no-break space stays one), 150 characters at most. */
export function replySubjectLine(value: string): string {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, (run) => (run.includes('\u00a0') ? '\u00a0' : run.includes('\u202f') ? '\u202f' : ' '))
    .trim();
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
}

export function defaultContactReplySubject(subject: string): string {
  return replySubjectLine(`Re\u00a0: ${subject}`);
}

export function defaultQuoteReplySubject(reference: string, profile: StoreProfile): string {
  return replySubjectLine(`Votre demande de devis ${reference} – ${profile.name}`);
}

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function staffReplyEmail(input: { subject: string; name: string; message: string; about: string; profile: StoreProfile }): MailContent {
  const { profile } = input;
  const subject = replySubjectLine(input.subject);
  const name = replySubjectLine(input.name);
  const greeting = name ? `Bonjour ${name},` : 'Bonjour,';
  const body = paragraphs(input.message);
  const footer = [
    profile.name,
    formatAddress(profile),
    `${profile.phone.display} · ${profile.email}`,
    'Vous pouvez répondre directement à cet e-mail\u00a0: votre réponse parviendra à l’atelier.',
  ];
  const p = (text: string, style = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937') =>
    `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const html =
    `<!DOCTYPE html>\n<html lang="fr" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">\n` +
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="fr" style="max-width:600px;margin:0 auto;padding:24px 16px">\n` +
    `<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">\n` +
    p(profile.name, 'margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f2937') +
    '\n' +
    [greeting, ...body].map((text) => p(text)).join('\n') +
    '\n' +
    p(input.about, 'margin:24px 0 0;font-size:14px;line-height:1.5;color:#4b5563') +
    `\n</div>\n<div style="padding:16px 8px;font-size:13px;line-height:1.5;color:#4b5563">\n` +
    footer.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('\n') +
    `\n</div>\n</div>\n</body>\n</html>\n`;
  const text = `${[greeting, ...body, input.about].join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
  return { subject, html, text };
}
