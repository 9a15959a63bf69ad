import type { DoctorProfileView, PracticeInfo } from '@studio/contracts';
import SVGtoPDF from 'svg-to-pdfkit';

/** the practice's logo as a PDF draws it: an uploaded PNG/JPEG as an image, an SVG (the default /logo.svg) as vector graphics */
export type LetterheadLogo = { kind: 'raster'; data: Buffer } | { kind: 'svg'; svg: string };

/** the practice as the band at the top of a page prints it: its name, and its specialty, address and contacts in one line */
export interface LetterheadPractice {
  name: string;
  details: string;
}

/** the doctor under the band: name in bold, then title/register lines */
export interface LetterheadDoctor {
  name: string;
  lines: string[];
}

export interface Letterhead {
  practice: LetterheadPractice;
  doctor: LetterheadDoctor | null;
  logo?: LetterheadLogo | null;
}

/** the page's frame every document of the practice shares: A4, margins of 56 pt */
export const LETTERHEAD_PAGE = { left: 56, right: 595.28 - 56 };

/** the practice's identity as one line: specialty, address, phone, e-mail (those it has) */
export function practiceDetails(practice: Pick<PracticeInfo, 'specialty'> & Partial<Pick<PracticeInfo, 'address' | 'phone' | 'email'>>): string {
  return [practice.specialty, practice.address, practice.phone, practice.email].filter(Boolean).join(' · ');
}

/** the doctor as a letterhead prints them: "Dott.ssa Anna Bianchi", then the register number when there is one */
export function letterheadDoctor(name: string, profile: Pick<DoctorProfileView, 'title' | 'registerNumber'> | null): LetterheadDoctor {
  const title = profile?.title.trim() ?? '';
  const register = profile?.registerNumber.trim() ?? '';
  return { name: [title, name].filter(Boolean).join(' '), lines: register ? [`Numero d’iscrizione all’albo: ${register}`] : [] };
}

/** draws the logo in a `size` square at (x, y); answers the width taken (0 when it cannot be drawn: the page goes out without it) */
function drawLogo(pdf: PDFKit.PDFDocument, logo: LetterheadLogo, x: number, y: number, size: number): number {
  try {
    if (logo.kind === 'raster') pdf.image(logo.data, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    else SVGtoPDF(pdf, logo.svg, x, y, { width: size, height: size, preserveAspectRatio: 'xMidYMid meet' });
    return size;
  } catch {
    return 0;
  }
}

/**
 * The practice's letterhead at the current position: a coloured band with the logo, the practice's name and its details,
 * then the doctor's name (bold) and lines. Leaves the cursor at the left margin, a line below.
 */
export function drawLetterhead(pdf: PDFKit.PDFDocument, { practice, doctor, logo }: Letterhead): void {
  const { left, right } = LETTERHEAD_PAGE;
  const top = pdf.y;
  pdf.rect(left, top, right - left, 58).fill('#0f4c5c');
  const logoWidth = logo ? drawLogo(pdf, logo, left + 10, top + 7, 44) : 0;
  const textLeft = left + 14 + logoWidth;
  pdf
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(practice.name, textLeft, top + 12, { width: right - 14 - textLeft });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(practice.details, { width: right - 14 - textLeft });
  pdf.fillColor('#000000');
  pdf.y = top + 72;
  pdf.x = left;
  if (doctor) {
    pdf.font('Helvetica-Bold').fontSize(12).text(doctor.name);
    pdf.font('Helvetica').fontSize(9);
    for (const line of doctor.lines) pdf.text(line);
  }
  pdf.moveDown();
}

/** the short header of the pages after the first: "Studio Nutrizione Verdi · Dott.ssa Giulia Rossi — Dieta di Luca Verdi" */
export function runningHeader(letterhead: Letterhead | null, title: string): string {
  const who = letterhead ? [letterhead.practice.name, letterhead.doctor?.name].filter(Boolean).join(' · ') : '';
  return [who, title].filter(Boolean).join(' — ');
}

/**
 * "Pagina X di Y" at the foot of every page, centred, and on every page after the first the document's running header
 * (`runningHeader`) with a rule under it, so a loose sheet still says whose it is; the document must be made with
 * `bufferPages: true` and this called just before `end()`. Both are written inside the margins, lifted so pdfkit adds no
 * page for them.
 */
export function numberPages(pdf: PDFKit.PDFDocument, header?: string): void {
  const { start, count } = pdf.bufferedPageRange();
  const { left, right } = LETTERHEAD_PAGE;
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    if (header && i > start) {
      const top = pdf.page.margins.top;
      pdf.page.margins.top = 0;
      pdf
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#0f4c5c')
        .text(header, left, top / 2 - 6, { width: right - left, lineBreak: false, ellipsis: true });
      pdf
        .moveTo(left, top / 2 + 6)
        .lineTo(right, top / 2 + 6)
        .lineWidth(0.5)
        .strokeColor('#0f4c5c')
        .stroke();
      pdf.fillColor('#000000').strokeColor('#000000');
      pdf.page.margins.top = top;
    }
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`Pagina ${i - start + 1} di ${count}`, left, pdf.page.height - bottom / 2 - 4, { width: right - left, align: 'center', lineBreak: false });
    pdf.fillColor('#000000');
    pdf.page.margins.bottom = bottom;
  }
}
