/**
 * Reads an email as an SMTP server receives it (RFC 5322 headers, MIME parts), enough for the tests to check
 * what nodemailer wrote: headers (RFC 2047 encoded words decoded), the text and HTML bodies, the attachments'
 * bytes. Base64 and quoted-printable transfer encodings, nested multiparts.
 */

export interface MimePart {
  /** Lower-cased names; folded lines unfolded. */
  headers: Map<string, string>;
  /** The decoded body of a leaf part; empty for a multipart. */
  body: Buffer;
  parts: MimePart[];
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A header parameter (`boundary`, `filename`…), quoted or not. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  const match = value?.match(new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text; the space between two of them is not part of it. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function parseMime(raw: string | Buffer): MimePart {
  const { head, body } = splitHead(typeof raw === 'string' ? raw : raw.toString('utf8'));
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) throw new Error(`a multipart without a boundary: ${type}`);
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    // The preamble before the first boundary and the epilogue after the last are not parts.
    const parts = sections.slice(1, -1).filter((section) => section.trim() !== '').map(parseMime);
    return { headers, body: Buffer.alloc(0), parts };
  }
  return { headers, body: decodeBody(body, headers.get('content-transfer-encoding')), parts: [] };
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** A header of the message, decoded. */
export function headerOf(message: MimePart, name: string): string | undefined {
  const value = message.headers.get(name.toLowerCase());
  return value === undefined ? undefined : decodeWords(value);
}

/** The first body of this type that is not an attachment, as UTF-8 text with its lines ended by "\n" (SMTP sends CRLF). */
export function bodyOf(message: MimePart, type: 'text/plain' | 'text/html'): string {
  const part = leaves(message).find((leaf) => (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type) && !/attachment/i.test(leaf.headers.get('content-disposition') ?? ''));
  if (!part) throw new Error(`the message has no ${type} body`);
  return part.body.toString('utf8').replace(/\r\n/g, '\n');
}

export interface MimeAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export function attachmentsOf(message: MimePart): MimeAttachment[] {
  return leaves(message)
    .filter((leaf) => /attachment/i.test(leaf.headers.get('content-disposition') ?? ''))
    .map((leaf) => ({
      filename: decodeWords(headerParam(leaf.headers.get('content-disposition'), 'filename') ?? headerParam(leaf.headers.get('content-type'), 'name') ?? ''),
      contentType: (leaf.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: leaf.body,
    }));
}
