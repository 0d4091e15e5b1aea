/**
 * The only origins a page may frame: the embedded players the video block produces (the default
 * theme's video-source.ts turns YouTube links into youtube-nocookie embeds and Vimeo links into
 * player.vimeo.com ones). The site's CSP and the dashboard's (whose lesson player draws the same
 * blocks) both allow exactly these, so a lesson video plays wherever it is shown.
 */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
