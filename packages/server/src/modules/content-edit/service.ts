import {
  CONTENT_EDIT_ACTIONS,
  CONTENT_EDIT_ONE_ACTION,
  EXTERNAL_PUBLISH_MESSAGE,
  POPULAR_TRUE_ONLY,
  isExternalSource,
  type ContentEditAction,
  type ContentEditRequest,
  type ContentEditResponse,
} from '@atelier/contracts';
import { fieldError, notFound } from '../../lib/errors';
import type { Viewer } from '../../plugins/viewer';
import type { PopularityRecorder } from '../popularity';
import type { ContentEditRepository } from './repository';

/** PostgreSQL integer ids: anything outside cannot exist. */
const MAX_ID = 2_147_483_647;

/** Bumps of days before yesterday are deleted at most this often (per process). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What {"popular": true} needs besides the viewer: who counts, and where bumps go. */
interface PopularBump {
  /** 'u:<users.id>' or 's:<sessions.id>'; null: nobody to count it for (counts nothing). */
  viewerKey: string | null;
  popularity: PopularityRecorder;
}
export interface ContentEditService {
  /** The one action of a body, or 400 (none, several, or popular: false). */
  actionOf(body: ContentEditRequest | undefined): ContentEditAction;
  /**
   * Applies the action for a viewer the route has already checked (favorite: signed in;
   * publish: staff). An unpublished image is 404 for a viewer who is not staff, as it is in
   * search; external images cannot be published or unpublished. popular counts once a day
   * per viewer key and image, through the recorder (written within its batch interval, so
   * the popularity answered is the stored one).
   */
  edit(
    imageId: number,
    action: ContentEditAction,
    body: ContentEditRequest,
    viewer: Viewer,
    bump?: PopularBump,
  ): Promise<ContentEditResponse>;
}

export function createContentEditService(repository: ContentEditRepository): ContentEditService {
  let prunedAt = 0;
  const prune = () => {
    const now = Date.now();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    // Not awaited: nothing depends on it, and a failure is retried an hour later.
    repository.pruneBumps().catch(() => undefined);
  };
  return {
    actionOf(body) {
      const present = CONTENT_EDIT_ACTIONS.filter((action) => body?.[action] !== undefined);
      const action = present[0];
      if (present.length !== 1 || action === undefined) {
        throw fieldError('non_field_errors', CONTENT_EDIT_ONE_ACTION);
      }
      if (action === 'popular' && body?.popular !== true) {
        throw fieldError('popular', POPULAR_TRUE_ONLY);
      }
      return action;
    },

    async edit(imageId, action, body, viewer, bump) {
      const state =
        imageId >= 1 && imageId <= MAX_ID
          ? await repository.find(imageId, viewer.userId)
          : undefined;
      if (!state || (!state.published && !viewer.isStaff)) throw notFound();

      switch (action) {
        case 'favorite': {
          const favourite = body.favorite === true;
          if (viewer.userId === null) throw new Error('favorite needs a signed-in viewer');
          if (favourite !== state.user_favorite) {
            await repository.setFavourite(viewer.userId, imageId, favourite);
          }
          return { ...pick(state), user_favorite: favourite };
        }
        case 'publish': {
          if (isExternalSource(state.source)) throw fieldError('publish', EXTERNAL_PUBLISH_MESSAGE);
          const published = body.publish === true;
          if (published === state.published) return pick(state);
          const now = await repository.setPublished(imageId, published);
          if (now === undefined) throw notFound();
          return { ...pick(state), published: now };
        }
        case 'popular': {
          if (bump?.viewerKey && (await repository.noteBump(bump.viewerKey, imageId))) {
            bump.popularity.record(imageId, 1);
            prune();
          }
          return pick(state);
        }
      }
    },
  };
}

const pick = ({ id, user_favorite, published, popularity }: ContentEditResponse) => ({
  id,
  user_favorite,
  published,
  popularity,
});
