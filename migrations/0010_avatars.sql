-- A customer's avatar: the R2 key of the current image (worker/media/avatars.ts). Every upload gets a new key, so its
-- address can be cached for a year; the old object is deleted once the new one is in place.
ALTER TABLE customers ADD COLUMN avatar_key TEXT;
