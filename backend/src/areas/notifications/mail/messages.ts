import { VIDEO_LINK_OPENS_MINUTES_BEFORE, type EventData } from '@studio/contracts';
import { visitCalendar } from '../../../platform/common/calendar-file';

export type Decided = EventData<'NotificationDecided'>;

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export interface MessageContext {
  recipient: { email: string; name: string };
  /** only in messages to the patient themself or to their doctor */
  patientName: string;
  doctorName: string;
  practiceName: string;
  /** the app's public address, for links */
  publicUrl: string;
  timeZone: string;
  from: { name: string; email: string };
  now: Date;
  /** the link of an invitation or a password reset, signed now (the token is never in the log) */
  accountLinkUrl?: string;
  /** an online visit's video room (opens 15 minutes before the start) */
  videoUrl?: string;
  /** the practice's own address (settings), the calendar entry's ORGANIZER; the sender's when none is set */
  organizer?: { name: string; email: string };
  /** the practice's place, the calendar entry's LOCATION of a visit in studio */
  practiceAddress?: string;
  /** the visit's location when it has one ("Sede centro, Via Roma 1, Milano"): the message says where to go */
  visitPlace?: string;
  /** a cancellation: who cancelled, the reason given, the amount refunded (null: none) */
  cancellation?: { by: 'patient' | 'doctor' | 'admin'; reason: string | null; refundCents: number | null };
  /** a reminder: the cancellation policy at the moment it is sent (instants in ms) */
  policy?: { beforeCutoff: boolean; cutoffAt: string };
}

const euro = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** who cancelled, the reason and the refund, as the cancellation email words them */
function cancellationLines(c: NonNullable<MessageContext['cancellation']>, toDoctor: boolean): string[] {
  const who = { patient: toDoctor ? 'dal paziente' : 'da te', doctor: 'dal medico', admin: 'dalla segreteria' }[c.by];
  const lines = [`La visita è stata disdetta ${who}.`];
  if (c.reason) lines.push(`Motivo: ${c.reason}`);
  if (!toDoctor) {
    lines.push(
      c.refundCents !== null
        ? `Ti rimborsiamo l’intero pagamento: ${euro(c.refundCents)}, sullo stesso metodo con cui hai pagato.`
        : c.by === 'patient'
          ? 'La disdetta è arrivata dopo il termine previsto: il pagamento non viene rimborsato.'
          : 'Non risulta un pagamento da rimborsare.',
    );
  }
  return lines;
}

/** a reminder's advice, by what the policy allows when it leaves */
function reminderAdvice(policy: MessageContext['policy'], timeZone: string): string {
  if (!policy) return 'Se non puoi venire, annulla o sposta la prenotazione per tempo.';
  if (policy.beforeCutoff) {
    const at = new Intl.DateTimeFormat('it-IT', { timeZone, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(policy.cutoffAt),
    );
    return `Se non puoi venire, puoi disdire o spostare la visita con rimborso completo fino al ${at}.`;
  }
  return 'Il termine per disdire con rimborso è scaduto: se non puoi venire, disdici comunque la visita, così l’orario torna libero per altri.';
}

/** a slot's wall-clock time as Italians read it: "lunedì 26 ottobre 2026 alle 09:00" */
export function visitTime(wallClock: string): string {
  const d = new Date(wallClock);
  const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d);
  return `${day} alle ${wallClock.slice(11, 16)}`;
}

/** a real instant at the practice, for the offer's deadline */
function practiceClock(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('it-IT', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Body {
  subject: string;
  lines: string[];
  link?: { label: string; href: string };
  ics?: { method: 'REQUEST' | 'CANCEL'; summary: string };
}

/**
 * The text of every message, in Italian. No health data: a visit is "visita", never its reason; the
 * patient's name appears only in messages to the patient themself or to their doctor (the only recipients).
 */
function body(n: Decided, ctx: MessageContext): Body {
  const toDoctor = n.recipientRole === 'doctor';
  const when = n.start ? visitTime(n.start) : '';
  const withWhom = toDoctor ? `con ${ctx.patientName}` : `con ${ctx.doctorName}`;
  const summary = toDoctor ? `Visita - ${ctx.patientName}` : `Visita con ${ctx.doctorName}`;
  const home = { label: 'Le tue prenotazioni', href: `${ctx.publicUrl}/home` };
  const video = ctx.videoUrl
    ? [`La visita è online: il collegamento è ${ctx.videoUrl} (si apre ${VIDEO_LINK_OPENS_MINUTES_BEFORE} minuti prima dell’inizio).`]
    : [];
  const place = ctx.visitPlace && !ctx.videoUrl ? [`Dove: ${ctx.visitPlace}.`] : [];
  switch (n.kind) {
    case 'booking_confirmed':
      return {
        subject: `Prenotazione confermata: ${when}`,
        lines: [`La visita ${withWhom} è confermata per ${when}.`, ...video, ...place, 'In allegato il file per il calendario.'],
        link: toDoctor ? undefined : home,
        ics: { method: 'REQUEST', summary },
      };
    case 'booking_cancelled':
      return {
        subject: `Prenotazione annullata: ${when}`,
        lines: [
          `La visita ${withWhom} di ${when} è stata annullata.`,
          ...(ctx.cancellation ? cancellationLines(ctx.cancellation, toDoctor) : []),
          'In allegato il file che la toglie dal calendario.',
        ],
        link: toDoctor ? undefined : home,
        ics: { method: 'CANCEL', summary },
      };
    case 'booking_rescheduled':
      return {
        subject: `Prenotazione spostata: ${when}`,
        lines: [`La visita ${withWhom} è stata spostata a ${when}.`, ...video, ...place, 'In allegato il file aggiornato per il calendario.'],
        link: toDoctor ? undefined : home,
        ics: { method: 'REQUEST', summary },
      };
    case 'reminder':
      return {
        subject: `Promemoria: visita ${when}`,
        lines: [`Ti ricordiamo la visita ${withWhom} di ${when}.`, ...video, ...place, reminderAdvice(ctx.policy, ctx.timeZone)],
        link: home,
        // no calendar part: the invitation already sent stands; a REQUEST with the same SEQUENCE would be a new one
      };
    case 'receipt_available':
      return {
        subject: `Ricevuta n. ${n.receipt!.number}/${n.receipt!.year} disponibile`,
        lines: [`La ricevuta n. ${n.receipt!.number}/${n.receipt!.year} del tuo pagamento è disponibile.`, 'Puoi scaricarla dalla tua pagina personale.'],
        link: home,
      };
    case 'waiting_list_offer':
      return {
        subject: `Si è liberato un orario: ${when}`,
        lines: [
          `Si è liberato un orario ${withWhom}: ${when}.`,
          `Lo teniamo per te fino alle ${practiceClock(n.offerExpiresAt!, ctx.timeZone)}; dopo passa al prossimo in lista d’attesa.`,
        ],
        link: { label: 'Completa la prenotazione', href: `${ctx.publicUrl}/home` },
      };
    case 'staff_invitation':
      return {
        subject: `Invito a ${ctx.practiceName}`,
        lines: [
          `${ctx.practiceName} ti invita a usare l’applicazione dello studio.`,
          `Apri il link e scegli la tua password (almeno 10 caratteri). Il link vale ${hoursUntil(n.accountLink!.expiresAt!, ctx.now)} ore e si può usare una volta sola.`,
        ],
        link: { label: 'Accetta l’invito', href: ctx.accountLinkUrl! },
      };
    case 'password_reset':
      return {
        subject: 'Nuova password',
        lines: [
          'Hai chiesto di scegliere una nuova password. Il link vale 60 minuti e si può usare una volta sola.',
          'Se la richiesta non è partita da te, ignora questo messaggio: la password resta quella di prima.',
        ],
        link: { label: 'Scegli una nuova password', href: ctx.accountLinkUrl! },
      };
    case 'email_confirmation':
      return {
        subject: 'Conferma il tuo indirizzo email',
        lines: [
          `Grazie per la registrazione presso ${ctx.practiceName}. Apri il link per confermare il tuo indirizzo email.`,
          'Finché non lo confermi puoi prenotare e pagare, ma non ti mandiamo i promemoria delle visite.',
        ],
        link: { label: 'Conferma l’indirizzo email', href: ctx.accountLinkUrl! },
      };
    case 'diet_sent':
      // no health data: that a diet exists and where to read it, never its content
      return {
        subject: 'La tua dieta è disponibile',
        lines: [
          `${ctx.doctorName} ti ha inviato la dieta.`,
          'Puoi leggerla, stamparla o salvarla come PDF dalla tua pagina personale, dopo aver effettuato l’accesso.',
        ],
        link: { label: 'La tua pagina personale', href: `${ctx.publicUrl}/home` },
      };
    // never the content: that there is something to read, after logging in
    case 'new_message':
      return {
        subject: 'Hai un nuovo messaggio dallo studio',
        lines: ['Hai un nuovo messaggio dallo studio.', 'Puoi leggerlo dopo aver effettuato l’accesso.'],
        link: { label: 'I tuoi messaggi', href: `${ctx.publicUrl}/messaggi` },
      };
    case 'diary_comment':
      return {
        subject: 'Un nuovo commento sul tuo diario',
        lines: ['Lo studio ha commentato il tuo diario alimentare.', 'Puoi leggerlo dopo aver effettuato l’accesso.'],
        link: { label: 'La tua pagina personale', href: `${ctx.publicUrl}/home` },
      };
    // texts only: an answer by email would arrive where the patient did not write
    case 'text_answer':
      return {
        subject: 'Abbiamo ricevuto la tua risposta',
        lines: ['Abbiamo ricevuto la tua risposta al promemoria.'],
        link: { label: 'La tua pagina personale', href: `${ctx.publicUrl}/home` },
      };
  }
}

const hoursUntil = (instant: string, now: Date) => Math.max(1, Math.round((Date.parse(instant) - now.getTime()) / 3_600_000));

export function renderMessage(n: Decided, ctx: MessageContext): MailMessage {
  const b = body(n, ctx);
  const greeting = `Gentile ${ctx.recipient.name},`;
  const footer = n.accountLink
    ? `${ctx.practiceName} - messaggio di servizio sul tuo account, inviato automaticamente.`
    : n.kind === 'diet_sent'
      ? `${ctx.practiceName} - messaggio di servizio, inviato automaticamente.`
      : `${ctx.practiceName} - messaggio di servizio sulle tue prenotazioni, inviato automaticamente.`;
  const text = [greeting, '', ...b.lines, ...(b.link ? ['', `${b.link.label}: ${b.link.href}`] : []), '', '-- ', footer, ''].join('\n');
  const html = [
    '<!doctype html><html lang="it"><body style="font-family:sans-serif">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...b.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    b.link ? `<p><a href="${escapeHtml(b.link.href)}">${escapeHtml(b.link.label)}</a></p>` : '',
    `<hr><p style="font-size:small;color:#555">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  const attachments: MailAttachment[] = [];
  if (b.ics && n.bookingId && n.start && n.end) {
    const ics = visitCalendar({
      visit: {
        bookingId: n.bookingId,
        start: n.start,
        end: n.end,
        sequence: n.sequence,
        summary: b.ics.summary,
        location: ctx.videoUrl ?? ([ctx.practiceName, ctx.practiceAddress].filter(Boolean).join(', ') || ctx.practiceName),
      },
      method: b.ics.method,
      timeZone: ctx.timeZone,
      organizer: ctx.organizer ?? ctx.from,
      // the one this copy goes to: the patient, or the doctor in the doctor's copy
      attendee: ctx.recipient,
      stamp: ctx.now,
    });
    attachments.push({
      filename: b.ics.method === 'CANCEL' ? 'annullamento.ics' : 'visita.ics',
      contentType: `text/calendar; charset=utf-8; method=${b.ics.method}`,
      content: ics,
    });
  }
  return { to: ctx.recipient.email, subject: b.subject, text, html, attachments };
}
