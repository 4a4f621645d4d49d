import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS, platformConfig, type ApiVersion } from '../../functions/core/platform-config';
import { GRAPH_VERSIONS, linkedinSunset, linkedinVersionRefusal } from '../../infra/local/sandbox/platforms/rules';

/**
 * The API versions we speak must outlive the next three months: this fails 90 days before a
 * configured version's sunset, so it is moved on (docs/platforms/*.md) before the platform stops
 * answering it (LinkedIn refuses a sunset version; Graph silently answers with another one).
 */
const DAY_MS = 24 * 3600_000;
const WARN_DAYS = 90;

/** Days from `now` to the version's sunset; Infinity when none is announced. */
const daysLeft = (entry: Pick<ApiVersion, 'sunset'>, now: number) =>
  entry.sunset === null ? Infinity : (Date.parse(`${entry.sunset}T00:00:00Z`) - now) / DAY_MS;

describe('API versions', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each(Object.entries(API_VERSIONS))('%s is more than 90 days from its sunset', (name, entry) => {
    const left = daysLeft(entry, Date.now());
    expect(
      left,
      `${name} ${entry.version} is sunset on ${entry.sunset}: move to a newer version (${entry.source})`,
    ).toBeGreaterThan(WARN_DAYS);
  });

  it('catches the versions spoken before, on the day they were replaced', () => {
    const replaced = Date.parse('2026-12-01T00:00:00Z');
    expect(daysLeft({ sunset: '2027-01-21' }, replaced)).toBeLessThan(WARN_DAYS); // Graph v21.0
    expect(daysLeft({ sunset: '2025-11-17' }, replaced)).toBeLessThan(0); // LinkedIn 202411
  });

  it('are the defaults the clients are configured with', () => {
    for (const entry of Object.values(API_VERSIONS)) Reflect.deleteProperty(process.env, entry.setting);
    Reflect.deleteProperty(process.env, 'PLATFORM_SANDBOX_ORIGIN');
    const config = platformConfig();
    expect(config.graphVersion).toBe(API_VERSIONS.graph.version);
    expect(config.threadsVersion).toBe(API_VERSIONS.threads.version);
    expect(config.linkedinVersion).toBe(API_VERSIONS.linkedin.version);
  });

  it('give the sunsets the stand-ins enforce, and the stand-ins take them today', () => {
    const graph = GRAPH_VERSIONS[API_VERSIONS.graph.version];
    expect(graph).toMatchObject({ released: API_VERSIONS.graph.released, expires: API_VERSIONS.graph.sunset });
    expect(new Date(linkedinSunset(API_VERSIONS.linkedin.version)).toISOString().slice(0, 10)).toBe(
      API_VERSIONS.linkedin.sunset,
    );
    expect(linkedinVersionRefusal(API_VERSIONS.linkedin.version)).toBeUndefined();
    expect(linkedinVersionRefusal('202411')).toMatchObject({ status: 426, code: 'NONEXISTENT_VERSION' });
  });
});
