/**
 * An image id is a positive whole number. Anything else names no image: the page shows
 * '404 Not Found' without asking the server (which would answer a 400 for a malformed id).
 */
export const isImageId = (id: string): boolean => /^[1-9]\d{0,15}$/.test(id);
