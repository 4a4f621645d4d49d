import { inject, describe, expect, it } from 'vitest';
import { INVITE_LIMITS, TOO_MANY_INVITES } from '../../functions/core/companies/invites';
import { MAIL_NAME_MAX } from '../../functions/core/mail/templates';
import { signedInUser, uniqueEmail, waitForMail, type Mail } from '../support/api-client';

/**
 * The attack invites invited: fifteen invites to one address sent fifteen mails, each with up to
 * 255 characters of a company name the sender chose, a relay for phishing. Invites are limited
 * per company, per inviter and per recipient, and the mail shows the name as short plain text
 * that no mail client makes a link of.
 */

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${inject('runtime').url}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

describe('invite limits', () => {
  it('the sixth invite to one address in a day is a 429 and sends nothing, whichever company sends it', async () => {
    expect(INVITE_LIMITS.perRecipient.max).toBe(5);
    const a = await signedInUser('inv-flood');
    const target = uniqueEmail('inv-target');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await a.client.post(`/api/company/${a.companyId}/invite`, { email: target })).status);
    // The first creates the invite, the others renew it (a new link each time).
    expect(statuses).toEqual([201, 200, 200, 200, 200]);
    await waitForMail(target, /invited/);
    const refused = await a.client.post(`/api/company/${a.companyId}/invite`, { email: target });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_INVITES);

    // Another sender, another company: the address has had its share today.
    const b = await signedInUser('inv-flood-b');
    expect((await b.client.post(`/api/company/${b.companyId}/invite`, { email: target })).status).toBe(429);
    // A tag on the same mailbox is the same mailbox.
    const tagged = target.replace('@', '+again@');
    expect((await b.client.post(`/api/company/${b.companyId}/invite`, { email: tagged })).status).toBe(429);
    expect(await mailsTo(target)).toHaveLength(5);
    expect(await mailsTo(tagged)).toHaveLength(0);

    // Other addresses are not held back by it.
    expect((await a.client.post(`/api/company/${a.companyId}/invite`, { email: uniqueEmail('inv-else') })).status).toBe(
      201,
    );
  });

  it('a company sends at most 20 invites an hour', async () => {
    expect(INVITE_LIMITS.perCompany.max).toBe(20);
    const a = await signedInUser('inv-company');
    for (let i = 0; i < 20; i++) {
      const res = await a.client.post(`/api/company/${a.companyId}/invite`, { email: uniqueEmail(`inv-c${i}`) });
      expect(res.status, `invite ${i + 1}`).toBe(201);
    }
    const refused = await a.client.post(`/api/company/${a.companyId}/invite`, { email: uniqueEmail('inv-c21') });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_INVITES);
    expect((await a.client.get('/api/company')).body[0].invites).toHaveLength(20);
  });
});

describe('the company name in the invite mail', () => {
  it('is plain text, without links, at most 60 characters', async () => {
    const a = await signedInUser('inv-phish');
    const name =
      '<b>Security alert</b> your account is locked, sign in at https://pay.example-login.com/verify?id=1 ' +
      'x'.repeat(150);
    expect((await a.client.patch('/api/company/company', { name })).status).toBe(200);
    const target = uniqueEmail('inv-phish-target');
    expect((await a.client.post(`/api/company/${a.companyId}/invite`, { email: target })).status).toBe(201);
    const mail = await waitForMail(target, /invited/);

    const shown = /^You are invited to join (.*)$/.exec(mail.subject)?.[1] ?? '';
    expect(Array.from(shown).length).toBeLessThanOrEqual(MAIL_NAME_MAX);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toMatch(/https?:|example-login\.com/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('https://pay.');
      expect(part).not.toContain('pay.example-login.com');
    }
    // Text in the text parts; escaped in the HTML one.
    expect(mail.text).toContain('<b>Security alert</b>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;Security alert&lt;/b&gt;');
    // The only link is the invite's own.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(new URL(links[0] ?? '').pathname).toMatch(/^\/auth\/invite\//);
  });
});
