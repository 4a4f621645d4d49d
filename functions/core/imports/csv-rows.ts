import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, importMessages, MAX_IMPORT_ROWS } from '@shared/schemas/post-import';
import { invalid } from '../errors';

type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One row of the file, by column name, with where it starts. */
export interface CsvRow {
  row: number;
  line: number;
  cells: Record<ImportColumn, string>;
}

const newlines = (field: string) => field.split('\n').length - 1;

/**
 * The file's rows under its header. The header must name the template's columns (any order,
 * any case, spaces for underscores); extra columns are ignored, so a spreadsheet's own notes
 * column does no harm. What is wrong with the file as a whole (not CSV, no header, too many
 * rows, nothing in it) is a 422 before any row is looked at.
 */
export function readCsvRows(text: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info }, which the sync typings do not model.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw invalid(importMessages.unreadable(line));
  }
  const [header, ...body] = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (!header) throw invalid(importMessages.empty);
  const names = header.record.map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  const position = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    ImportColumn,
    number
  >;
  if (position.platforms < 0 || position.copy < 0) throw invalid(importMessages.columns);
  if (!body.length) throw invalid(importMessages.empty);
  if (body.length > MAX_IMPORT_ROWS) throw invalid(importMessages.tooManyRows);
  return body.map(({ record, info }, i) => ({
    row: i + 1,
    // csv-parse counts the line a record ends on; a quoted copy with line breaks started earlier.
    line: info.lines - record.reduce((sum, field) => sum + newlines(field), 0),
    cells: Object.fromEntries(
      IMPORT_COLUMNS.map((column) => [column, position[column] < 0 ? '' : (record[position[column]] ?? '')]),
    ) as Record<ImportColumn, string>,
  }));
}
