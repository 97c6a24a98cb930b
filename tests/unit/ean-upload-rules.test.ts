import { describe, expect, it } from 'vitest';
import {
  chooserLabel,
  EAN_FILE_ACCEPT,
  reportSummary,
  uploadButtonLabel,
  uploadFailureMessage,
  uploadRefusal,
  visibleRows,
} from '../../src/app/features/upload-ean/ean-upload-rules';
import { ApiFailure } from '../../src/app/api/client';

describe('Upload EAN screen rules', () => {
  it("labels the chooser 'Choose File' until a file is chosen, then with the file's name", () => {
    expect(chooserLabel(null)).toBe('Choose File');
    expect(chooserLabel({ name: 'ean-week-12.xlsx' })).toBe('ean-week-12.xlsx');
  });

  it('lets the picker offer .xlsx files only', () => {
    expect(EAN_FILE_ACCEPT.split(',')).toEqual(['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });

  it("reads 'Uploading...' while busy", () => {
    expect(uploadButtonLabel(false)).toBe('Upload');
    expect(uploadButtonLabel(true)).toBe('Uploading...');
  });

  it("refuses to upload without a file: 'Please select a file first'", () => {
    expect(uploadRefusal(null)).toBe('Please select a file first');
    expect(uploadRefusal(new File([new Uint8Array(1)], 'a.xlsx'))).toBeNull();
  });

  it("shows the server's message, or 'Failed to upload file' when there is none", () => {
    expect(uploadFailureMessage(new ApiFailure('The sheet is empty', 422, { message: 'The sheet is empty' }))).toBe('The sheet is empty');
    expect(uploadFailureMessage(new ApiFailure('No connection to the server', 0, null))).toBe('Failed to upload file');
    expect(uploadFailureMessage(new ApiFailure('502 Bad Gateway', 502, '<html>'))).toBe('Failed to upload file');
    expect(uploadFailureMessage(new Error('boom'))).toBe('Failed to upload file');
  });

  it("shows the server's refusal as the failure words it, in the language shown", () => {
    const body = { message: 'The sheet is empty', messageId: 'server.eanSheetEmpty', messageArgs: [] };
    expect(uploadFailureMessage(new ApiFailure('Het blad is leeg', 422, body))).toBe('Het blad is leeg');
  });

  it('sums up the report in one sentence', () => {
    const report = {
      rowsRead: 3,
      applied: [{ row: 2, supplierEan: '8712345678906', newEan: '8712345678913', productIds: [1] }],
      refused: [
        { row: 3, reason: 'x' },
        { row: 4, reason: 'y' },
      ],
    };
    expect(reportSummary(report)).toBe('3 rows read: 1 applied, 2 refused.');
    expect(reportSummary({ rowsRead: 1, applied: [], refused: [] })).toBe('1 row read: 0 applied, 0 refused.');
  });

  it('lists at most the limit of rows and counts the rest', () => {
    expect(visibleRows([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2, 3], hidden: 1 });
    expect(visibleRows([1], 3)).toEqual({ shown: [1], hidden: 0 });
  });
});
