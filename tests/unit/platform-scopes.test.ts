import { describe, expect, it } from 'vitest';
import { facebookClient } from '../../functions/core/integrations/facebook-client';
import { instagramClient } from '../../functions/core/integrations/instagram-client';
import { linkedinClient } from '../../functions/core/integrations/linkedin-client';
import { platformConfig } from '../../functions/core/platform-config';
import {
  ASKED_BEFORE_RECORDING,
  askedScopes,
  missingScope,
  scopeSentences,
} from '../../functions/core/integrations/platform-scopes';
import { threadsClient } from '../../functions/core/integrations/threads-client';

/**
 * The scopes each feature needs are asked at connect, and a connection without one is told which
 * feature it cannot serve (docs/platforms/*.md#endpoints-and-the-permission-each-needs).
 */
const creds = { clientId: 'id', clientSecret: 'secret' };
const scopeOf = (url: string) => (new URL(url).searchParams.get('scope') ?? '').split(/[ ,]/);

describe('the scopes asked at connect', () => {
  const config = platformConfig();
  const ask = { creds, redirectUri: 'http://app.test/cb', state: 's' };

  it('include first comments and their read-back on Facebook and Instagram', () => {
    expect(scopeOf(facebookClient(config).authorizeUrl(ask))).toEqual(
      expect.arrayContaining(['pages_manage_engagement', 'pages_read_user_engagement', 'pages_manage_posts']),
    );
    expect(scopeOf(instagramClient(config).authorizeUrl(ask))).toEqual(
      expect.arrayContaining(['instagram_basic', 'instagram_manage_comments', 'pages_read_engagement']),
    );
  });

  it("include LinkedIn's read scopes, which the lookups after an unclear answer need", () => {
    expect(scopeOf(linkedinClient(config).authorizeUrl(ask))).toEqual(
      expect.arrayContaining(['r_organization_social', 'r_member_social', 'w_organization_social', 'w_member_social']),
    );
  });

  it('are what the table says, for every platform', () => {
    expect(scopeOf(threadsClient(config).authorizeUrl(ask)).sort()).toEqual(askedScopes('threads').sort());
    expect(scopeOf(linkedinClient(config).authorizeUrl(ask)).sort()).toEqual(askedScopes('linkedin').sort());
  });
});

describe('a connection missing a scope', () => {
  it('made before the comment scopes were asked: first comments are named', () => {
    expect(missingScope('facebook', undefined)).toBe(
      scopeSentences.missing('facebook', 'first comments', 'pages_manage_engagement'),
    );
    expect(missingScope('instagram', undefined)).toBe(
      'Your Instagram connection does not allow first comments: it was made without the instagram_manage_comments permission. Reconnect Instagram from the apps page and allow it.',
    );
    // Threads asked then what it asks now.
    expect(missingScope('threads', undefined)).toBeUndefined();
  });

  it("LinkedIn: the read scope of the chosen profile's kind", () => {
    expect(missingScope('linkedin', undefined)).toBeUndefined();
    expect(missingScope('linkedin', undefined, 'urn:li:organization:1')).toContain('r_organization_social');
    expect(missingScope('linkedin', undefined, 'urn:li:person:abc')).toContain('r_member_social');
    const pagesOnly = askedScopes('linkedin').filter((s) => s !== 'r_member_social');
    expect(missingScope('linkedin', pagesOnly, 'urn:li:organization:1')).toBeUndefined();
    expect(missingScope('linkedin', pagesOnly, 'urn:li:person:abc')).toContain(
      'checking LinkedIn for a post or comment before sending it again',
    );
  });

  it('a full grant misses nothing; a declined permission is named', () => {
    for (const platform of ['facebook', 'instagram', 'threads', 'linkedin'] as const) {
      expect(missingScope(platform, askedScopes(platform), 'urn:li:person:abc')).toBeUndefined();
      expect(ASKED_BEFORE_RECORDING[platform].every((s) => askedScopes(platform).includes(s))).toBe(true);
    }
    const declined = askedScopes('facebook').filter((s) => s !== 'read_insights');
    expect(missingScope('facebook', declined)).toContain('does not allow reports');
  });
});
