import { ArrowLeft, Inbox, Mail as MailIcon, RefreshCw, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm } from '@/lib/forms';
import { formatDateTime } from '@/lib/format-date';
import { useMailbox, type Mail } from '@/api/dev/get-mailbox';
import '../mailbox.css';

/** The recipient filter: any text, trimmed; empty shows every mail. */
const filterSchema = z.object({ to: z.string().check(z.trim()) });

const sentAt = (iso: string) => (iso ? formatDateTime(iso) : '');

/** Links in a mail open in this tab, not inside the frame. */
const srcDoc = (mail: Mail) =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_top"><style>body{font-family:system-ui,sans-serif;margin:16px;color:#1f2330}</style></head><body>${
    mail.html ||
    `<pre style="white-space:pre-wrap">${mail.text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string)}</pre>`
  }</body></html>`;

export default function MailboxRoute() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const filter = useSubmitOnlyForm(filterSchema, { to });
  const mailbox = useMailbox(to || undefined);
  const messages = [...(mailbox.data ?? [])].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  const selectedId = params.get('id');
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0];

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const onFilter = filter.handleSubmit(({ to: recipient }) => update({ to: recipient || null, id: null }));

  return (
    <div className="mailbox">
      <header className="mailbox__header">
        <div className="mailbox__title">
          <Inbox size={20} aria-hidden />
          <h1>Dev mailbox</h1>
          <span className="badge badge--warning">Local only</span>
        </div>
        <form className="mailbox__filter" onSubmit={(event) => void onFilter(event)}>
          <div className="search-box">
            <Search size={16} aria-hidden />
            <input
              className="search-box__input"
              type="search"
              placeholder="Filter by recipient"
              aria-label="Filter by recipient"
              {...filter.register('to')}
            />
          </div>
          <Button type="submit" variant="secondary" size="sm">
            Filter
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Refresh"
            icon={<RefreshCw size={16} />}
            onClick={() => mailbox.refetch()}
          />
        </form>
        <Link to="/auth" className="back-link">
          <ArrowLeft size={14} aria-hidden /> Back to the app
        </Link>
      </header>
      {mailbox.isError ? (
        <div className="mailbox__error">
          <Alert type="error" title="The mailbox is not available">
            {errorMessage(mailbox.error)} The dev mailbox exists only on the local runtime (npm start).
          </Alert>
        </div>
      ) : (
        <div className="mailbox__body">
          <ul className="mailbox__list" aria-label="Messages, newest first">
            {messages.length === 0 ? (
              <li>
                <EmptyState compact icon={MailIcon} title={mailbox.isPending ? 'Loading…' : 'No mail yet'}>
                  {mailbox.isPending ? null : 'Mail the app sends (verification, password reset, invites) lands here.'}
                </EmptyState>
              </li>
            ) : (
              messages.map((mail) => (
                <li key={mail.id}>
                  <button
                    type="button"
                    className={['mail-item', mail.id === selected?.id ? 'mail-item--active' : ''].join(' ')}
                    aria-current={mail.id === selected?.id ? 'true' : undefined}
                    onClick={() => update({ id: mail.id })}
                  >
                    <span className="mail-item__subject">{mail.subject || '(no subject)'}</span>
                    <span className="mail-item__meta">
                      <span className="mail-item__to">{mail.to}</span>
                      <time dateTime={mail.sentAt}>{sentAt(mail.sentAt)}</time>
                    </span>
                  </button>
                </li>
              ))
            )}
          </ul>
          <section className="mailbox__preview" aria-label="Selected message">
            {selected ? (
              <>
                <dl className="mail-head">
                  <div>
                    <dt>Subject</dt>
                    <dd>{selected.subject}</dd>
                  </div>
                  <div>
                    <dt>From</dt>
                    <dd>{selected.from}</dd>
                  </div>
                  <div>
                    <dt>To</dt>
                    <dd>{selected.to}</dd>
                  </div>
                  <div>
                    <dt>Sent</dt>
                    <dd>{sentAt(selected.sentAt)}</dd>
                  </div>
                </dl>
                <iframe
                  key={selected.id}
                  title={`Message: ${selected.subject}`}
                  className="mail-frame"
                  sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
                  srcDoc={srcDoc(selected)}
                />
              </>
            ) : (
              <EmptyState icon={MailIcon} title="Select a message" />
            )}
          </section>
        </div>
      )}
    </div>
  );
}
