import type { FastifyRequest } from 'fastify';
import { requireUser, type SignedInViewer } from '../../plugins/auth';
import { permissionDenied } from '../auth/service';
import type { UploadRepository } from './repository';

/**
 * Who may upload: staff, or a user whose artist profile staff approved. Anyone else signed
 * in gets 403, anonymous callers 401 (access level 'artist', plugins/access.ts).
 */
export async function requireUploader(
  request: FastifyRequest,
  uploads: UploadRepository,
): Promise<SignedInViewer> {
  const viewer = requireUser(request);
  if (viewer.isStaff) return viewer;
  const profile = await uploads.artistProfileOf(viewer.userId);
  if (!profile?.approved) throw permissionDenied();
  return viewer;
}
