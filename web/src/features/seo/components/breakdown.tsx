import type { ChartPoint } from './chart-figure';

const percent = (value: number, total: number) => (total ? Math.round((value / total) * 100) : 0);

/**
 * Counts of one whole (pages by indexability, links by attribute) as a table whose rows carry a
 * bar drawn to scale: the numbers are the table's text, the bars only show their share.
 */
export function Breakdown({ caption, rows, total }: { caption: string; rows: ChartPoint[]; total?: number }) {
  const whole = total ?? rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <table className="audit-breakdown">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td className="audit-breakdown__bar" aria-hidden>
              <span
                className={`audit-bar audit-bar--${row.tone ?? 'accent'}`}
                style={{ width: `${Math.max(row.value ? 2 : 0, percent(row.value, whole))}%` }}
              />
            </td>
            <td className="audit-num">{row.value.toLocaleString('en-US')}</td>
            <td className="audit-num audit-breakdown__share">{percent(row.value, whole)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
