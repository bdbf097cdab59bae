// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';

// More media of a property (issue 38 point 13): floor plans as their own kind of photo, one video
// (YouTube or Vimeo, kept as provider and id) and one energy performance certificate (a PDF).

/** What a property photo shows: a photo, or a floor plan (its own group, never the main photo). */
export const PROPERTY_MEDIA_KINDS = ['photo', 'floor_plan'] as const;
export type PropertyMediaKind = (typeof PROPERTY_MEDIA_KINDS)[number];

export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

/** Longest video link accepted (a watch URL with tracking parameters fits easily). */
export const VIDEO_URL_MAX_LENGTH = 500;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
// Exact host names only: `youtube.com.evil.com` or `evil-youtube.com` are other sites.
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

/** Whether a video id is one the provider issues (the database checks the same patterns). */
export function isVideoId(provider: VideoProvider, id: string): boolean {
  return provider === 'youtube' ? YOUTUBE_ID.test(id) : VIMEO_ID.test(id);
}

/**
 * The video a link points at, or null for anything that is not a plain https (or http) link to
 * one YouTube or Vimeo video: youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID (also
 * /embed/ and /live/), vimeo.com/ID and player.vimeo.com/video/ID. Only the provider and the id
 * are kept, so nothing else of the link (scheme, host, parameters) ever reaches a page.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const text = input.trim();
  if (text.length === 0 || text.length > VIDEO_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname;
  const segments = url.pathname.split('/').filter(Boolean);
  const youtube = (id: string | null | undefined): VideoRef | null =>
    id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  if (host === 'youtu.be') return segments.length === 1 ? youtube(segments[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (segments.length === 2 && ['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) {
      return youtube(segments[1]);
    }
    return null;
  }
  const vimeo = (id: string | undefined): VideoRef | null =>
    id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  if (VIMEO_HOSTS.has(host)) return segments.length === 1 ? vimeo(segments[0]) : null;
  if (host === 'player.vimeo.com') {
    return segments.length === 2 && segments[0] === 'video' ? vimeo(segments[1]) : null;
  }
  return null;
}

/** The privacy-enhanced player: youtube-nocookie.com, or Vimeo's player with Do Not Track. */
export function videoEmbedUrl(video: VideoRef, options: { autoplay?: boolean } = {}): string {
  const autoplay = options.autoplay ? '&autoplay=1' : '';
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}?rel=0${autoplay}`
    : `https://player.vimeo.com/video/${video.id}?dnt=1${autoplay}`;
}

/** The video on the provider's own site (the link a visitor without scripts follows). */
export function videoWatchUrl(video: VideoRef): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}`;
}

/** Frame origins the web's Content-Security-Policy allows: exactly the two players. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export const PropertyVideoSchema = z.object({
  provider: z.enum(VIDEO_PROVIDERS),
  id: z.string(),
  /** The privacy-enhanced player to embed. */
  embed_url: z.string(),
  /** The video on the provider's site. */
  watch_url: z.string(),
});
export type PropertyVideo = z.infer<typeof PropertyVideoSchema>;

export function propertyVideoOf(provider: string | null, id: string | null): PropertyVideo | null {
  if ((provider !== 'youtube' && provider !== 'vimeo') || !id) return null;
  const video = { provider, id } as const;
  return { provider, id, embed_url: videoEmbedUrl(video), watch_url: videoWatchUrl(video) };
}

/** PUT /properties/{id}/video: a YouTube or Vimeo link, or null to remove the video. */
export const SetPropertyVideoBodySchema = z
  .object({
    url: z
      .string('validation.invalid_video_url')
      .max(VIDEO_URL_MAX_LENGTH, 'validation.invalid_video_url')
      .nullable()
      .describe(
        'youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID, vimeo.com/ID or player.vimeo.com/video/ID; null removes the video',
      ),
  })
  .strict();

export const PropertyVideoResponseSchema = z.object({ video: PropertyVideoSchema.nullable() });

/** PATCH /properties/{id}/property_medias/{mediaId} with `kind` only (the floor plan switch). */
export const PropertyMediaKindSchema = z.enum(PROPERTY_MEDIA_KINDS, 'validation.invalid_value');

/** Largest energy certificate accepted: 10 MiB. */
export const ENERGY_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** A PDF begins with `%PDF-` (ISO 32000 7.5.2); the content decides, not the name or declared type. */
export function isPdf(data: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return data.length > magic.length && magic.every((byte, index) => data[index] === byte);
}

/**
 * The download's file name: the uploaded name's letters, digits, dots, dashes and underscores
 * (accents dropped, anything else a dash), at most 80 characters, always ending in `.pdf`, so it
 * can go into Content-Disposition as it is.
 */
export function safePdfFileName(name: string | null | undefined): string {
  const base = (name ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 80)
    .replace(/[.-]+$/g, '');
  return `${base || 'energy-certificate'}.pdf`;
}

export const EnergyCertificateSchema = z.object({
  /** Where anyone who may see the offer downloads the PDF (the API's public route). */
  url: z.string(),
  file_name: z.string(),
  bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type EnergyCertificate = z.infer<typeof EnergyCertificateSchema>;

/** Multipart fields of PUT /properties/{id}/energy_certificate (documents the form for OpenAPI). */
export const EnergyCertificateUploadBodySchema = z.object({
  file: z.unknown().describe('The certificate as a PDF (judged by content), at most 10 MiB'),
});

export const EnergyCertificateResponseSchema = z.object({
  energy_certificate: EnergyCertificateSchema.nullable(),
});
