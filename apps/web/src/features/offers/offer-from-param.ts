/**
 * The query parameter of /make-offer naming the operation an offer starts from ("Make an Offer" on
 * its page). A module of its own: the operation page links with it without loading the wizard's code.
 */
export const OFFER_FROM_PARAM = 'from';
