// CSV for every export (the admin's lists, the visit histories; docs/decisions/022): RFC 4180 fields, lines ended by
// CRLF, UTF-8 with a byte order mark so that spreadsheet programs read Indian names right.

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null;
}

/** Makes a spreadsheet show the text instead of running it (OWASP "CSV injection"): a leading = + - @ tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: a text starting like a formula gets a leading apostrophe; a comma, quote or line break quotes it. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: Array<string | number | null>) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * The file as text chunks: the header line, then one chunk per batch of rows as `batches` reads them. Nothing is
 * kept after it is handed on, so the memory used is that of one batch whatever the number of rows.
 */
export async function* csvChunks<R>(columns: ReadonlyArray<CsvColumn<R>>, batches: AsyncIterable<R[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
  for await (const rows of batches) {
    if (rows.length) yield rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
  }
}

/** Reads a list batch by batch: each batch starts after the last row of the one before (keyset), until one comes short. */
export async function* keysetBatches<R, K>(o: {
  size: number;
  read: (after: K | undefined, limit: number) => Promise<R[]>;
  keyOf: (row: R) => K;
}): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await o.read(after, o.size);
    yield rows;
    if (rows.length < o.size) return;
    after = o.keyOf(rows[rows.length - 1]!);
  }
}
