import sharp from 'sharp';
import { expect } from 'vitest';
import { linkIn, PASSWORD, TestClient, uniqueEmail, waitForMail } from '../support/api-client';

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

/** A second member of the owner's company, signed in through the mailed invite. */
export async function secondMember(owner: { client: TestClient; companyId: number }): Promise<TestClient> {
  const email = uniqueEmail('calendar-member');
  expect((await owner.client.post(`/api/company/${owner.companyId}/invite`, { email })).status).toBe(201);
  const token = linkIn(await waitForMail(email, /invited/))
    .pathname.split('/')
    .pop();
  const member = new TestClient();
  const registered = await member.post('/api/auth/register', {
    firstName: 'Second',
    lastName: 'Member',
    email,
    password: PASSWORD,
    subscribed: false,
    accept_terms: true,
    inviteToken: token,
  });
  expect(registered.status).toBe(201);
  const login = await member.post('/api/auth/login', { email, password: PASSWORD, inviteToken: token });
  expect(login.body.companyId).toBe(owner.companyId);
  return member;
}
