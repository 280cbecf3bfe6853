import { api } from '@atelier/api-client';
import type { ContentEditRequest, ContentEditResponse } from '@atelier/contracts';

const contentEditPath = (imageId: number): string => `/content/edit/${imageId}/`;

/** SPEC §4: after an add the image is marked popular (`PATCH /content/edit/{id}/`). */
export const markPopular = (imageId: number) =>
  api.patch<ContentEditResponse>(contentEditPath(imageId), {
    popular: true,
  } satisfies ContentEditRequest);
