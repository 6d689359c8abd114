import { message } from "./i18n/message";
/** What a shopper may upload: an avatar is a PNG, JPEG or WebP of at most 2 MB (checked by content). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_NOT_AN_IMAGE = message("errors.avatar_not_an_image");
export const AVATAR_TOO_LARGE = message("errors.avatar_too_large");

/**
 * An upload's body limit is twice the largest file taken, so a photo a little too large gets its own message, while a
 * body far past it is cut off (413) before it is read.
 */
export const UPLOAD_LIMIT_BYTES = 2 * AVATAR_MAX_BYTES;
