import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { register, signIn, withJwt } from '../auth/testing';

export type Headers = Record<string, string>;

/** A small real picture as base64, of the given format. */
export async function pictureBase64(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  size = { width: 64, height: 48 },
): Promise<string> {
  const image = sharp({
    create: { ...size, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (await image.toFormat(format).toBuffer()).toString('base64');
}

/** Registers and signs in a user; answers the JWT headers. */
export async function newUser(app: FastifyInstance, email: string): Promise<Headers> {
  await register(app, email);
  return withJwt((await signIn(app, email)).access);
}

export const APPLICATION_INFO = {
  full_name: 'Noor Painter',
  email: 'noor@example.com',
  practice: 'Oil on linen',
  bio: 'Large quiet landscapes.',
  location: 'Porto, Portugal',
  links: ['https://noor.example/portfolio'],
};

/** An applicant who has sent an application with `samples` pictures. */
export async function applyWithSamples(
  app: FastifyInstance,
  headers: Headers,
  samples = 3,
): Promise<void> {
  const info = await app.inject({
    method: 'PUT',
    url: '/api/artist-application/',
    headers,
    payload: APPLICATION_INFO,
  });
  if (info.statusCode !== 200) throw new Error(info.body);
  const data = await pictureBase64();
  for (let i = 0; i < samples; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/artist-application/samples/',
      headers,
      payload: { name: `sample-${i}.jpg`, data },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  const sent = await app.inject({
    method: 'POST',
    url: '/api/artist-application/submit/',
    headers,
  });
  if (sent.statusCode !== 200) throw new Error(sent.body);
}

/** Staff headers: a new user made staff. */
export async function newStaff(app: FastifyInstance, email: string): Promise<Headers> {
  const headers = await newUser(app, email);
  await app.database.db
    .updateTable('users')
    .set({ is_staff: true })
    .where('email', '=', email)
    .execute();
  return headers;
}
