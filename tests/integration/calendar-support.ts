import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from '../support/api-client';

/** Copy that meets every social platform's length rule (80 to 500 characters). */
export const COPY =
  'Spring menu launch: fresh asparagus, wild garlic and rhubarb tart, every evening from Friday. Book now!';

/** A real PNG through the media library's own upload: announce, PUT to the signed URL, complete. */
export async function uploadImage(client: TestClient, name = 'photo.png'): Promise<number> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const announced = await client.post('/api/media/upload', [{ filename: name, size: png.length }]);
  expect(announced.status, JSON.stringify(announced.body)).toBe(200);
  const [target] = announced.body as { mediaID: number; url: string; headers: Record<string, string> }[];
  if (!target) throw new Error('no upload target');
  const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: png });
  expect(put.status).toBeLessThan(300);
  const done = await client.post('/api/media/complete', { mediaID: target.mediaID });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return target.mediaID;
}
