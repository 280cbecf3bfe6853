import {
  designStudioRequest,
  designStudioResponse,
  detailError,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/auth';
import type { DesignStudioService } from './service';

export const designStudioRoutes: FastifyPluginAsyncZod<{
  designStudio: DesignStudioService;
}> = async (app, { designStudio }) => {
  app.post(
    '/api/v2/designstudio/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Add an image to a static set (staff)',
        description:
          'action add-static adds the image (imagedata: its id, or an object with its id) ' +
          'to the government or commercial set. Add only: an image already in the set ' +
          'stays as it is. External images too. Answers the image id and its sets.',
        tags: ['catalogue'],
        body: designStudioRequest,
        response: {
          200: designStudioResponse,
          400: validationError,
          401: detailError,
          403: detailError,
        },
      },
      // 401/403 before the body is looked at, as DRF checks permissions first.
      preValidation: async (request) => {
        requireStaff(request);
      },
    },
    async (request) => designStudio.run(request.body),
  );
};
