import {
  artistArtPage,
  artistArtworkDetail,
  artistOwnProfile,
  artistProfileEditBody,
  artistPublicPage,
  authError,
  detailError,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { booleanFilter, idParams, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireUser } from '../../plugins/auth';
import { PICTURE_BODY_LIMIT } from '../artist-applications';
import type { ArtistArtService } from './service';

const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };
const TAGS = ['artist portal'];

export const artistArtRoutes: FastifyPluginAsyncZod<{ art: ArtistArtService }> = async (
  app,
  { art },
) => {
  app.get(
    '/api/artist-portal/art/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The artist's pictures with publish state, orders, prints sold and royalties",
        tags: TAGS,
        querystring: limitOffset(50, 1000).extend({ sold: booleanFilter() }),
        response: { 200: artistArtPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, sold } = request.query;
      const page = await art.list(requireUser(request).userId, {
        sold: sold ?? false,
        limit,
        offset,
      });
      return { ...page, ...pageLinks(request, { count: page.count, limit, offset }) };
    },
  );

  app.get(
    '/api/artist-portal/art/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: "One of the artist's pictures with its sales",
        tags: TAGS,
        params: idParams,
        response: { 200: artistArtworkDetail, ...errors },
      },
    },
    async (request) => art.detail(requireUser(request).userId, request.params.id),
  );

  app.get(
    '/api/artist/:id/page/',
    {
      config: { access: 'public' },
      schema: {
        summary: "A catalogue artist's public page: name, photo, bio, location (approved only)",
        tags: TAGS,
        params: idParams,
        response: { 200: artistPublicPage, 400: validationError, 404: detailError },
      },
    },
    async (request) => art.publicPage(request.params.id),
  );

  app.get(
    '/api/artist-portal/profile/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The artist's own profile: photo, bio, location (the public artist page)",
        tags: TAGS,
        response: { 200: artistOwnProfile, ...errors },
      },
    },
    async (request) => art.profile(requireUser(request).userId),
  );

  app.put(
    '/api/artist-portal/profile/',
    {
      config: { access: 'user' },
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        summary: "Changes the artist's profile; a photo is base64, checked by content",
        tags: TAGS,
        body: artistProfileEditBody,
        response: { 200: artistOwnProfile, ...errors },
      },
    },
    async (request) => art.saveProfile(requireUser(request).userId, request.body),
  );
};
