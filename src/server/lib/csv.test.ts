import { describe, expect, it } from 'vitest';
import { csvChunks, csvField, keysetBatches } from './csv';

async function text(chunks: AsyncIterable<string>) {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and keeps formulas from running', () => {
    expect(csvField('Dr. Rao, MD')).toBe('"Dr. Rao, MD"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('writes a byte order mark, the header and every row of every batch, CRLF ended', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => ({ n, name: `Dr ${n}` }));
    const batches = keysetBatches({
      size: 2,
      read: async (after: number | undefined, limit) => rows.filter((r) => r.n > (after ?? 0)).slice(0, limit),
      keyOf: (r) => r.n,
    });
    const file = await text(
      csvChunks(
        [
          { header: 'No', value: (r: { n: number; name: string }) => r.n },
          { header: 'Name', value: (r) => r.name },
        ],
        batches,
      ),
    );
    expect(file).toBe('\uFEFFNo,Name\r\n1,Dr 1\r\n2,Dr 2\r\n3,Dr 3\r\n4,Dr 4\r\n5,Dr 5\r\n');
  });
});
