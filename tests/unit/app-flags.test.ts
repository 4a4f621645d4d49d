import { afterEach, describe, expect, it } from 'vitest';
import { flagOn, requireFlag } from '../../functions/core/integrations/app-flags';

/** The connect routes of Search Console and Google My Business refuse when their flag is off. */
describe('app feature flags', () => {
  const saved = process.env.FEATURE_FLAGS;
  afterEach(() => {
    process.env.FEATURE_FLAGS = saved;
  });

  it('reads a flag on only when configured true', () => {
    process.env.FEATURE_FLAGS = JSON.stringify({ GoogleMyBusinessIntegration: true, GoogleSearchConsole: false });
    expect(flagOn('GoogleMyBusinessIntegration')).toBe(true);
    expect(flagOn('GoogleSearchConsole')).toBe(false);
    expect(() => requireFlag('GoogleMyBusinessIntegration', 'Google My Business')).not.toThrow();
    expect(() => requireFlag('GoogleSearchConsole', 'Google Search Console')).toThrow(
      expect.objectContaining({ kind: 'not-found', message: 'Google Search Console is not available.' }),
    );
  });

  it('reads everything off when the configuration is missing or malformed', () => {
    for (const value of [undefined, '', 'not json', '[true]', '{"GoogleSearchConsole":"true"}']) {
      if (value === undefined) delete process.env.FEATURE_FLAGS;
      else process.env.FEATURE_FLAGS = value;
      expect(flagOn('GoogleSearchConsole')).toBe(false);
    }
  });
});
