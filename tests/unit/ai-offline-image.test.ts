import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_STYLES } from '../../functions/core/ai/ai-port';
import { offlineAdapter as offline } from '../../functions/core/ai/offline/offline-adapter';
import { captionWords, offlineImageSvg } from '../../functions/core/ai/offline/offline-image';

/** Mean colour and spread of a PNG, from sharp's own decoder. */
async function look(png: Buffer) {
  const { channels } = await sharp(png).stats();
  return {
    mean: channels.slice(0, 3).map((c) => c.mean),
    spread: Math.max(...channels.slice(0, 3).map((c) => c.stdev)),
  };
}

describe('offline images', () => {
  it('renders a PNG of the stated size (1024×1024 by default) that is not a single colour', async () => {
    const image = await offline.image({
      prompt: 'Fresh sourdough loaves at a Bristol bakery at sunrise',
      style: 'AUTO',
    });
    expect(image).toMatchObject({ width: 1024, height: 1024 });
    const meta = await sharp(image.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect((await look(image.png)).spread).toBeGreaterThan(15);
    // Drawing and encoding a megapixel takes seconds of CPU on a busy 2-core machine.
  }, 30_000);

  it('honours another size', async () => {
    const image = await offline.image({ prompt: 'Team photo banner', style: 'DESIGN', width: 800, height: 418 });
    expect(await sharp(image.png).metadata()).toMatchObject({ width: 800, height: 418 });
  });

  it('two prompts give different images; colour words in the prompt set the palette', async () => {
    const sea = await offline.image({
      prompt: 'A calm blue sea at the coast',
      style: 'REALISTIC',
      width: 256,
      height: 256,
    });
    const forest = await offline.image({
      prompt: 'A green forest garden in spring',
      style: 'REALISTIC',
      width: 256,
      height: 256,
    });
    expect(sea.png.equals(forest.png)).toBe(false);
    const [seaLook, forestLook] = [await look(sea.png), await look(forest.png)];
    // Blue dominates the sea, green the forest.
    expect(seaLook.mean[2]).toBeGreaterThan(seaLook.mean[1]! - 5);
    expect(forestLook.mean[1]).toBeGreaterThan(forestLook.mean[2]!);
  });

  it('every style draws a different composition for the same prompt, each with variance', async () => {
    const prompt = 'Coffee and croissants on a cafe table';
    const svgs = IMAGE_STYLES.filter((s) => s !== 'AUTO').map((style) =>
      offlineImageSvg({ prompt, style, width: 256, height: 256 }),
    );
    expect(new Set(svgs).size).toBe(svgs.length);
    expect(svgs[4]).toMatch(/stroke="#1a1a2e"/); // ANIME: bold outlines
    expect(svgs[2]).toMatch(/COFFEE CROISSANTS CAFE/); // DESIGN: poster type
    expect(svgs[3]).toMatch(/radialGradient id="s\d"/); // RENDER_3D: shaded spheres
    for (const style of IMAGE_STYLES) {
      const image = await offline.image({ prompt, style, width: 256, height: 256 });
      expect((await look(image.png)).spread, style).toBeGreaterThan(15);
    }
  });

  it('the same prompt and style give the same image (stable previews)', async () => {
    const a = await offline.image({ prompt: 'Yoga class in the park', style: 'ANIME', width: 128, height: 128 });
    const b = await offline.image({ prompt: 'Yoga class in the park', style: 'ANIME', width: 128, height: 128 });
    expect(a.png.equals(b.png)).toBe(true);
  });

  it("captions with the prompt's key words, XML-escaped", () => {
    expect(captionWords('A photo of the <best> tacos & margaritas in Austin')).toEqual([
      'Best',
      'Tacos',
      'Margaritas',
      'Austin',
    ]);
    expect(offlineImageSvg({ prompt: 'Fish & chips', style: 'GENERAL' })).toContain('Fish Chips');
    expect(offlineImageSvg({ prompt: '<script>', style: 'GENERAL' })).not.toContain('<script>');
  });
});
