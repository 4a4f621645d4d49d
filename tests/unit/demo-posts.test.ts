import { describe, expect, it } from 'vitest';
import { checkPost } from '@shared/platform-rules';
import { demoPostPlan, PUBLISHED_WEEKS, SCHEDULED_WEEKS } from '../../functions/core/demo/demo-posts';
import { DEMO_PHOTOS, demoPhotoSvg } from '../../functions/core/demo/demo-photos';

const PHOTOS = [101, 102, 103, 104, 105, 106];

describe('the demo calendar', () => {
  it('places published posts before now and scheduled ones after it, on the posting days only', () => {
    for (const now of [
      '2026-11-26T04:30:00Z',
      '2024-02-29T23:59:00Z',
      '2026-03-29T09:30:00Z',
      '2026-12-31T09:29:59Z',
    ]) {
      const plan = demoPostPlan(new Date(now), PHOTOS);
      for (const group of plan) {
        if (group.status === 'published')
          expect(group.at < new Date(now).toISOString(), `${now} ${group.at}`).toBe(true);
        else expect(group.at > new Date(now).toISOString(), `${now} ${group.at}`).toBe(true);
        const weekday = new Date(group.at).getUTCDay();
        expect(group.platforms[0] === 'wordpress' ? [3] : [2, 4, 6]).toContain(weekday);
      }
      const first = Date.parse(plan[0]?.at ?? '');
      const last = Date.parse(plan.at(-1)?.at ?? '');
      expect(first).toBeGreaterThanOrEqual(Date.parse(now) - (PUBLISHED_WEEKS * 7 + 1) * 86_400_000);
      expect(last).toBeLessThanOrEqual(Date.parse(now) + (SCHEDULED_WEEKS * 7 + 1) * 86_400_000);
      expect(plan.filter((g) => g.status === 'scheduled').length).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps every platform rule, so the demo shows no red dot: Instagram always has a photo, blogs a long title', () => {
    const plan = demoPostPlan(new Date('2026-11-26T12:00:00Z'), PHOTOS);
    const platforms = new Set(plan.flatMap((g) => g.platforms));
    expect([...platforms].sort()).toEqual(['facebook', 'instagram', 'linkedin', 'threads', 'wordpress']);
    for (const group of plan)
      for (const platform of group.platforms) {
        const check = checkPost({ platform, content: group.content, files: group.files, subject: group.subject });
        expect(check.message, `${platform}: ${group.content.slice(0, 40)}`).toBe('');
        for (const id of group.files) expect(PHOTOS).toContain(id);
      }
  });

  it('is the same plan for the same day: a retry writes what the first run would have', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(demoPostPlan(now, PHOTOS)).toEqual(demoPostPlan(new Date(now), PHOTOS));
  });

  it('without photos (none could be drawn) it leaves Instagram out rather than break its rule', () => {
    const plan = demoPostPlan(new Date('2026-11-26T12:00:00Z'), []);
    for (const group of plan) expect(group.platforms).not.toContain('instagram');
  });
});

describe('the demo photos', () => {
  it('are well-formed SVG documents with distinct names', () => {
    expect(new Set(DEMO_PHOTOS.map((p) => p.filename)).size).toBe(DEMO_PHOTOS.length);
    for (const photo of DEMO_PHOTOS) {
      const svg = demoPhotoSvg(photo, 256);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });
});
