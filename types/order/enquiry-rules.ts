/**
 * Rules of requests and enquiries shared by the app and the server (pure data: no schema library,
 * so the app and its tests load it).
 */

/** At most this many customer comments on one request (spec §8 "Interaction: limit reached"). */
export const ENQUIRY_COMMENT_LIMIT = 20
export const ENQUIRY_COMMENT_MAX_LENGTH = 1000
