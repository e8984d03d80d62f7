/**
 * Demo identity documents (decision 021): every demo provider waiting for verification has one, so
 * an admin can open it from the queue. Made at seed time, the same bytes every time for the same
 * provider: a specimen ID card as a PNG (drawn pixel by pixel) or a one-page PDF, alternately.
 * Their names in the private store are random (newStorageKey), like real uploads.
 */
import { loadSharp } from '../../storage/load-sharp.ts';
import { newStorageKey, type Storage } from '../../storage/storage.ts';

export type DemoIdDocument = { mime: 'image/png' | 'application/pdf'; bytes: Buffer };

/** A small deterministic hash of a text (FNV-1a), to vary the colours per provider. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A specimen ID card, 480x300: a coloured band, a photo box, lines of "text" and a stripe. */
async function specimenCardPng(seedText: string): Promise<Buffer> {
  const width = 480;
  const height = 300;
  const px = Buffer.alloc(width * height * 3, 0xf4);
  const h = hashOf(seedText);
  const band = [40 + (h & 0x7f), 70 + ((h >> 8) & 0x5f), 120 + ((h >> 16) & 0x7f)];
  const fill = (x0: number, y0: number, w: number, hh: number, rgb: number[]) => {
    for (let y = y0; y < Math.min(height, y0 + hh); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 3;
        px[i] = rgb[0]!;
        px[i + 1] = rgb[1]!;
        px[i + 2] = rgb[2]!;
      }
    }
  };
  fill(0, 0, width, 56, band);
  fill(24, 80, 120, 150, [200, 205, 212]);
  fill(54, 100, 60, 60, [150, 158, 170]); // head
  fill(39, 170, 90, 50, [150, 158, 170]); // shoulders
  for (let line = 0; line < 5; line++) {
    const len = 140 + ((h >> (line * 3)) & 0x7f);
    fill(170, 92 + line * 28, len, 12, [90, 96, 110]);
  }
  fill(0, 262, width, 14, [30, 30, 30]);
  const sharp = await loadSharp();
  return sharp(px, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A one-page PDF that says what it is, with a correct cross-reference table. */
function specimenPdf(name: string): Buffer {
  const safe = name.replace(/[^A-Za-z0-9 .'-]/g, '');
  const text = `BT /F1 20 Tf 60 760 Td (SPECIMEN IDENTITY DOCUMENT) Tj 0 -36 Td /F1 14 Tf (Name: ${safe}) Tj 0 -24 Td (Demo data for Locora. Not a real document.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The demo document of the n-th pending provider: PNG for even n, PDF for odd n. */
export async function demoIdDocument(displayName: string, n: number): Promise<DemoIdDocument> {
  return n % 2 === 0
    ? { mime: 'image/png', bytes: await specimenCardPng(displayName) }
    : { mime: 'application/pdf', bytes: specimenPdf(displayName) };
}

/**
 * Writes a document for each given provider into the private store and returns the columns to
 * set on its row.
 */
export async function writeDemoIdDocuments(
  store: Storage,
  pending: { displayName: string; createdAt?: Date | null }[],
): Promise<{ idDocumentKey: string; idDocumentMime: string; idDocumentUploadedAt: Date }[]> {
  const out = [];
  for (const [n, p] of pending.entries()) {
    const doc = await demoIdDocument(p.displayName, n);
    const key = newStorageKey('documents', doc.mime === 'image/png' ? 'png' : 'pdf');
    await store.put(key, doc.bytes, { contentType: doc.mime });
    // Sent an hour after the profile was made.
    const uploadedAt = new Date((p.createdAt ?? new Date()).getTime() + 3600 * 1000);
    out.push({ idDocumentKey: key, idDocumentMime: doc.mime, idDocumentUploadedAt: uploadedAt });
  }
  return out;
}
