// The icon every page names (and browsers ask for at /favicon.ico): a 16x16 PNG in an ICO
// container, podium steps on blue. Served from memory, cached for a day.
export const FAVICON_PATH = '/favicon.ico';
export const FAVICON = Buffer.from(
  'AAABAAEAEBAAAAEAIABnAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAQAAAAEAgGAAAAH/P/YQAAAC5JREFUeNpjYKAWUE1+/Z8UTJFmDEOGqQHoYOANwGYgdQ0gFQw3A0CAVAOolosBfJ5W57amlUkAAAAASUVORK5CYII=',
  'base64',
);
