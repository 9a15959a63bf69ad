import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppDb } from '../../../platform/kernel/app-db';
import type { MailMessage } from './messages';

export interface OutgoingMail extends MailMessage {
  from: string;
  /** the same for every attempt of one notification: a resend after a crash is recognisable as the same message */
  messageId: string;
  notificationId: string;
}

export interface MailTransport {
  kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL */
export function smtpTransport(url: string): MailTransport {
  // pooled connections: one SMTP handshake for many messages, not one per message
  const pooled = /[?&]pool=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=4`;
  const transporter = nodemailer.createTransport(pooled);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mailOptions(mail));
    },
    close: () => transporter.close(),
  };
}

/** a message as nodemailer composes it: nodemailer encodes and folds every header value it is given */
export function mailOptions(mail: OutgoingMail): SendMailOptions {
  const calendar = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // sent by the app, not by a person: no auto-replies to it (RFC 3834)
    headers: { 'Auto-Submitted': 'auto-generated' },
    // the calendar part inline in the multipart/alternative, where Outlook offers accept/decline
    ...(calendar ? { icalEvent: { method: calendarMethod(calendar.contentType), filename: calendar.filename, content: calendar.content } } : {}),
    attachments: mail.attachments.filter((a) => a !== calendar).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  };
}

/**
 * "Name" <address> for the From header: the name is the practice's, as set; no quote, backslash or control character
 * of it can close the quoted name or start another header
 */
export const senderAddress = (a: { name: string; email: string }) => `"${a.name.replace(/["\\\p{Cc}\p{Zl}\p{Zp}]/gu, '')}" <${a.email}>`;

/** the iTIP method a calendar part was written with (`text/calendar; method=REQUEST`) */
const calendarMethod = (contentType: string) => /method=(\w+)/i.exec(contentType)?.[1].toUpperCase() ?? 'REQUEST';

/** no SMTP_URL, outside production: kept in the app database, shown to admin at /posta */
export function localTransport(db: AppDb, now: () => Date): MailTransport {
  return {
    kind: 'local',
    async send(mail) {
      const { from: _from, ...message } = mail;
      await db
        .insertInto('local_mail')
        .values({ id: randomUUID(), notification_id: mail.notificationId, at: now().toISOString(), message: JSON.stringify(message) })
        .execute();
    },
    close: () => undefined,
  };
}

/** an SMTP error as it may be logged and stored: never the credentials of SMTP_URL */
export function safeError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const text = `${e.code ? `${e.code}: ` : ''}${e.message ?? String(error)}`;
  return text
    .replace(/\/\/[^@/\s]*@/g, '//***@')
    .replace(/(auth|pass(word)?|user)[=:]\s*\S+/gi, '$1=***')
    .slice(0, 300);
}
