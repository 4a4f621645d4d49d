import { describe, expect, it } from 'vitest';
import { inviteMail, MAIL_NAME_MAX, mailName } from '../../functions/core/mail/templates';

describe('mailName: a typed name as a mail shows it', () => {
  it('keeps an ordinary name as it is', () => {
    for (const name of ['Owner Studio', "Joe's Bakery & Co.", 'Bakery: fresh bread', 'Café Łódź'])
      expect(mailName(name)).toBe(name);
  });

  it('leaves no scheme, and no dot or at sign inside a word that a mail client would make a link of', () => {
    expect(mailName('Visit https://pay.example.com/login now')).toBe('Visit pay\u2024example\u2024com/login now');
    expect(mailName('javascript:alert(1) MAILTO:a@b.co')).toBe('alert(1) a\uff20b\u2024co');
    expect(mailName('Booking.com')).toBe('Booking\u2024com');
    expect(mailName('10.0.0.7')).not.toContain('.');
  });

  it('is one line without invisible or direction-changing characters', () => {
    expect(mailName('a\u202Eb\r\nBcc: x\u200B\u2028y')).toBe('a b Bcc: x y');
  });

  it('cuts a long name to MAIL_NAME_MAX characters with an ellipsis, never inside a character', () => {
    const cut = mailName('x'.repeat(255));
    expect(cut).toHaveLength(MAIL_NAME_MAX);
    expect(cut.endsWith('\u2026')).toBe(true);
    const emoji = Array.from(mailName('😀'.repeat(100)));
    expect(emoji).toHaveLength(MAIL_NAME_MAX);
    expect(emoji.slice(0, -1).every((c) => c === '😀')).toBe(true);
  });

  it('the invite mail shows both names through it, escaped in the HTML part', () => {
    const mail = inviteMail('to@example.com', '<i>Eve</i> http://evil.test', 'A'.repeat(255), 'https://app/x');
    expect(mail.subject).toBe(`You are invited to join ${'A'.repeat(MAIL_NAME_MAX - 1)}\u2026`);
    expect(mail.text).not.toContain('evil.test');
    expect(mail.html).toContain('&lt;i&gt;Eve&lt;/i&gt; evil\u2024test');
  });
});
