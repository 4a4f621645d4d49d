import { describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { outdatedBy } from '../../functions/core/audit/audit-outdated';
import { crawlSettings } from '../../functions/core/audit/crawl/crawl-policy';

const WEBSITE = 'https://shop.example/';
const defaults = auditSettingsSchema.parse({});
/** An audit as startAudit stores it: the settings held by the site's ownership. */
const auditWith = (settings = defaults, ownsSite = false) => ({
  website: WEBSITE,
  settings: crawlSettings(settings, ownsSite),
});
const now = (changes: Partial<typeof defaults> = {}, ownsSite = false) => ({
  website: WEBSITE,
  settings: auditSettingsSchema.parse({ ...defaults, ...changes }),
  ownsSite,
});

describe('an audit report is outdated (spec 02 §4, restart needed)', () => {
  it('is current while nothing that shapes the findings changed', () => {
    expect(outdatedBy(auditWith(), now())).toBeNull();
  });

  it('is not outdated by who is mailed, the competitors, or the pace the crawler keeps', () => {
    expect(
      outdatedBy(
        auditWith(),
        now({ notificationEmails: ['ops@shop.example'], competitors: ['https://rival.example/'], concurrency: 2 }),
      ),
    ).toBeNull();
    // An owner who proves the site later crawls faster: the same findings, not a new report.
    expect(outdatedBy(auditWith(), now({}, true))).toBeNull();
  });

  it('reads an empty list as no list (an audit stored before the field was saved has none)', () => {
    const { disabledChecks: _none, ...older } = defaults;
    expect(outdatedBy(auditWith(older as typeof defaults), now({ disabledChecks: [] }))).toBeNull();
  });

  it('is outdated by the website the company has now', () => {
    expect(outdatedBy(auditWith(), { ...now(), website: 'https://other.example/' })).toBe('website');
  });

  it('reads an address with and without its trailing slash as one site', () => {
    expect(outdatedBy({ ...auditWith(), website: 'https://shop.example' }, now())).toBeNull();
    expect(outdatedBy(auditWith(), { ...now(), website: 'https://shop.example' })).toBeNull();
    expect(
      outdatedBy({ ...auditWith(), website: 'https://shop.example' }, { ...now(), website: 'shop.example/' }),
    ).toBeNull();
    expect(outdatedBy({ ...auditWith(), website: 'https://shop.example/blog' }, now())).toBe('website');
  });

  it('is outdated by a setting that changes what is crawled or checked', () => {
    expect(outdatedBy(auditWith(), now({ maxDepth: 3 }))).toBe('settings');
    expect(outdatedBy(auditWith(), now({ disallowPrefixes: ['/blog/'] }))).toBe('settings');
    expect(outdatedBy(auditWith(), now({ disabledChecks: ['title-missing'] }))).toBe('settings');
    expect(outdatedBy(auditWith(), now({ titleMax: 70 }))).toBe('settings');
  });

  it('weighs robots.txt and the user agent as the crawl policy holds them', () => {
    // A stranger's crawl obeys robots.txt whatever the settings say: nothing changed for it.
    expect(outdatedBy(auditWith(), now({ followRobots: false }))).toBeNull();
    // The owner's next audit would ignore robots.txt: its findings can differ.
    expect(outdatedBy(auditWith(defaults, true), now({ followRobots: false }, true))).toBe('settings');
  });

  it('counts a new uploaded list only while the list is a source', () => {
    const urlList = { fileName: 'urls.txt', count: 3, uploadedAt: '2026-11-26T10:00:00.000Z' };
    expect(outdatedBy(auditWith(), now({ urlList }))).toBeNull();
    const listed = auditSettingsSchema.parse({ ...defaults, listSource: true, urlList });
    expect(outdatedBy(auditWith(listed), now({ listSource: true, urlList }))).toBeNull();
    expect(
      outdatedBy(
        auditWith(listed),
        now({ listSource: true, urlList: { ...urlList, uploadedAt: '2026-11-26T11:00:00.000Z' } }),
      ),
    ).toBe('settings');
  });
});
