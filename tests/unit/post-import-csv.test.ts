import { describe, expect, it } from 'vitest';
import { isDuplicateCopy, normalizeCopy } from '@shared/duplicate-copy';
import { IMPORT_TEMPLATE, importMessages, MAX_IMPORT_ROWS } from '@shared/schemas/post-import';
import { readCsvRows } from '../../functions/core/imports/csv-rows';
import { DomainError } from '../../functions/core/errors';

const refusal = (text: string) => {
  try {
    readCsvRows(text);
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  return undefined;
};

describe('readCsvRows', () => {
  it('reads quoted copy with commas, doubled quotes and line breaks, a BOM and CRLF, and names each row’s first line', () => {
    const text =
      '\uFEFFPlatforms,Copy,Title,Media URLs,Date,Time,Notes\r\n\r\nfacebook,"One, ""two""\nthree",,,2030-01-02,09:00,x\r\nlinkedin,plain,,,,,\r\n';
    const rows = readCsvRows(text);
    expect(rows).toEqual([
      {
        row: 1,
        line: 3,
        cells: {
          platforms: 'facebook',
          copy: 'One, "two"\nthree',
          title: '',
          media_urls: '',
          date: '2030-01-02',
          time: '09:00',
        },
      },
      {
        row: 2,
        line: 5,
        cells: { platforms: 'linkedin', copy: 'plain', title: '', media_urls: '', date: '', time: '' },
      },
    ]);
  });

  it('takes the columns in any order and leaves out missing optional ones', () => {
    const [row] = readCsvRows('copy,platforms\nHello,threads\n');
    expect(row?.cells).toEqual({ platforms: 'threads', copy: 'Hello', title: '', media_urls: '', date: '', time: '' });
  });

  it('refuses a file without the required columns, without rows, with too many rows, or not CSV', () => {
    expect(refusal('name,email\nAnn,a@example.com')).toBe(importMessages.columns);
    expect(refusal('platforms,copy\n')).toBe(importMessages.empty);
    expect(refusal('')).toBe(importMessages.empty);
    expect(refusal(['platforms,copy', ...Array(MAX_IMPORT_ROWS + 1).fill('facebook,x')].join('\n'))).toBe(
      importMessages.tooManyRows,
    );
    expect(refusal('platforms,copy\nfacebook,"open')).toBe(importMessages.unreadable(2));
  });

  it('reads the template', () => {
    expect(readCsvRows(IMPORT_TEMPLATE)).toHaveLength(2);
  });
});

describe('duplicate copy', () => {
  it('is the same copy once case, white space and compatibility forms are folded', () => {
    expect(normalizeCopy('  Spring\u00A0MENU\n\tis   here ')).toBe('spring menu is here');
    expect(normalizeCopy('ｆｉｎｅ ﬁne')).toBe('fine fine');
    expect(normalizeCopy('Book now!')).not.toBe(normalizeCopy('Book now'));
  });

  it('on the same platform, under a week apart', () => {
    const a = { platform: 'facebook', content: 'Spring menu', at: '2030-01-01T10:00:00Z' };
    expect(isDuplicateCopy(a, { ...a, content: 'SPRING  menu', at: '2030-01-07T09:59:00Z' })).toBe(true);
    expect(isDuplicateCopy(a, { ...a, at: '2030-01-08T10:00:00Z' })).toBe(false);
    expect(isDuplicateCopy(a, { ...a, platform: 'linkedin' })).toBe(false);
  });
});
