import { message } from "./i18n/message";
/**
 * A store's own images (decision 042): product, category, banner and logo pictures its owner uploads through the
 * admin API, kept in R2 under a name made from their content and served from the store's host.
 */
export const STORE_IMAGE_KINDS = ["product", "category", "banner", "logo"] as const;
export type StoreImageKind = (typeof STORE_IMAGE_KINDS)[number];

/** Where the store's images are served: `/media/images/<sha-256 of the bytes>.<png|jpg|webp>`. */
export const STORE_IMAGE_PATH = "/media/images/";

/** A banner photo of a few megapixels fits; larger is a camera original that should be exported smaller first. */
export const STORE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Twice the largest image, as for avatars (commerce/uploads.ts): a little too large gets its own message. */
export const STORE_IMAGE_BODY_LIMIT_BYTES = 2 * STORE_IMAGE_MAX_BYTES;

export const STORE_IMAGE_TOO_LARGE = message("errors.store_image_too_large", { mb: STORE_IMAGE_MAX_BYTES / 1024 / 1024 });
export const STORE_IMAGE_NOT_AN_IMAGE = message("errors.store_image_not_an_image");
export const STORE_IMAGE_MISSING = message("errors.store_image_missing");
