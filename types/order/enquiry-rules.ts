/**
 * Rules of requests and enquiries shared by the app and the server (pure data: no schema library,
 * so the app and its tests load it).
 */

/** At most this many customer comments on one request (spec §8 "Interaction: limit reached"). */
export const ENQUIRY_COMMENT_LIMIT = 20
export const ENQUIRY_COMMENT_MAX_LENGTH = 1000

/** A staff reply (issue 24): plain text up to this many characters (the table allows 2000). */
export const ENQUIRY_REPLY_MAX_LENGTH = 2000
/** A staff decision's note, added to the history with the new status. */
export const ENQUIRY_NOTE_MAX_LENGTH = 1000
