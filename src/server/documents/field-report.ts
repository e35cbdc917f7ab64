import type { TAnnotation } from '../../core/field-reports/annotations.ts';
import type { TFieldReportContent } from '../../core/api/field-reports.ts';
import {
  ATTACHMENT_KINDS, ATTACHMENTS, CERTIFICATION_TEXT, CONDITIONS_TEXT, SECTION_TITLES, TESTS, type AttachmentKind,
} from '../../core/field-reports/field-reports.ts';
import { formatUsDate } from '../../core/smart-date.ts';
import { drawAnnotations, fittedBox } from './annotations.ts';
import { checkLine, fieldGrid, paragraph, yesNo } from './blocks.ts';
import { createPdf, openImage, sectionTitle, type Doc } from './document.ts';
import type { Letterhead } from './letterhead.ts';
import { drawTable } from './table.ts';
import { FONT } from './fonts.ts';

interface ReportImage {
  image: Buffer;
  caption: string;
  /** The stored image's pixels, which the annotations' fractions are of. */
  width: number;
  height: number;
  annotations: readonly TAnnotation[];
  /** 'Taken 11/20/2026 2:05 PM EST at 40.74167, -73.98750' from the original's EXIF, or '' (docs/decisions/103). */
  taken?: string;
}

export interface FieldReportPdfData {
  reportType: string;
  displayNumber: string;
  /** YYYY-MM-DD */
  date: string;
  inspectorName: string;
  content: TFieldReportContent;
  /** Each attached list in its order: JPEG bytes as stored, and captions. */
  diagrams: readonly ReportImage[];
  readings: readonly ReportImage[];
  photos: readonly ReportImage[];
  certification: {
    name: string; certifiedOn: string; signature: Buffer;
    /** The second engineer's sign-off of the version certified (docs/decisions/142), printed beside the inspector's. */
    review: { name: string; reviewedOn: string; signature: Buffer } | null;
  } | null;
}

const MARGINS = { top: 78, bottom: 72, left: 40, right: 40 };
const [PROJECT, PARTIES, FINDINGS, URGENT, TESTING, HABITABILITY, NOTES, ATTACH, CERTIFY, CONDITIONS] = SECTION_TITLES;

function projectSection(doc: Doc, d: FieldReportPdfData) {
  sectionTitle(doc, PROJECT);
  const c = d.content;
  fieldGrid(doc, [
    ['Project name', c.projectName], ['Project number', c.projectNumber],
    ['Building owner', c.buildingOwner], ['Property address', c.propertyAddress],
    ['Report type', d.reportType], ['Report number', d.displayNumber],
    ['Date of inspection', formatUsDate(d.date)], ['Inspector', d.inspectorName],
  ]);
}

function partiesSection(doc: Doc, c: TFieldReportContent) {
  sectionTitle(doc, PARTIES);
  const parties = c.presentParties.filter((p) => p.name.trim() || p.role.trim() || p.company.trim());
  if (parties.length === 0) return paragraph(doc, null, 'No other parties recorded.');
  drawTable(doc, {
    columns: [{ header: 'Name', width: 180 }, { header: 'Role', width: 160 }, { header: 'Company', width: 192 }],
    rows: parties.map((p) => [p.name, p.role, p.company]), fontSize: 9, stripe: null,
  });
  doc.moveDown(0.4);
}

function findingsAndMeasures(doc: Doc, c: TFieldReportContent) {
  sectionTitle(doc, FINDINGS);
  paragraph(doc, 'Purpose of inspection', c.inspectionPurpose);
  paragraph(doc, 'Cause of loss', c.causeOfLoss);
  paragraph(doc, 'Areas involved', c.areasInvolved);
  paragraph(doc, 'Damage summary', c.damageSummary);
  sectionTitle(doc, URGENT);
  const e = c.emergency;
  fieldGrid(doc, [
    ['Temporary measures started', yesNo(c.temporaryMeasures.started)], ['Temporary measures to commence', c.temporaryMeasures.commence],
    ['Emergency services required', yesNo(e.emsRequired)], ['Floors', yesNo(e.emsFloors)],
    ['Walls', yesNo(e.emsWalls)], ['Ceilings', yesNo(e.emsCeilings)],
  ], 3);
}

function testingSection(doc: Doc, c: TFieldReportContent) {
  sectionTitle(doc, TESTING, 110);
  drawTable(doc, {
    columns: [{ header: 'Test', width: 200 }, { header: 'Required', width: 166, align: 'center' }, { header: 'Completed', width: 166, align: 'center' }],
    rows: TESTS.map((t) => [t.label, yesNo(c.testing[t.key].required), yesNo(c.testing[t.key].completed)]),
    fontSize: 10, stripe: null,
  });
  doc.moveDown(0.4);
}

function habitabilitySection(doc: Doc, c: TFieldReportContent) {
  sectionTitle(doc, HABITABILITY);
  fieldGrid(doc, [
    ['Habitable', yesNo(c.habitability.isHabitable)], ['Estimated timeline', c.timeline.estimated],
    ['Return on', formatUsDate(c.timeline.returnOn)], ['Follow up with', c.timeline.followUpWith],
  ]);
  paragraph(doc, 'Habitability notes', c.habitability.notes);
  sectionTitle(doc, NOTES);
  paragraph(doc, null, c.notes);
}

function attachmentsAndCertification(doc: Doc, d: FieldReportPdfData) {
  sectionTitle(doc, ATTACH);
  // Each line is ticked when that list has anything: the pages after the report show them.
  for (const kind of ATTACHMENT_KINDS) {
    const count = d[kind].length;
    checkLine(doc, ATTACHMENTS[kind].title, count > 0, count > 0 ? `(${count} attached)` : '');
  }
  sectionTitle(doc, CERTIFY, 130);
  paragraph(doc, null, CERTIFICATION_TEXT);
  const left = doc.page.margins.left;
  if (d.certification) {
    const y = doc.y;
    const { review } = d.certification;
    if (review) signatureBlock(doc, { x: left + 270, y, signature: review.signature, line: `${review.name}, Reviewer  ·  Reviewed ${review.reviewedOn}` });
    signatureBlock(doc, { x: left, y, signature: d.certification.signature, line: `${d.certification.name}, Inspector  ·  Certified ${d.certification.certifiedOn}` });
  } else {
    doc.font(FONT.bold).fontSize(10).fillColor('#b91c1c').text('DRAFT - not certified', left, doc.y);
  }
  doc.fillColor('#111827');
  sectionTitle(doc, CONDITIONS);
  doc.font(FONT.regular).fontSize(8.5).text(CONDITIONS_TEXT, left, doc.y, { width: doc.page.width - left - MARGINS.right, align: 'justify' });
}

/** A signature over its line, and who signed it under the line. */
function signatureBlock(doc: Doc, b: { x: number; y: number; signature: Buffer; line: string }) {
  doc.image(openImage(doc, b.signature) as Buffer, b.x, b.y, { fit: [200, 60], valign: 'bottom' });
  doc.moveTo(b.x, b.y + 64).lineTo(b.x + 240, b.y + 64).lineWidth(0.6).strokeColor('#111827').stroke();
  doc.font(FONT.regular).fontSize(9).fillColor('#111827').text(b.line, b.x, b.y + 68, { width: 250 });
}

/**
 * Diagrams, readings and photos after the report, each list on pages of its own under its title:
 * a diagram fills a page (its lines and labels stay legible), readings and photos go two to a page.
 * Every image has its number and caption under it.
 */
function imagePages(doc: Doc, kind: AttachmentKind, images: readonly ReportImage[]) {
  const { title, one, perPage } = ATTACHMENTS[kind];
  const left = MARGINS.left;
  const width = doc.page.width - MARGINS.left - MARGINS.right;
  const slot = (doc.page.height - MARGINS.top - MARGINS.bottom - 30) / perPage;
  images.forEach((item, i) => {
    if (i % perPage === 0) {
      doc.addPage();
      doc.font(FONT.bold).fontSize(11).fillColor('#111827').text(title.toUpperCase(), left, MARGINS.top);
    }
    const top = MARGINS.top + 22 + (i % perPage) * slot;
    const taken = item.taken ?? '';
    const box = { x: left, y: top, w: width, h: slot - (taken ? 44 : 34) };
    doc.image(openImage(doc, item.image) as Buffer, left, top, { fit: [box.w, box.h], align: 'center', valign: 'center' });
    drawAnnotations(doc, item.annotations, fittedBox(box, item.width, item.height), item.width, item.height);
    const caption = `${one} ${i + 1}${item.caption.trim() ? `: ${item.caption.trim()}` : ''}`;
    const captionTop = top + slot - (taken ? 40 : 30);
    doc.font(FONT.regular).fontSize(9).fillColor('#111827').text(caption, left, captionTop, { width, align: 'center', height: 26, ellipsis: true });
    if (taken) doc.fontSize(8).fillColor('#4b5563').text(taken, left, captionTop + 26, { width, align: 'center', height: 12, lineBreak: false });
  });
}

/** SPEC §9 field report. */
export function renderFieldReport(d: FieldReportPdfData, letterhead: Letterhead): Promise<Buffer> {
  const { doc, finish } = createPdf({ title: `Field Report ${d.displayNumber}`, margins: MARGINS, letterhead });
  doc.font(FONT.bold).fontSize(16).fillColor('#111827').text(`FIELD REPORT - ${d.reportType}`, MARGINS.left, MARGINS.top);
  doc.font(FONT.regular).fontSize(10).fillColor('#374151')
    .text(`Report No. ${d.displayNumber}  ·  ${formatUsDate(d.date)}`);
  projectSection(doc, d);
  partiesSection(doc, d.content);
  findingsAndMeasures(doc, d.content);
  testingSection(doc, d.content);
  habitabilitySection(doc, d.content);
  attachmentsAndCertification(doc, d);
  for (const kind of ATTACHMENT_KINDS) imagePages(doc, kind, d[kind]);
  return finish();
}
