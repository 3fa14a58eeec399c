import { type Language } from '@tradeops/shared';
import { translate } from '../../plugins/i18n';

/** What a mail is made of in the outbox row. */
export interface StoredMail {
  subject: string;
  text: string;
  language: Language;
  actionPath: string | null;
  settingsPath: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: names, reasons and titles come from users. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A path of ours on PUBLIC_URL (a link already absolute stays as it is). */
function absoluteLink(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}

/**
 * The mail as it goes out, in the recipient's language: the body written with the decision,
 * a link to the page it is about and, for notifications, to the settings that turn them off.
 * Every link is on PUBLIC_URL; the HTML escapes every text it carries.
 */
export function renderMail(mail: StoredMail, publicUrl: string): RenderedMail {
  const t = (key: string) => translate(mail.language, key);
  const action = mail.actionPath ? absoluteLink(publicUrl, mail.actionPath) : null;
  const settings = mail.settingsPath ? absoluteLink(publicUrl, mail.settingsPath) : null;

  const textParts = [mail.text];
  // Account mails carry their link in the sentence already.
  if (action && !mail.text.includes(action)) textParts.push(`${t('mail.openLink')}: ${action}`);
  if (settings) textParts.push(`--\n${t('mail.settingsFooter')}\n${settings}`);

  const paragraphs = mail.text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  const button = action
    ? `<p><a href="${escapeHtml(action)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1e3a8a;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(t('mail.openLink'))}</a></p>`
    : '';
  const footer = settings
    ? `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0"><p style="font-size:12px;color:#64748b">${escapeHtml(t('mail.settingsFooter'))} <a href="${escapeHtml(settings)}">${escapeHtml(t('mail.settingsLink'))}</a></p>`
    : '';
  const html = [
    `<!doctype html><html lang="${mail.language}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">',
    ...paragraphs,
    button,
    footer,
    '</body></html>',
  ].join('');
  return { subject: mail.subject, text: textParts.join('\n\n'), html };
}
