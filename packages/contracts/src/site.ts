import { z } from 'zod';

/**
 * SPEC §1: a variant of the site for government customers, chosen by the host name, with its
 * own home page and title. The server decides (it knows GOVERNMENT_HOSTS); the front end asks.
 */
const SITE_KINDS = ['standard', 'government'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/**
 * The home page title of each variant, before the brand suffix every page title carries
 * (`… | Atelier`). The standard one is the shell's default home title.
 */
export const SITE_TITLES: Readonly<Record<SiteKind, string>> = {
  standard: 'Fine Art & Photography Prints',
  government: 'Art for Government Spaces',
};

/** `GET /api/site/`: which variant the request's host serves. */
export const siteInfo = z.object({
  kind: z.enum(SITE_KINDS),
  title: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfo>;
