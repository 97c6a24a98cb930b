import { describe, expect, it } from 'vitest';
import { htmlToReadableText } from '../../src/shared/rules/readable-text';
import { itemProblems, reportTone } from '../../src/app/lib/job-items';
import { uploadToast } from '../../src/app/features/upload-ean/ean-upload-rules';
import { uploadReportRows } from '../../src/app/features/bol-model/bol-status-rules';
import { runOutcome, runProblems } from '../../src/app/features/products/supplier-actions-rules';

describe('HTML as readable text', () => {
  it('turns paragraphs, breaks and list items into lines and drops every tag', () => {
    expect(htmlToReadableText('<p><strong>Warm</strong> wool socks</p><p>Size 42&nbsp;&amp; up<br>Wash at 30&#176;</p>')).toBe(
      'Warm wool socks\nSize 42 & up\nWash at 30°',
    );
    expect(htmlToReadableText('<ul><li>one</li><li>two</li></ul>')).toBe('• one\n• two');
  });

  it('drops scripts and styles with their content; leaves plain text as it is', () => {
    expect(htmlToReadableText('<p>ok</p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>')).toBe('ok');
    expect(htmlToReadableText('5 < 6 and 7 > 3')).toBe('5 < 6 and 7 > 3');
    expect(htmlToReadableText('&lt;p&gt; is shown as text')).toBe('<p> is shown as text');
  });

  it("the Bol tab's upload report rows show the readable text, not the HTML", () => {
    const rows = uploadReportRows({
      uploadId: 'u',
      language: 'nl',
      status: 'COMPLETED',
      readAt: '',
      assets: [],
      attributes: [{ id: 'Description', status: 'DECLINED', values: [{ value: '<p><strong>Bold</strong> text</p>' }], subStatusDescription: '<p>Too short</p>' }],
    });
    expect(rows[0]).toMatchObject({ value: 'Bold text', detail: 'Too short' });
  });
});

describe('per-item reasons of a job report', () => {
  const report = (status: string, items: { productId?: number; status: string; message: string }[], total = items.length) => ({ status, total, items });

  it('lists each refused product with the server reason', () => {
    const answer = report('partial', [
      { productId: 1, status: 'success', message: 'sent' },
      { productId: 2, status: 'failed', message: 'Choose a Bol category for this product first' },
      { productId: 3, status: 'skipped', message: '' },
    ]);
    expect(itemProblems(answer)).toEqual([
      { productId: 2, orderId: null, status: 'failed', message: 'Choose a Bol category for this product first' },
      { productId: 3, orderId: null, status: 'skipped', message: 'No reason given' },
    ]);
    expect(itemProblems(null)).toEqual([]);
    expect(itemProblems({ items: 'no' })).toEqual([]);
  });

  it('partly done is a warning, nothing done or a failed job an error, all done a success', () => {
    expect(reportTone(report('partial', [{ productId: 1, status: 'success', message: '' }, { productId: 2, status: 'failed', message: 'x' }]))).toBe('amber');
    expect(reportTone(report('partial', [{ productId: 2, status: 'failed', message: 'x' }]))).toBe('red');
    expect(reportTone(report('failed', []))).toBe('red');
    expect(reportTone(report('success', [{ productId: 1, status: 'success', message: '' }]))).toBe('green');
    expect(reportTone({ message: 'done' })).toBe('green');
  });
});

describe('the EAN upload toast', () => {
  const row = (n: number) => ({ row: n, supplierEan: '', newEan: '' });
  it('is the spec success only without refused rows; a warning otherwise', () => {
    expect(uploadToast({ rowsRead: 1, applied: [row(2)], refused: [] } as never)).toEqual({ kind: 'success', text: 'File uploaded successfully' });
    expect(uploadToast({ rowsRead: 3, applied: [row(2)], refused: [row(3), row(4)] } as never)).toEqual({
      kind: 'warning',
      text: 'File uploaded with warnings: 1 applied, 2 rows refused. See the report for the reasons.',
    });
    expect(uploadToast({ rowsRead: 1, applied: [], refused: [row(2)] } as never).text).toBe('File uploaded, but no row was applied: 1 row refused. See the report for the reasons.');
  });
});

describe('a feed run with refused rows', () => {
  const entry = {
    id: 1,
    supplierId: 2,
    supplierName: 'Volt Electronics',
    operation: 'feed-import' as const,
    dateTimeOperation: '',
    finishedAt: null,
    status: 'partial' as const,
    rowsRead: 3,
    created: 1,
    updated: 0,
    unchanged: 0,
    refused: 2,
    problems: [
      { line: 3, reason: 'EAN check digit is wrong' },
      { line: 7, reason: 'title is missing' },
    ],
    message: 'Read 3 rows: 1 new, 2 refused',
  };
  it('is a warning and lists each refused line with its reason', () => {
    expect(runOutcome({ entries: [entry], skipped: [] })).toEqual([{ text: 'Volt Electronics: Read 3 rows: 1 new, 2 refused', ok: true, warning: true }]);
    expect(runProblems({ entries: [entry], skipped: [] })).toEqual({
      lines: ['Volt Electronics, line 3: EAN check digit is wrong', 'Volt Electronics, line 7: title is missing'],
      hidden: 0,
    });
    expect(runProblems({ entries: [entry], skipped: [] }, 1)).toEqual({ lines: ['Volt Electronics, line 3: EAN check digit is wrong'], hidden: 1 });
  });
});
