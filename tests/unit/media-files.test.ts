import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { mediaTypeOf, uploadRefusal, uploadRequestSchema } from '@shared/schemas/media';
import { safeParse } from 'zod/v4/core';
import { contentMatchesExtension, detectFileType } from '../../functions/core/media/file-type';
import { generatedImageName, importedFileName } from '../../functions/core/media/media-names';
import { imageRenditions, UnreadableImageError } from '../../functions/core/media/renditions';

const image = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .toFormat(format)
    .toBuffer();

describe('the real type of a file, from its first bytes', () => {
  it('recognises the supported formats whatever their names say', async () => {
    expect(detectFileType(await image('jpeg'))).toBe('jpeg');
    expect(detectFileType(await image('png'))).toBe('png');
    expect(detectFileType(await image('webp'))).toBe('webp');
    const box = (type: string, brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(type + brand)]);
    expect(detectFileType(Buffer.concat([box('ftyp', 'isom'), Buffer.alloc(8)]))).toBe('isobmff');
    expect(detectFileType(Buffer.concat([box('ftyp', 'qt  '), Buffer.alloc(8)]))).toBe('isobmff');
    expect(detectFileType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST')]))).toBe('avi');
    const asf = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');
    expect(detectFileType(Buffer.concat([asf, Buffer.alloc(8)]))).toBe('asf');
    expect(detectFileType(Buffer.from('<!doctype html><html>'))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('matches each extension to its format only', async () => {
    const jpeg = await image('jpeg');
    expect(contentMatchesExtension(jpeg, 'jpg')).toBe(true);
    expect(contentMatchesExtension(jpeg, 'jpeg')).toBe(true);
    expect(contentMatchesExtension(jpeg, 'png')).toBe(false);
    expect(contentMatchesExtension(await image('png'), 'webp')).toBe(false);
    expect(contentMatchesExtension(Buffer.from('just text here, nothing else'), 'mp4')).toBe(false);
  });
});

describe('what the library accepts before any byte is sent', () => {
  it("types files by extension and refuses with the spec's sentences", () => {
    expect(mediaTypeOf('Photo.JPEG')).toBe('image');
    expect(mediaTypeOf('clip.wmv')).toBe('video');
    expect(mediaTypeOf('notes.txt')).toBe('unknown');
    expect(mediaTypeOf('archive.png.exe')).toBe('unknown');
    expect(uploadRefusal({ filename: 'a.jpg', size: 20 * 1024 * 1024 })).toBeUndefined();
    expect(uploadRefusal({ filename: 'a.jpg', size: 20 * 1024 * 1024 + 1 })).toBe(messages.fileTooLarge);
    expect(uploadRefusal({ filename: 'a.gif', size: 10 })).toBe(messages.unsupportedFileType);
    const parsed = safeParse(uploadRequestSchema, [{ filename: 'a.gif', size: 10 }]);
    expect(parsed.success).toBe(false);
  });
});

describe('file names', () => {
  it('names generated images after their prompt', () => {
    expect(generatedImageName('A Blue Harbour, at dawn!')).toBe('a-blue-harbour-at-dawn.png');
    expect(generatedImageName('   ')).toBe('generated-image.png');
    expect(generatedImageName('x'.repeat(200))).toHaveLength(64);
  });

  it('names imports from the path when its extension is supported, else from the type', () => {
    expect(importedFileName('https://example.com/img/Cafe%20front.JPG?w=2', 'image/jpeg')).toBe('Cafe front.JPG');
    expect(importedFileName('https://example.com/download?id=7', 'image/png')).toBe('download.png');
    expect(importedFileName('https://example.com/', 'image/webp')).toBe('imported.webp');
    expect(importedFileName('https://example.com/page.html', 'text/html')).toBeUndefined();
  });
});

describe('image renditions', () => {
  it('applies the EXIF orientation and strips metadata, and keeps clean uploads as they are', async () => {
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#a33' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const out = await imageRenditions(rotated, 'jpg');
    expect(out.full).toBeDefined();
    const full = await sharp(out.full!.body).metadata();
    expect([full.width, full.height, full.exif, full.orientation]).toEqual([200, 400, undefined, undefined]);
    const thumb = await sharp(out.thumb256.body).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([128, 256, 'jpeg']);

    const clean = await imageRenditions(await image('png'), 'png');
    expect(clean.full).toBeUndefined();
    await expect(imageRenditions(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]), 'jpg')).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });
});
