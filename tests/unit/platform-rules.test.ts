import { describe, expect, it } from 'vitest';
import {
  dayRange,
  dayStart,
  isCalendarDay,
  isTimeZone,
  isWallTime,
  localParts,
  nextDay,
  zonedInstant,
} from '../../shared/calendar-time';
import { checkPost, PLATFORMS, POST_MAX_LENGTH, type Platform } from '../../shared/platform-rules';

const text = (n: number) => 'a'.repeat(n);
const files = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
const title = (n: number) => 't'.repeat(n);
const post = (platform: Platform, over: Partial<Parameters<typeof checkPost>[0]> = {}) =>
  checkPost({
    platform,
    content: text(100),
    files: platform === 'instagram' ? files(1) : [],
    subject: title(100),
    ...over,
  });

describe('post copy length (spec 01 §5)', () => {
  it.each(PLATFORMS)('%s: 79 characters is too short, 80 is enough', (platform) => {
    expect(post(platform, { content: text(79) }).message).toBe(
      'Post copy content must be at least 80 characters long.',
    );
    expect(post(platform, { content: text(80) }).valid).toBe(true);
  });

  it.each(PLATFORMS)('%s: the maximum fits, one more does not', (platform) => {
    const max = POST_MAX_LENGTH[platform];
    expect(post(platform, { content: text(max) }).valid).toBe(true);
    expect(post(platform, { content: text(max + 1) }).message).toBe(
      `Post copy content must be no longer than ${max} characters.`,
    );
  });

  it('Instagram 2200 / 2201, Threads 500 / 501, LinkedIn 3000 / 3001, Facebook 63206 / 63207', () => {
    expect(post('instagram', { content: text(2200) }).valid).toBe(true);
    expect(post('instagram', { content: text(2201) }).valid).toBe(false);
    expect(post('threads', { content: text(501) }).valid).toBe(false);
    expect(post('linkedin', { content: text(3001) }).valid).toBe(false);
    expect(post('facebook', { content: text(63207) }).valid).toBe(false);
  });

  it('counts an emoji as one character, as a person would, except on Threads, which counts its UTF-8 bytes', () => {
    expect(post('facebook', { content: '🎉'.repeat(80) }).valid).toBe(true);
    expect(post('threads', { content: '🎉'.repeat(125) }).valid).toBe(true);
    expect(post('threads', { content: '🎉'.repeat(126) }).message).toBe(
      'Post copy content must be no longer than 500 characters. Threads counts each emoji as several characters.',
    );
  });
});

describe('media count', () => {
  it('Instagram needs 1 image or video: 0 is refused with the spec sentence, 1 passes', () => {
    expect(post('instagram', { files: [] }).problems).toEqual([
      {
        field: 'files',
        message: 'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
      },
    ]);
    expect(post('instagram', { files: files(1) }).valid).toBe(true);
    expect(post('instagram', { files: files(20) }).valid).toBe(true);
    expect(post('instagram', { files: files(21) }).message).toBe(
      'Exceeded maximum number of images/videos per post. Maximum is 20.',
    );
  });

  it('LinkedIn 9 passes, 10 is refused; Facebook 25 / 26; Threads 20 / 21; blogs 1 / 2', () => {
    expect(post('linkedin', { files: files(9) }).valid).toBe(true);
    expect(post('linkedin', { files: files(10) }).message).toBe(
      'Exceeded maximum number of images/videos per post. Maximum is 9.',
    );
    expect(post('facebook', { files: files(25) }).valid).toBe(true);
    expect(post('facebook', { files: files(26) }).valid).toBe(false);
    expect(post('threads', { files: files(20) }).valid).toBe(true);
    expect(post('threads', { files: files(21) }).valid).toBe(false);
    expect(post('wordpress', { files: files(1) }).valid).toBe(true);
    expect(post('custom-blog', { files: files(2) }).message).toBe(
      'Exceeded maximum number of images/videos per post. Maximum is 1.',
    );
    expect(post('facebook', { files: [] }).valid).toBe(true);
  });
});

describe('blog titles', () => {
  it('79 is too short, 80 and 300 fit, 301 is too long; social posts have no title rule', () => {
    expect(post('wordpress', { subject: title(79) }).message).toBe('Blog title must be at least 80 characters long.');
    expect(post('wordpress', { subject: title(80) }).valid).toBe(true);
    expect(post('wordpress', { subject: title(300) }).valid).toBe(true);
    expect(post('custom-blog', { subject: title(301) }).message).toBe(
      'Blog title must be no longer than 300 characters.',
    );
    expect(post('wordpress', { subject: null }).valid).toBe(false);
    expect(post('facebook', { subject: null }).valid).toBe(true);
  });
});

describe('the combined check', () => {
  it('answers validity and every problem in one message', () => {
    const check = post('instagram', { content: text(10), files: [] });
    expect(check.valid).toBe(false);
    expect(check.problems.map((p) => p.field)).toEqual(['content', 'files']);
    expect(check.message).toBe(
      'Post copy content must be at least 80 characters long. Minimum number of images/videos per post is 1. Please attach at least 1 image/video.',
    );
  });
});

describe('local days and times across DST (shared/calendar-time)', () => {
  const iso = (d: Date) => d.toISOString();

  it('a spring-forward day is 23 hours, an autumn one 25, in London and New York', () => {
    const spring = dayRange('2026-03-29', '2026-03-29', 'Europe/London');
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    const autumn = dayRange('2026-10-25', '2026-10-25', 'Europe/London');
    expect([iso(autumn.start), iso(autumn.end)]).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    const ny = dayRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(ny.end.getTime() - ny.start.getTime()).toBe(23 * 3600_000);
    const month = dayRange('2026-03-01', '2026-03-31', 'Europe/Lisbon');
    expect([iso(month.start), iso(month.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-31T23:00:00.000Z']);
  });

  it('9:00 stays 9:00 local on both sides of the change', () => {
    expect(iso(zonedInstant('2026-03-28', '09:00', 'Europe/London'))).toBe('2026-03-28T09:00:00.000Z');
    expect(iso(zonedInstant('2026-03-30', '09:00', 'Europe/London'))).toBe('2026-03-30T08:00:00.000Z');
    expect(localParts('2026-03-30T08:00:00.000Z', 'Europe/London')).toEqual({ day: '2026-03-30', time: '09:00' });
    expect(localParts('2026-03-28T09:00:00.000Z', 'Europe/London')).toEqual({ day: '2026-03-28', time: '09:00' });
  });

  it('a time in the gap moves forward by the gap; a time that happens twice is the first one', () => {
    // 01:30 on 29 March does not exist in London: it is 02:30 BST.
    expect(iso(zonedInstant('2026-03-29', '01:30', 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    expect(localParts(zonedInstant('2026-03-29', '01:30', 'Europe/London'), 'Europe/London').time).toBe('02:30');
    // 01:30 on 25 October happens at 00:30Z (BST) and again at 01:30Z (GMT): the first.
    expect(iso(zonedInstant('2026-10-25', '01:30', 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
    // Santiago skips midnight itself: the day starts at 01:00 local.
    expect(localParts(dayStart('2026-09-06', 'America/Santiago'), 'America/Santiago')).toEqual({
      day: '2026-09-06',
      time: '01:00',
    });
  });

  it('names real days, times and zones only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('24:00')).toBe(false);
    expect(isWallTime('9:00')).toBe(false);
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
