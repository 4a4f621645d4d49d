import { formatUsd, type Invoice } from '@shared/schemas/billing';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';

/** Invoices: Number, Date, Amount (dollars) and the provider's invoice page. */
export function InvoicesCard({ invoices }: { invoices: Invoice[] }) {
  return (
    <Card title="Invoices" padded={false}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">
                <span className="billing-sr-only">Invoice</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.length ? (
              invoices.map((invoice) => (
                <tr key={invoice.number}>
                  <td>{invoice.number}</td>
                  <td>{formatDate(invoice.date)}</td>
                  <td>{formatUsd(invoice.amount)}</td>
                  <td>
                    <a href={invoice.link} target="_blank" rel="noopener noreferrer">
                      View Invoice<span className="billing-sr-only"> {invoice.number} (opens in a new tab)</span>
                    </a>
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4} className="table__empty">
                  No invoices yet. They appear here once a plan is paid.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
