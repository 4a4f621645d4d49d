import type { ServerResponse } from 'node:http';
import { escapeHtml, html } from '../kit/answers';
import type { PaymentContext } from './state';

/** The provider's pages: the billing portal and a hosted invoice. */

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function page(res: ServerResponse, title: string, body: string) {
  return html(
    res,
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2933;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:32px;width:min(520px,92vw);box-shadow:0 2px 12px #0002}
h1{font-size:22px;margin:0 0 4px}p{color:#52606d}table{width:100%;border-collapse:collapse;margin:16px 0}
td,th{text-align:left;padding:8px 0;border-bottom:1px solid #e4e7eb}td:last-child,th:last-child{text-align:right}
.note{font-size:13px;background:#fff8e1;border-radius:8px;padding:8px 12px}a{color:#3454d1}</style></head>
<body><main>${body}</main></body></html>`,
  );
}

export function portalPage(ctx: PaymentContext, res: ServerResponse, id: string) {
  const portal = ctx.state.portals[id];
  if (!portal) {
    return page(res, 'Link expired', '<h1>This link has expired</h1><p>Open payment details again from the app.</p>');
  }
  const rows = Object.values(ctx.state.subscriptions)
    .filter((s) => s.customer === portal.customer)
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.plan.name)}</td><td>${escapeHtml(s.status)}${s.cancelAtPeriodEnd ? ' (will not renew)' : ''}</td><td>${usd(s.amount)} / ${s.interval}</td></tr>`,
    )
    .join('');
  return page(
    res,
    'Payment details (simulated)',
    `<h1>Payment details</h1><p class="note">A simulated billing portal: no card is stored and nothing is charged.</p>
<table><tr><th>Payment method</th><th></th><th>Visa •••• 4242</th></tr>${rows}</table>
<p><a href="${escapeHtml(portal.returnUrl)}">Return to the app</a></p>`,
  );
}

export function invoicePage(ctx: PaymentContext, res: ServerResponse, id: string) {
  const invoice = ctx.state.invoices[id];
  if (!invoice) return page(res, 'Invoice not found', '<h1>Invoice not found</h1>');
  const day = (s: number) =>
    new Date(s * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return page(
    res,
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${escapeHtml(invoice.number)}</h1><p>Paid ${day(invoice.created)}</p>
<table><tr><th>Description</th><th>Period</th><th>Amount</th></tr>
<tr><td>${escapeHtml(invoice.description)}</td><td>${day(invoice.periodStart)} – ${day(invoice.periodEnd)}</td><td>${usd(invoice.amount)}</td></tr>
<tr><th>Total paid</th><th></th><th>${usd(invoice.amount)}</th></tr></table>
<p class="note">Issued by the simulated payment provider of the local runtime. Nothing was charged.</p>`,
  );
}
