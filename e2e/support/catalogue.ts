import { request } from '@playwright/test';
import { e2eEnv } from './env';

interface SampleImage {
  id: number;
  local_id: string;
  title: string;
  artist: string;
  thumb: string;
}

export interface SampleCatalogue {
  image: SampleImage;
  imageCount: number;
  artist: { id: number; name: string };
}

let cached: Promise<SampleCatalogue> | null = null;

/** Real ids from the seeded demo catalogue (the seed may change; the tests ask the API). */
export function sampleCatalogue(): Promise<SampleCatalogue> {
  cached ??= (async () => {
    const api = await request.newContext({ baseURL: e2eEnv('baseUrl') });
    try {
      const images = await api.get('/api/images/?limit=1');
      const artists = await api.get('/api/artist/?limit=1');
      if (!images.ok() || !artists.ok())
        throw new Error('the API did not answer the sample queries');
      const imagePage = (await images.json()) as { count: number; results: SampleImage[] };
      const artistPage = (await artists.json()) as { results: Array<{ id: number; name: string }> };
      const image = imagePage.results[0];
      const artist = artistPage.results[0];
      if (!image || !artist) throw new Error('the demo catalogue is empty');
      return { image, imageCount: imagePage.count, artist };
    } finally {
      await api.dispose();
    }
  })();
  return cached;
}
