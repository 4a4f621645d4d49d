import { describe, expect, it } from 'vitest';
import { wordpressConnectSchema } from '@shared/schemas/integrations';
import { isWordPressCom, normalizeWordPressSite } from '@shared/wordpress-site';

const rootOnly = (host: string) => `Please enter only the main website address (e.g. ${host})`;

describe('WordPress connect rule (spec 01 §5)', () => {
  it('requires the URL', () => {
    for (const input of ['', '   ']) {
      expect(normalizeWordPressSite(input)).toEqual({ ok: false, message: 'The URL is required' });
    }
    const parsed = wordpressConnectSchema.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['website'], message: 'The URL is required' });
    expect(wordpressConnectSchema.safeParse({ website: '' }).error?.issues[0]?.message).toBe('The URL is required');
  });

  it('removes a trailing slash and keeps the root address', () => {
    expect(normalizeWordPressSite('https://blog.example.com/')).toEqual({ ok: true, url: 'https://blog.example.com' });
    expect(normalizeWordPressSite('https://blog.example.com')).toEqual({ ok: true, url: 'https://blog.example.com' });
    expect(normalizeWordPressSite('https://blog.example.com//')).toEqual({ ok: true, url: 'https://blog.example.com' });
    expect(normalizeWordPressSite(' blog.example.com/ ')).toEqual({ ok: true, url: 'https://blog.example.com' });
    expect(normalizeWordPressSite('http://127.0.0.1:8080/')).toEqual({ ok: true, url: 'http://127.0.0.1:8080' });
    expect(normalizeWordPressSite('HTTPS://Blog.Example.com')).toEqual({ ok: true, url: 'https://blog.example.com' });
    expect(wordpressConnectSchema.parse({ website: 'https://blog.example.com/' }).website).toBe(
      'https://blog.example.com',
    );
  });

  it('refuses a path, a query or a fragment with the spec sentence naming the host', () => {
    expect(normalizeWordPressSite('https://blog.example.com/a')).toEqual({
      ok: false,
      message: rootOnly('blog.example.com'),
    });
    expect(normalizeWordPressSite('https://blog.example.com/blog/')).toEqual({
      ok: false,
      message: rootOnly('blog.example.com'),
    });
    expect(normalizeWordPressSite('https://blog.example.com/wp-admin')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('https://blog.example.com/?p=1')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('https://blog.example.com?')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('https://blog.example.com#top')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('example.com:8080/x')).toEqual({ ok: false, message: rootOnly('example.com:8080') });
  });

  it('refuses what is not a web address', () => {
    expect(normalizeWordPressSite('ftp://blog.example.com')).toEqual({
      ok: false,
      message: 'Enter a valid website address',
    });
    expect(normalizeWordPressSite('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('localhost')).toEqual({ ok: false, message: 'Enter a valid URL address' });
    expect(normalizeWordPressSite('https://user:pw@blog.example.com')).toMatchObject({ ok: false });
    expect(normalizeWordPressSite('https://blog example.com')).toMatchObject({ ok: false });
  });

  it('tells WordPress.com sites apart', () => {
    expect(isWordPressCom('https://sandy.wordpress.com')).toBe(true);
    expect(isWordPressCom('https://wordpress.com')).toBe(true);
    expect(isWordPressCom('https://notwordpress.com')).toBe(false);
    expect(isWordPressCom('https://wordpress.com.evil.example')).toBe(false);
  });
});
